/**
 * A hostile script on the merchant's page against the card fields (the issue "Both isolation
 * modes"): it listens on window and document in the capture phase, watches every mutation and
 * walks every open shadow root (test/fixtures/hostile-page.js). In page mode it reaches the
 * number and the code: this spec records that, as the known limit. In frame mode
 * (`isolation="frame"`) it must reach not one digit of either, while the payment completes and
 * the events arrive (test/frame-platform.spec.ts holds the platform it stands on).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  expect,
  kinds,
  ledger,
  log,
  openCheckout,
  payButton,
  test,
  typeCard,
} from './support/demo.js';

const hostile = readFileSync(
  fileURLToPath(new URL('./fixtures/hostile-page.js', import.meta.url)),
  'utf8',
);

test('page mode: what a hostile page script reaches of the card (the known limit), while the payment completes once', async ({
  page,
  demo,
}) => {
  const number = '5105105105105100';
  const cvv = '739';
  await page.addInitScript({ content: hostile });
  const order = await openCheckout(page, demo, 'plain', 'pay');
  await typeCard(page, { number, cvv });
  await payButton(page).click();
  await expect(log(page).first()).toContainText('PAID');
  const seen = await page.evaluate(
    () => (window as unknown as { hostileSeen: string[] }).hostileSeen,
  );
  const reached = (secret: string) =>
    [
      ...new Set(
        seen
          .filter((s) => s.replace(/\D/g, '').includes(secret))
          .map((s) => s.slice(0, s.indexOf(':'))),
      ),
    ].sort();
  // Each keystroke, in the capture phase, before the fields can stop it; and the inputs' values, through the open shadow root.
  const numberReached = reached(number);
  const cvvReached = reached(cvv);
  console.log(
    `page mode, the known limit: the number reached by ${numberReached.join(', ')}; the code by ${cvvReached.join(', ')}`,
  );
  expect(numberReached).toEqual(expect.arrayContaining(['walk.value']));
  expect(cvvReached).toEqual(expect.arrayContaining(['walk.value']));
  expect(
    seen
      .filter((s) => s.startsWith('keydown.key'))
      .map((s) => s.slice(-1))
      .join(''),
  ).toContain(number.slice(0, 8));
  // What the page never shows it: the number or code in an attribute or a mutation of the DOM.
  expect(
    seen.filter(
      (s) =>
        /^(walk\.attribute|mutation\.)/.test(s) &&
        (s.replace(/\D/g, '').includes(number) || new RegExp(`\\b${cvv}\\b`).test(s)),
    ),
  ).toEqual([]);
  const moved = (await ledger(demo, order)).filter((e) => e.money_moved);
  expect(moved).toHaveLength(1);
});

for (const kind of kinds) {
  test(`frame mode, ${kind} page: the hostile page script reaches not one digit of the number or the code, and the payment completes once with its events`, async ({
    page,
    demo,
  }) => {
    const number = '5105105105105100';
    const cvv = '739';
    await page.addInitScript({ content: hostile });
    await page.addInitScript(() => {
      const events: string[] = [];
      (window as unknown as { paylitEvents: string[] }).paylitEvents = events;
      for (const type of ['input', 'change', 'paylit-submit', 'paylit-paid'])
        window.addEventListener(type, () => events.push(type), true);
    });
    const order = await openCheckout(page, demo, kind, 'pay', '&isolation=frame');
    await typeCard(page, { number, cvv });
    await payButton(page).click();
    await expect(log(page).first()).toContainText('PAID');
    const seen = await page.evaluate(
      () => (window as unknown as { hostileSeen: string[] }).hostileSeen,
    );
    // Not a keystroke, an input's data, a clipboard or a composition: the frame's events never reach the page.
    expect(
      seen.filter((s) =>
        /^(keydown|keypress|keyup|input|beforeinput|textInput|paste|copy|cut|composition\w+)\./.test(
          s,
        ),
      ),
    ).toEqual([]);
    // Not a value: no run of five digits or more from the number anywhere, spaced or not (the
    // outcome shows its last four, as it should), nor the code.
    const runs = (s: string) => s.replace(/(\d)[ -](?=\d)/g, '$1').match(/\d{5,}/g) ?? [];
    expect(
      seen.filter((s) =>
        runs(s).some((run) => number.includes(run.slice(0, 5)) || run.includes(number.slice(0, 5))),
      ),
    ).toEqual([]);
    expect(seen.filter((s) => new RegExp(`\\b${cvv}\\b`).test(s))).toEqual([]);
    // What the script did see: the page's own DOM (it was watching), and the last four in the outcome.
    expect(seen.some((s) => s.startsWith('mutation.'))).toBe(true);
    expect(seen.some((s) => s.includes('ending in 5100'))).toBe(true);
    // The host still told the page what it must know, and the payment is one.
    const events = await page.evaluate(
      () => (window as unknown as { paylitEvents: string[] }).paylitEvents,
    );
    expect(events).toEqual(
      expect.arrayContaining(['input', 'change', 'paylit-submit', 'paylit-paid']),
    );
    expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
  });
}
