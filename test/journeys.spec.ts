/**
 * What a shopper's browser downloads of paylit to get somewhere, held to a budget per journey.
 * A small shop (the sandbox over HTTP, the companion server, and the built script-tag bundle
 * served from a static origin, one `<script>` tag), driven in Chromium as a shopper drives it;
 * every JavaScript and CSS file the page and its frames load until the journey's end, its body
 * gzipped at level 9, summed (test/support/journeys.mjs: how, and where each journey ends).
 * The bench (`npm run bench`) prints the same journeys, measured by the same code, beside Adyen
 * Card's first part.
 *
 * The budgets: the figures measured after the elements' code-split build plus about 5 %, the
 * issue's targets beside them. Raising one needs a reason written in the same commit.
 */
import type { Browser } from '@playwright/test';
import { test as base, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  bundleDir,
  CARD_NUMBER,
  COMPACT_JWE,
  journeys,
  measure,
  startShop,
  table,
} from './support/journeys.mjs';

/**
 * Bytes, gzip level 9, JS and CSS: each budget is the figure measured after the elements'
 * code-split build (issue 36) plus about 5 %; `target` is the issue's, not met yet (the closing
 * note of issue 36 says where the bytes go).
 */
const BUDGETS: Record<string, { budget?: number; target?: number }> = {
  // 54 157 B before the one build; 44 944 B after it; 41 318 B once the wallet picker, the
  // installments and the wallets' marks became chunks a card-only order never loads and the
  // module took in what it shares with its chunks (7 files before the first render, not 12),
  // and the outcome's look came with what reads the answer (one chunk, not two):
  // the checkout and the card fields 14.8 KB, the encryption 8.2 KB (jose's compact encrypt,
  // already tree-shaken to what CompactEncrypt reaches), Lit 5.8 KB, English 3.2 KB, the card
  // brands' marks 2.3 KB, @lit/context and the language plumbing 2.2 KB, core's card rules
  // 3.3 KB, the answer's reading and look 1.3 KB. 42 474 B now (the budget keeps 2 % above it).
  // The issue's target is 40 KB, not met: jose's CompactEncrypt is 8.2 KB of it, and Chromium's
  // coverage finds about two thirds of that code never run (other algorithms' paths and checks).
  // Raised by 2.5 KB for issue 41 (every file pinned): about 42 860 B before, 45 309 B after.
  // paylit.js carries the SHA-384 of each of the 33 files it can load (2.2 KB gzip: a hash is
  // 48 random bytes, which no compression shrinks), so that a page pinning paylit.js pins them
  // all; the refused-chunk message (every catalog) and its handling are the other 0.3 KB.
  // Lowered once the hashes left paylit.js for paylit.pins.json, which only a page that pins
  // paylit.js fetches (build/integrity.ts): 46 588 B before (main had grown by 1.3 KB since,
  // past the 45 900 B budget: paylit.checkout-payment.js, 1 251 B, joined the journey), 43 882 B
  // after (paylit.js 4 105 B → 1 399 B). The budget keeps 2 % above it, as before the pins.
  // 44 060 B before, 43 408 B after what the first load shares with the lazy chunks became one
  // chunk, paylit.shared.js, not six (vite.config.ts, `firstLoadShared`); the budget stays, 3 %
  // above it. The target is missed by 3.4 KB; jose's CompactEncrypt, bundled alone, is 7.0 KB.
  // 43 975 B before, 42 946 B after frame isolation's element and stand-in became a chunk that
  // only that mode loads (paylit.frame-box.js); the budget stays, 4.3 % above it. The target is
  // missed by 3.0 KB: jose's CompactEncrypt 8.1 KB, the checkout and card fields 16.6 KB, Lit
  // and core's card rules 9.7 KB, English 3.4 KB, the brands' marks 2.3 KB.
  // 43 725 B before, 43 188 B after the payer's details' words left the catalogs for word chunks
  // of their own (i18n/payer/, English's too), which only the payer's fields load; the Pix
  // countdown's arrival time (31 B) is in it. The budget stays, 3.7 % above it.
  // 43 679 B before, 43 238 B after the script-tag build stopped writing the bundler's
  // `/* @__PURE__ */` annotations into its files (-175 B) and the installments' words left the
  // catalogs for word chunks of their own (i18n/installments/, -266 B), which only an order with
  // installments loads. The budget stays, 3.6 % above it. The target is missed by 3.2 KB: the
  // module 17.4 KB (the checkout 4.9 KB, the card fields 5.0 KB, core's expiry, money and caret
  // rules 1.5 KB, @lit/context 1.2 KB), the encryption 8.1 KB (jose's CompactEncrypt 7.0 KB),
  // Lit 5.9 KB, core's brands, numbers and errors 2.6 KB, English 2.6 KB (a waiting payment's
  // words 0.6 KB and the API's errors and declines 0.7 KB of it), the brands' marks 2.3 KB.
  'card-sealed': { budget: 44_800, target: 40_000 },
  // 64 976 B before; 44 940 B after (the words of 12 languages the shopper does not read gone,
  // English too; the pending view 7.3 KB with Lit shared); 44 279 B with the wallet picker and
  // the wallets' marks as chunks of their own; 45 316 B with the early card frame in paylit.js
  // (665 B); 44 191 B once the 3-D Secure dialog became a chunk of its own (the pending view
  // 6.2 KB, not 7.3). The issue's target, 45 KB, is met; the budget keeps about 5 % above it.
  // Raised by 2.5 KB for issue 41, the pins in paylit.js (card-sealed says why): about
  // 45 300 B before, 47 772 B after; the issue's 45 KB target is no longer met, by those pins.
  // Lowered once the pins left paylit.js (card-sealed says how): 48 372 B before, 45 666 B
  // after; the issue's 45 KB target is missed by 666 B. The budget keeps about 5 % above it.
  // Lowered once a voucher's and a transfer's views left the pending view's chunk for one of
  // their own (paylit.voucher-transfer.js), which a Pix never loads: 45 537 B before, 44 985 B
  // after (the pending view 5 020 B → 4 472 B); the issue's 45 KB target is met again. The
  // budget keeps 5 % above it.
  // Lowered once the first load's shared chunks became one (card-sealed says how): 45 380 B
  // before, 44 717 B after; the budget keeps 5 % above it.
  // Lowered once frame isolation's drawing left the module (card-sealed says how): 45 284 B
  // before, 44 260 B after; the budget keeps 5 % above it.
  // 45 086 B before, 44 455 B after: the countdown on the server's time left (+61 B), the
  // payer's words out of the catalog (card-sealed says how; -605 B), a voucher's and a
  // transfer's look in their own chunk (-87 B). The target is met, by 545 B; the budget stays,
  // 4.5 % above it.
  // 44 997 B before, 44 576 B after (card-sealed says how): the target is met by 424 B; the
  // budget stays, 4.2 % above it.
  'pix-shown': { budget: 46_450, target: 45_000 },
  // 82 909 B before (32 014 B of it the frame's own script); 71 256 B after (the frame's first
  // script 22.8 KB, its encryption 8.3 KB and marks 4.2 KB after it; the page's marks no longer
  // loaded in frame mode); 67 729 B once the frame's marks script lost the methods' table;
  // 60 307 B once the frame drew its fields in plain DOM, without Lit (its first script 23.0 KB →
  // 14.4 KB).
  // Raised by 2.5 KB for issue 41, the pins in paylit.js (card-sealed says why): about
  // 60 970 B before, 63 496 B after. Lowered once the pins left paylit.js (card-sealed says
  // how): 64 938 B before, 62 232 B after; the budget keeps about 5 % above it.
  // Lowered once the first load's shared chunks became one (card-sealed says how): 59 852 B
  // before, 59 183 B after; the budget keeps 5 % above it.
  // 59 776 B before, 60 561 B after frame isolation's element and stand-in left the module for
  // a chunk of their own (paylit.frame-box.js, 1 814 B: compressed alone, what cost about
  // 1 020 B inside the module), which page isolation no longer downloads; the budget stays,
  // 2.6 % above it.
  // 61 527 B before, 60 990 B after the payer's words left the catalogs (card-sealed says how);
  // the budget stays, 1.9 % above it.
  // 61 638 B before, 61 232 B after (card-sealed says how); the budget stays, 1.5 % above it.
  'card-sealed-frame': { budget: 62_150 },
  // 44 790 B before; 42 785 B after (the payer's fields a Lit element, Lit shared); 39 300 B
  // without the wallet picker, the installments and the wallets' marks. 41 484 B with the
  // checkout's hooks for a subscription's sign-up (about 240 B: loading its chunk, asking its
  // consent and its sign-up on Pay, its parts); the sign-up itself, its words and its live
  // connection are a chunk a one-time order never loads.
  // Raised by 2.5 KB for issue 41, the pins in paylit.js (card-sealed says why): about
  // 41 484 B before, 43 950 B after. Once the pins left paylit.js (card-sealed says how):
  // 45 013 B before (past its budget, as main had grown), 42 307 B after; the budget stays,
  // 4.7 % above it.
  // Lowered once the first load's shared chunks became one (card-sealed says how): 42 545 B
  // before, 41 902 B after; the budget keeps 5 % above it.
  // Lowered once frame isolation's drawing left the module (card-sealed says how): 42 469 B
  // before, 41 440 B after; the budget keeps 5 % above it.
  // 42 338 B before, 43 047 B after the payer's words left the catalogs for word chunks
  // (card-sealed says how): this journey now loads them as a file of their own (800 B, pt-BR),
  // its loader (190 B) and WordChunks (294 B), where the catalog held them for every journey
  // (601 B of pt-BR's). The budget stays, 1 % above it.
  // Raised to keep about 5 % above it (43 500 B, 1 % of room, to 45 200 B): the move that took
  // 605 B from the Pix journey and 537 B from each card journey put 709 B on this one, the one
  // journey that shows the payer's fields: a structural fix, paid where the words are used.
  // 43 687 B before, 43 239 B after (card-sealed says how); the budget stays, 4.5 % above it.
  'payer-step': { budget: 45_200 },
  // 37 044 B before; 43 632 B after; 40 082 B then; 45 337 B with the pins in paylit.js and
  // 42 631 B without them; 42 160 B with the first load's shared chunks as one: printed only.
  'card-sealed-keyed': {},
};

