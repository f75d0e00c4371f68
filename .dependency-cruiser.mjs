/**
 * `npm run check:circles`: no import circle among the modules of any package's sources or the
 * demo's (dependency-cruiser). Every kind of edge counts: a plain import, `import type`, an
 * `import()` in code, and `import('./x.js')` written as a type (`typeof import(…)`), as
 * TypeScript reads them before it erases the types (`tsPreCompilationDeps`). Nothing is excused:
 * no path is skipped and no edge is left out. test/circles.spec.ts runs the same command on
 * deliberate circles of each kind.
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules that import each other, by any chain of imports of any kind.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    // The other packages' modules are followed to their sources (their "source" export
    // condition, as tsconfig.json's customConditions), so that a circle across packages shows; what
    // the build wrote (a dist/ file the demo imports) is a leaf.
    doNotFollow: { path: ['node_modules/(?!@paylit/)', '(^|/)dist/'] },
    enhancedResolveOptions: {
      conditionNames: ['source', 'import', 'default'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
