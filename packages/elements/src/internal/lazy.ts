/**
 * The parts of the elements that are loaded when first needed, not with the first render:
 * the brand, wallet and bank marks. The ES modules keep this `import()` for the merchant's
 * bundler to split; the script-tag build replaces this file with lazy.chunks.ts
 * (packages/elements/vite.config.ts), which loads `paylit.marks.js` from beside `paylit.js`.
 */
export const importMarks = () => import('./marks.js');