type Shop = Awaited<ReturnType<typeof startShop>>;
const test = base.extend<object, { shop: Shop }>({
  shop: [
    async ({}, use) => {
      const shop = await startShop();
      await use(shop);
      await shop.close();
    },
    { scope: 'worker' },
  ],
});

// In order, in one worker (one shop), so that the table at the end holds them all.
test.describe.configure({ mode: 'default' });

const measured: Awaited<ReturnType<typeof measure>>[] = [];

test.afterAll(() => {
  if (measured.length) console.log(`\n${table(measured, BUDGETS)}\n`);
});

for (const journey of journeys) {
  const { budget, target } = BUDGETS[journey.id] ?? {};
  test(`${journey.name}: ${budget ? `at most ${budget} B of JS and CSS, gzip` : 'measured and printed'}`, async ({
    browser,
    shop,
  }: {
    browser: Browser;
    shop: Shop;
  }) => {
    const result = await measure(browser, shop, journey);
    measured.push(result);
    test.info().annotations.push({
      type: 'bytes',
      description: `${result.files.map((f) => `${f.name} ${f.gzip} B`).join(', ')}: ${result.total} B gzip${budget ? ` (budget ${budget} B${target ? `, target ${target} B` : ''})` : ''}`,
    });
    expect(result.files.map((f) => f.name)).toContain('paylit.js');
    expect(result.errors, 'console errors').toEqual([]);
    // What the browser reported is the record: outside frame isolation nothing comes only from
    // the static origin's log.
    if (journey.id !== 'card-sealed-frame')
      expect(result.files.filter((f) => f.from !== 'browser')).toEqual([]);
    if (journey.id.startsWith('card-sealed')) {
      // The card went sealed: a compact JWE, its header naming RSA-OAEP-256, and no card number.
      expect(result.jwe).toMatch(COMPACT_JWE);
      const header = JSON.parse(Buffer.from(result.jwe!.split('.')[0]!, 'base64url').toString());
      expect(header).toMatchObject({ alg: 'RSA-OAEP-256' });
      expect(result.jwe).not.toContain(CARD_NUMBER);
    }
    if (journey.id === 'pix-shown') {
      // A Pix never needs the bank's 3-D Secure dialog: no file it downloads defines it.
      const defines = (name: string) =>
        /customElements\.define\(\s*[`'"]paylit-challenge-dialog[`'"]/.test(
          readFileSync(bundleDir + name, 'utf8'),
        );
      expect(result.files.map((f) => f.name).filter(defines)).toEqual([]);
    }
    if (journey.id !== 'card-sealed-frame') {
      // Page isolation downloads nothing of frame isolation's drawing but the early start inside
      // paylit.js: no other file holds the card frame's element (which moves the early frame in
      // with `moveBefore`) or its stand-in (the `.stand-in` of its styles).
      const framing = (name: string) =>
        name !== 'paylit.js' &&
        /moveBefore|\.stand-in\b/.test(readFileSync(bundleDir + name, 'utf8'));
      expect(result.files.map((f) => f.name).filter(framing)).toEqual([]);
    }
    if (budget) expect(result.total).toBeLessThanOrEqual(budget);
  });
}
