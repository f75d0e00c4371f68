/**
 * Adyen Card, the baseline the benches measure paylit's pages beside: its first part (core and
 * Card of @adyen/adyen-web, from adyen-card.js) built by Vite into one minified script and one
 * stylesheet, and the page that mounts it, as journeys.mjs and first-render.mjs serve them.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** Adyen Card's script (`/adyen.js`, global `benchAdyen`) and stylesheet (`/adyen.css`), built once. */
export async function buildAdyenCard() {
  const [out] = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      cssCodeSplit: false,
      lib: {
        entry: fileURLToPath(new URL('./adyen-card.js', import.meta.url)),
        name: 'benchAdyenCard',
        formats: ['iife'],
        fileName: () => 'adyen.js',
        cssFileName: 'adyen',
      },
    },
  });
  return {
    js: Buffer.from(out.output.find((o) => o.type === 'chunk').code),
    css: Buffer.from(out.output.find((o) => o.fileName.endsWith('.css'))?.source ?? ''),
  };
}

/** The page that mounts Adyen Card's number field in `#card`; `head`: what a bench adds first (its watch). */
export const adyenPage = (head = '') => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Adyen Card</title>${head}<link rel="stylesheet" href="/adyen.css"><script src="/adyen.js"></script></head>
<body><div id="card"></div>
<script>
benchAdyen
  .AdyenCheckout({
    clientKey: 'test_${'B'.repeat(32)}',
    environment: 'test',
    countryCode: 'BR',
    locale: 'en-US',
    amount: { value: 12000, currency: 'BRL' },
    paymentMethodsResponse: { paymentMethods: [{ type: 'scheme', name: 'Cards', brands: ['visa', 'mc', 'amex'] }] },
    analytics: { enabled: false },
  })
  .then((checkout) => new benchAdyen.Card(checkout).mount('#card'));
</script>
</body>
</html>`;
