/**
 * A checkout in the page's own `<form>`, with the merchant's own layout inside it ("Your own
 * layout" in the README): many shops' templates wrap the whole page, or the checkout step with
 * a coupon or a note, in one `<form>`. Enter in the last card field pays, as it does in the
 * checkout's default layout and as Pay does; it does not submit the page's form, which would
 * leave the page (the card's brand and last four in the address) with nothing paid.
 */
import {
  cardInputs,
  expect,
  inMode,
  isolations,
  ledger,
  log,
  payButton,
  settled,
  test,
  typeCard,
} from './support/demo.js';

for (const isolation of isolations)
  test(`the merchant's own layout in the page's form: Enter in the last card field pays once, and the form is not submitted${isolation === 'frame' ? ', card fields in a frame' : ''}`, async ({
    page,
    demo,
  }) => {
    await page.goto(`${demo.url}/plain.html?scenario=pay${inMode(isolation)}`);
    // The merchant's template: the checkout inside the page's form, beside a coupon field, and
    // the card fields its own (their isolation the checkout's, as the merchant writes it).
    const order = await page.evaluate(() => {
      const checkout = document.querySelector('paylit-checkout')!;
      const form = document.createElement('form');
      const coupon = document.createElement('input');
      coupon.name = 'coupon';
      const label = document.createElement('label');
      label.append('Coupon ', coupon);
      form.append(label);
      const submits: string[] = [];
      (window as unknown as { formSubmits: string[] }).formSubmits = submits;
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        submits.push(new URLSearchParams(new FormData(form) as never).toString());
      });
      checkout.before(form);
      form.append(checkout);
      const fields = document.createElement('paylit-card-fields');
      fields.setAttribute('isolation', checkout.getAttribute('isolation')!);
      fields.setAttribute('name', 'card');
      checkout.append(fields);
      return checkout.getAttribute('order')!;
    });
    await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
    await settled(page);
    await typeCard(page);
    await (await cardInputs(page)).locator('#holder').press('Enter');
    const formSubmits = () =>
      page.evaluate(() => (window as unknown as { formSubmits: string[] }).formSubmits);
    // Whichever comes first: the page's form submitted, or the payment's outcome.
    await expect
      .poll(async () => (await formSubmits()).length + (await log(page).count()))
      .toBeGreaterThan(0);
    expect(await formSubmits()).toEqual([]);
    await expect(log(page).first()).toContainText('PAID');
    const moved = (await ledger(demo, order)).filter((e) => e.money_moved);
    expect(moved).toHaveLength(1);
  });
