/**
 * The ES modules' loaders (lazy.ts), handed in by their entries (`index.ts`, `paylit-*.ts`)
 * before the elements are defined: `import()`s (imports.ts), which the merchant's bundler splits
 * into chunks of its own, and the card frame's script as an asset beside the modules. The build
 * writes that script to `frame/` at the package's root and to `dist/frame/`, so that this one
 * path finds it from `src/internal/`, `dist/internal/` and `dist/development/internal/`.
 */
import { provideCatalogs } from '../i18n/index.js';
import { catalogs, chunks } from './imports.js';
import { provideLoaders } from './lazy.js';

provideLoaders({
  chunk: (name) => chunks[name](),
  frameScript: () => new URL('../../frame/paylit.frame.js', import.meta.url).href,
});
provideCatalogs((locale) => catalogs[locale]().then((module) => module.default));
