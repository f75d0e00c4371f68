/**
 * The script-tag file, `paylit.js`: what a merchant writes one `<script>` tag for. A classic
 * script (it imports and exports nothing, and declares nothing on the page: it runs from a plain
 * `<script src>`, `async` or `defer` too) that imports the script-tag build's module,
 * `paylit.module.js`, from beside its own URL; the module defines the four elements and brings
 * its chunks. Until then the elements on the page are undefined tags, which upgrade when it has
 * loaded (`customElements.whenDefined`).
 *
 * The page's `paylit` global is `{ ready }`, a promise of the module's values (its default
 * export, script-tag-api.ts), until the module has loaded, then those values with `ready`. A module that cannot be loaded (not served beside
 * this file, or from another origin without CORS) is said on the console, naming the fix.
 */
// Frame isolation's card frame, started before the module loads.
import './frame/frame-start.js';

type Paylit = typeof import('./script-tag-api.js');

((own: string, page: { paylit?: unknown }) => {
  const url = new URL('./paylit.module.js', own).href;
  const ready: Promise<Paylit> = import(/* @vite-ignore */ url).then(
    ({ default: api }: { default: Paylit }) => {
      page.paylit = Object.assign(Object.create(null), api, { ready });
      return api;
    },
    (error: unknown) => {
      // The one thing a page can get wrong here, said where its developer looks.
      console.error(
        `paylit: ${url} could not be loaded, so no paylit element is defined. Serve the whole dist/bundle/ folder beside paylit.js; from another origin, with Access-Control-Allow-Origin (a module script needs CORS).`,
      );
      throw error;
    },
  );
  page.paylit ??= { ready };
})(
  (document.currentScript as HTMLScriptElement | null)?.src || document.baseURI,
  globalThis as { paylit?: unknown },
);
