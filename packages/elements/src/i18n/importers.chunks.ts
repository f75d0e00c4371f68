/**
 * The script-tag build's importers: each catalog is `paylit.<locale>.js` beside `paylit.js`,
 * found from the script's own URL, so that the merchant writes one `<script>` tag and the
 * chunks come from wherever it came from (`script-src 'self'` holds; `import()` is not a
 * Trusted Types sink). A chunk's `default` is its messages as an array in English's key order
 * (catalog-array.ts, written by vite.config.ts `catalogArrays`), made an object again here.
 */
import type { Locale, Messages } from './index.js';
import { fromArray } from './catalog-array.js';
import { scriptBase } from '../internal/script-base.js';
import { locales } from './locales.js';

export const importers = Object.fromEntries(
  locales
    .filter((l) => l !== 'en')
    .map((l) => [
      l,
      () =>
        import(/* @vite-ignore */ new URL(`paylit.${l}.js`, scriptBase).href).then(
          (m: { default: (string | null)[] }) => ({ default: fromArray(m.default) }),
        ),
    ]),
) as Readonly<Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>>>;
