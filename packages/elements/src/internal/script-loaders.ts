/**
 * The script-tag file's loaders (lazy.ts), handed in by its module (`../script-tag-module.ts`):
 * the same `import()`s as the ES modules' (imports.ts), which our one build splits into chunks
 * beside `paylit.js` (`import()` is not a Trusted Types sink, and `script-src 'self'` holds),
 * and the card frame's script, `paylit.frame.js`, beside them too: every file of the script-tag
 * build sits in one folder, so a chunk's own URL finds it wherever the merchant serves them.
 */
import { provideCatalogs } from '../i18n/index.js';
import { catalogs, chunks } from './imports.js';
import { provideLoaders } from './lazy.js';

provideLoaders({
  chunk: (name) => chunks[name](),
  frameScript: () => new URL(/* @vite-ignore */ './paylit.frame.js', import.meta.url).href,
});
provideCatalogs((locale) => catalogs[locale]().then((module) => module.default));
