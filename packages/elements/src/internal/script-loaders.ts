/**
 * The script-tag file's loaders (lazy.ts), handed in by its module (`../script-tag-module.ts`):
 * the same `import()`s as the ES modules' (imports.ts), which our one build splits into chunks
 * beside `paylit.js` (`import()` is not a Trusted Types sink, and `script-src 'self'` holds),
 * and the card frame's script, `paylit.frame.js`, beside them too: every file of the script-tag
 * build sits in one folder, so a chunk's own URL finds it wherever the merchant serves them.
 */
import { provideCatalogs } from '../i18n/index.js';
import { catalogs, chunks } from './imports.js';
import { provideFramePins, type FramePinsHandoff } from './frame-config.js';
import { IntegrityError, provideLoaders } from './lazy.js';

/**
 * Whether `paylit.js` pinned the files it loads: it was itself loaded with `integrity`, and its
 * import map (the SHA-384 of each file, and `paylit:module`, the name it imports this module by)
 * is in force.
 */
const pinned = import.meta.resolve('paylit:module') !== 'paylit:module';

/**
 * A chunk that did not load: under the pins, a file the browser fetched but refused (its bytes
 * are not the ones published) is an `IntegrityError`; any other failure stays what it was (the
 * network: the chunk is asked for again next time). The browser says which URL it could not
 * load but not why: a plain fetch of that URL that succeeds tells the two apart.
 */
async function refused(error: unknown): Promise<never> {
  const url = pinned && error instanceof TypeError && /https?:\/\/\S+\.js/.exec(error.message)?.[0];
  if (
    url &&
    (await fetch(url, { cache: 'no-store' }).then(
      (r) => r.ok,
      () => false,
    ))
  )
    throw new IntegrityError(url);
  throw error;
}

const frameScript = () => new URL(/* @vite-ignore */ './paylit.frame.js', import.meta.url).href;

/**
 * The card frame's scripts' pins (frame-config.ts `FramePins`), which `paylit.js` read from its
 * pins before it imported this module: written into the frame's document (its `srcdoc`).
 */
const framePins = pinned
  ? (globalThis as { [key: symbol]: FramePinsHandoff | undefined })[Symbol.for('paylit.framePins')]
      ?.pins
  : undefined;
if (framePins) provideFramePins(framePins);

/**
 * Under the pins, the frame's page side (the `isolation` chunk) is loaded with the frame's first
 * script checked against its pin: the browser refuses a `paylit.frame.js` that does not match in
 * the frame, whose opaque origin tells the page nothing; this fetch tells it, so the card fields
 * say `integrity` (and seal nothing) rather than wait for a frame that never starts.
 */
const frameChecked = (pin: string) =>
  fetch(frameScript(), { integrity: pin }).then(
    () => undefined,
    (error: unknown) => refused(new TypeError(`${String(error)} ${frameScript()}`)),
  );

provideLoaders({
  chunk: (name) =>
    (name === 'isolation' && framePins
      ? Promise.all([chunks[name](), frameChecked(framePins.frame)]).then(([m]) => m)
      : chunks[name]()
    ).catch(refused) as never,
  frameScript,
});
provideCatalogs((locale) =>
  catalogs[locale]()
    .catch(refused)
    .then((module) => module.default),
);
