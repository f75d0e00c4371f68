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
 * this file, or from another origin without CORS) is said on the console, naming the fix. A
 * second copy of this file on the page (another path or version) loads nothing: the first runs.
 */
// Frame isolation's card frame, started before the module loads.
import './frame/frame-start.js';

type Paylit = typeof import('./script-tag-api.js');
type FramePins = import('./frame/frame-start.js').FramePins;
type FramePinsHandoff = import('./frame/frame-start.js').FramePinsHandoff;

/**
 * The SRI value (`sha384-…`) of `paylit.pins.json`, which holds the SHA-384 (base64) of each file
 * of the script-tag build this file can load, by its name between `paylit.` and `.js`: written in
 * by the build once those files are (build/integrity.ts), never by hand.
 */
declare const __PAYLIT_PINS__: string;

((tag: HTMLScriptElement | null, page: { paylit?: unknown }) => {
  // A second copy on the page (frame/frame-start.ts marked the first): its module would define
  // the elements again, which the browser refuses. It does nothing, and says so.
  const first = (page as { [key: symbol]: HTMLScriptElement | undefined })[
    Symbol.for('paylit.script')
  ];
  if (tag && first && first !== tag)
    return console.warn(
      `paylit: ${tag.src} does nothing: paylit.js already runs from ${first.src}`,
    );
  const own = tag?.src || document.baseURI;
  const at = (name: string) => new URL(`./paylit.${name}.js`, own).href;
  const url = new URL('./paylit.module.js', own).href;
  const load = (from: string): Promise<Paylit> => {
    // The module's one static import (the chunk vite.config.ts names `shared`), asked for beside
    // it rather than once it has come and been parsed: the same module, run once (pinned, it is
    // asked for once the map holds its hash). bundle.spec holds that it is the module's only one.
    import(/* @vite-ignore */ at('shared')).catch(() => undefined);
    return import(/* @vite-ignore */ from).then(({ default: api }: { default: Paylit }) => {
      page.paylit = Object.assign(Object.create(null), api, { ready });
      return api;
    });
  };
  // Pinned (`<script integrity>`): so is every file it loads. Their hashes come from
  // paylit.pins.json, fetched under the one hash this file carries (a page that does not pin
  // never fetches it); an import map holds each one's SHA-384 (the browser refuses a module that
  // does not match), with the page's nonce where it has one (the page's CSP must let this inline
  // map in: that nonce, or the hash the browser names when it refuses it; and fetch the pins:
  // `connect-src`); the module is imported by a name only that map gives, so that nothing loads
  // unchecked if it was refused. Unpinned, no map: nothing inline on the page.
  const pinned = tag?.integrity
    ? fetch(at('pins').replace(/js$/, 'json'), { integrity: __PAYLIT_PINS__ }).then(
        (response) => response.json() as Promise<Record<string, string>>,
      )
    : undefined;
  // The card frame's three scripts, pinned too: their values, for the frame's early start
  // (frame/frame-start.ts: `ready`) and the card fields' own frame (internal/frame-element.ts,
  // handed `pins` by internal/script-loaders.ts, which this file imports once they are here).
  const frame: FramePinsHandoff = {};
  const framePins = (pins: Record<string, string>): FramePins => ({
    frame: `sha384-${pins.frame}`,
    marks: `sha384-${pins['frame-marks']}`,
    crypto: `sha384-${pins['frame-crypto']}`,
  });
  if (pinned) {
    (frame.ready = pinned.then(framePins)).catch(() => undefined);
    Object.defineProperty(page, Symbol.for('paylit.framePins'), { value: frame });
  }
  const ready: Promise<Paylit> = (
    pinned
      ? pinned.then((pins) => {
          frame.pins = framePins(pins);
          const integrity: Record<string, string> = {};
          for (const [name, hash] of Object.entries(pins)) integrity[at(name)] = `sha384-${hash}`;
          const text = JSON.stringify({ imports: { 'paylit:module': url }, integrity });
          const map = document.createElement('script');
          map.type = 'importmap';
          map.nonce = tag?.nonce ?? '';
          const tt = (
            globalThis as {
              trustedTypes?: {
                createPolicy(
                  name: string,
                  rules: { createScript(s: string): string },
                ): { createScript(s: string): unknown };
              };
            }
          ).trustedTypes;
          try {
            // Under Trusted Types, through a policy `paylit` that writes this one text and no other.
            map.text = (
              tt ? tt.createPolicy('paylit', { createScript: () => text }).createScript('') : text
            ) as string;
            document.head.append(map);
          } catch {
            // No policy `paylit` may be made: the map is not written, and nothing loads (below).
          }
          return load('paylit:module');
        })
      : load(url)
  ).catch((error: unknown) => {
    // The one thing a page can get wrong here, said where its developer looks.
    console.error(
      `paylit: ${url} could not be loaded, so no paylit element is defined. Serve the whole dist/bundle/ folder beside paylit.js; from another origin, with Access-Control-Allow-Origin (a module script needs CORS).${tag?.integrity ? " paylit.js is pinned: the page's CSP must allow its import map (the nonce on paylit.js's tag, or the map's hash) and the fetch of paylit.pins.json (connect-src), which must be the one published with paylit.js." : ''}`,
    );
    throw error;
  });
  page.paylit ??= { ready };
  // The browser's number formatting made ready while the module downloads (its request is out),
  // when the page is idle: a page's first Intl.NumberFormat starts ICU, tens of milliseconds of
  // the main thread, which the checkout's first drawing (the order's currency checked, the amount
  // on the pay button) would otherwise spend once the module has come.
  globalThis.requestIdleCallback?.(() => new Intl.NumberFormat().format(0));
})(document.currentScript as HTMLScriptElement | null, globalThis as { paylit?: unknown });
