/**
 * The script-tag file's loaders (lazy.ts), handed in by its entry (`../script-tag.ts`): each
 * lazy part is `paylit.<name>.js` beside `paylit.js`, found from the script's own URL, so that
 * the merchant writes one `<script>` tag and the chunks come from wherever it came from
 * (`script-src 'self'` holds; `import()` is not a Trusted Types sink). A language's chunk is
 * its messages as an array in English's key order (catalog-array.ts), made an object again here.
 */
import { fromArray } from '../i18n/catalog-array.js';
import { provideLoaders } from './lazy.js';
import { scriptBase } from './script-base.js';

const beside = (name: string) => new URL(`paylit.${name}.js`, scriptBase).href;

provideLoaders({
  chunk: (name) => import(/* @vite-ignore */ beside(name)),
  frameScript: () => beside('frame'),
  catalog: (locale) =>
    import(/* @vite-ignore */ beside(locale)).then((module: { default: (string | null)[] }) =>
      fromArray(module.default),
    ),
});
