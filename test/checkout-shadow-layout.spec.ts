/**
 * The merchant's own layout built of components with shadow roots (a Lit or Stencil shop, a design
 * system's form step): `<paylit-checkout><pay-step></pay-step></paylit-checkout>`, the card fields
 * inside `pay-step`'s shadow root, with or without the design system's own `<form>` around them.
 * They are the checkout's card fields (it draws none of its own): Pay seals the card they hold, and
 * Enter in the last one pays, as it does in the checkout's own layout; it does not submit the
 * step's form, which would leave the payment unmade.
 */
import {
  expect,
  inMode,
  isolations,
  ledger,
  log,
  payButton,
  settled,
  test,
} from './support/demo.js';

for (const isolation of isolations)
  for (const [form, key] of [
    [false, 'Enter'],
    [true, 'Enter'],
    [false, 'Pay'],
  ] as const)
    test(`${isolation} isolation: card fields in a component's shadow root inside the checkout${form ? ', in its own form' : ''}: ${key === 'Enter' ? 'Enter in the last field' : 'Pay'} pays once${form ? ', the form not submitted' : ''}`, async ({
      page,
      demo,
    }) => {
      await page.goto(`${demo.url}/plain.html?scenario=pay${inMode(isolation)}`);
      const order = await page.evaluate(
        ([form, isolation]) => {
          const submits: string[] = [];
          (window as unknown as { stepSubmits: string[] }).stepSubmits = submits;
          customElements.define(
            'pay-step',
            class extends HTMLElement {
              constructor() {
                super();
                const root = this.attachShadow({ mode: 'open' });
                const fields = document.createElement('paylit-card-fields');
                fields.setAttribute('isolation', isolation);
                const step = form ? document.createElement('form') : root;
                step.addEventListener('submit', (event) => {
                  event.preventDefault();
                  submits.push('submitted');
                });
                step.append(fields);
                if (form) root.append(step);
              }
            },
          );
          const checkout = document.querySelector('paylit-checkout')!;
          checkout.append(document.createElement('pay-step'));
          return checkout.getAttribute('order')!;
        },
        [form, isolation] as const,
      );
      await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
      await settled(page);
      const host = page.locator('pay-step paylit-card-fields');
      const fields =
        isolation === 'frame'
          ? host.locator('iframe').contentFrame().locator('paylit-card-fields')
          : host;
      await fields.locator('#number').pressSequentially('4111111111111111');
      await fields.locator('#expiry').pressSequentially('1230');
      await fields.locator('#cvv').fill('123');
      await fields.locator('#holder').fill('Ana Lima');
      await expect(host).toHaveJSProperty('complete', true);
      // The checkout's card fields are these: it drew none of its own.
      await expect(page.locator('paylit-checkout >> css=paylit-card-fields')).toHaveCount(1);
      await settled(page);
      if (key === 'Enter') await fields.locator('#holder').press('Enter');
      else await payButton(page).click();
      const stepSubmits = () =>
        page.evaluate(() => (window as unknown as { stepSubmits: string[] }).stepSubmits);
      // Whichever comes first: the step's form submitted, or the payment's outcome.
      await expect
        .poll(async () => (await stepSubmits()).length + (await log(page).count()))
        .toBeGreaterThan(0);
      expect(await stepSubmits()).toEqual([]);
      await expect(log(page).first()).toContainText('PAID');
      expect((await ledger(demo, order)).filter((e) => e.money_moved)).toHaveLength(1);
    });
