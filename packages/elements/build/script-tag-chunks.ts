import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { build, type Plugin } from 'vite';
import base from '../../../vite.config.js';
import { later, planMessages } from '../src/i18n/later.js';
import { locales } from '../src/i18n/locales.js';
import { catalogArrays } from './catalog-arrays.js';
import { englishLater } from './english-later.js';
import { bundle, define, dist, frame, sizes, src } from './layout.js';
import { lightStyles } from './light-styles.js';
import { sizeReport } from './size-report.js';

/** How each script-tag file beside paylit.js is written: minified, for the browser as it is, its map for the size report alone. */
const besidePaylit = {
  sourcemap: 'hidden',
  outDir: bundle,
  emptyOutDir: false,
  target: 'es2022',
  minify: true,
} as const;

/**
 * The script-tag file's chunks, as ES modules beside `paylit.js`, which imports them from its
 * own URL when an element first needs them (src/internal/script-loaders.ts): each language but
 * English (`paylit.<locale>.js`), the marks, the encryption, the installments' rules, the
 * outcome's look, where a payment's answer takes the checkout, frame isolation's page side, the payer's
 * fields and a pending payment's view (`paylit.marks.js`, `.crypto`, `.installments`, `.outcome`,
 * `.payment`, `.isolation`, `.payer`, `.pending`);
 * and the card frame's script.
 */
export function scriptTagChunks(): Plugin {
  return {
    name: 'paylit-script-tag-chunks',
    apply: 'build',
    async closeBundle() {
      const entries: Record<string, string> = {};
      for (const locale of locales)
        if (locale !== 'en') entries[`paylit.${locale}`] = `${src}i18n/${locale}.ts`;
      entries['paylit.marks'] = `${src}internal/marks.ts`;
      entries['paylit.crypto'] = `${src}internal/encryption.ts`;
      // Built apart from the others, each with its own English (englishLater): sharing core's
      // errors with the encryption, or en.ts between them, would make a third chunk.
      const installments = { 'paylit.installments': `${src}internal/installment-plans.ts` };
      const outcome = {
        'paylit.outcome': `${src}components/paylit-checkout/paylit-checkout-outcome.styles.ts`,
      };
      // Where a payment's answer takes the checkout, loaded beside the first request that can answer one.
      const payment = { 'paylit.payment': `${src}components/paylit-checkout/checkout-payment.ts` };
      // The frame isolation's page side, alone: it shares core's card rules with nothing loaded beside it.
      const isolation = { 'paylit.isolation': `${src}internal/frame-host.ts` };
      // The payer's fields, with their words in every language, for an order that lacks some of the payer's details.
      const payer = {
        'paylit.payer': `${src}components/paylit-payer-fields/paylit-payer-fields.ts`,
      };
      // A payment that waits for the shopper: Pix, a voucher, a transfer, with their words in every language.
      const pending = { 'paylit.pending': `${src}components/paylit-checkout/pending-view.ts` };
      for (const [name, file] of Object.entries({
        ...entries,
        ...installments,
        ...outcome,
        ...payment,
        ...isolation,
        ...payer,
        ...pending,
      }))
        if (!existsSync(file))
          throw new Error(`the script-tag chunk ${name}.js has no source: ${file}`);
      for (const entry of [entries, installments, outcome, payment, isolation, payer, pending]) {
        await build({
          configFile: false,
          logLevel: 'warn',
          define,
          // Core from its sources, as in paylit.js.
          resolve: base.resolve,
          plugins: [
            catalogArrays(src),
            lightStyles(src),
            sizeReport(sizes, false),
            ...(entry === installments
              ? [englishLater(src, planMessages)]
              : entry === outcome
                ? [englishLater(src, later)]
                : []),
          ],
          build: {
            ...besidePaylit,
            lib: { entry, formats: ['es'], fileName: (_format, name) => `${name}.js` },
            // Whitespace too: Vite leaves it in a library's ES output, for the merchant's
            // minifier; these chunks go to the browser as they are.
            rolldownOptions: {
              output: { chunkFileNames: 'paylit.[name]-[hash].js', minify: true },
            },
          },
        });
      }
      // The card frame's script (src/frame/card-frame.ts): one classic script, as the frame's
      // opaque origin loads no ES module from a host that does not send CORS headers.
      await build({
        configFile: false,
        logLevel: 'warn',
        define,
        resolve: base.resolve,
        plugins: [lightStyles(src), sizeReport(sizes, false)],
        build: {
          ...besidePaylit,
          lib: {
            entry: `${src}frame/card-frame.ts`,
            name: 'paylitFrame',
            formats: ['iife'],
            fileName: () => 'paylit.frame.js',
          },
        },
      });
      // Where the ES modules' one path finds it (src/internal/module-loaders.ts): `frame/` at the
      // package's root from `src/` and `dist/`, `dist/frame/` from `dist/development/`.
      for (const dir of [frame, `${dist}frame/`]) {
        mkdirSync(dir, { recursive: true });
        copyFileSync(`${bundle}paylit.frame.js`, `${dir}paylit.frame.js`);
      }
    },
  };
}
