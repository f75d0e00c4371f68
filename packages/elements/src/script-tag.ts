/**
 * The script-tag file, `paylit.js`: what a merchant writes one `<script>` tag for. A classic
 * script (it imports and exports nothing, and declares nothing on the page: it runs from a plain
 * `<script src>`, `async` or `defer` too) that imports the script-tag build's module,
 * `paylit.module.js`, from beside its own URL; the module defines the four elements and brings
 * its chunks. Until then the elements on the page are undefined tags, which upgrade when it has
 * loaded (`customElements.whenDefined`).
 *
 * The page's `paylit` global is `{ ready }`, a promise of the module's values, until the module
 * has loaded, then those values with `ready`.
 */
type Paylit = typeof import('./script-tag-module.js');

((own: string, page: { paylit?: unknown }) => {
  const ready: Promise<Paylit> = import(
    /* @vite-ignore */ new URL('./paylit.module.js', own).href
  ).then((module: Paylit) => {
    page.paylit = Object.assign(Object.create(null), module, { ready });
    return module;
  });
  page.paylit ??= { ready };
})(
  (document.currentScript as HTMLScriptElement | null)?.src || document.baseURI,
  globalThis as { paylit?: unknown },
);
