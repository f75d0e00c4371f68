/**
 * The script-tag file's loaders (lazy.ts), handed in by its module (`../script-tag-module.ts`):
 * the same `import()`s as the ES modules' (imports.ts), which our one build splits into chunks
 * beside `paylit.js` (`import()` is not a Trusted Types sink, and `script-src 'self'` holds),
 * and the card frame's script, `paylit.frame.js`, beside them too: every file of the script-tag
 * build sits in one folder, so a chunk's own URL finds it wherever the merchant serves them.
 */
import { provideCatalogs } from '../i18n/index.js';
import { catalogs, chunks } from './imports.js';
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

provideLoaders({
  chunk: (name) => chunks[name]().catch(refused),
  frameScript: () => new URL(/* @vite-ignore */ './paylit.frame.js', import.meta.url).href,
});
provideCatalogs((locale) =>
  catalogs[locale]()
    .catch(refused)
    .then((module) => module.default),
);
