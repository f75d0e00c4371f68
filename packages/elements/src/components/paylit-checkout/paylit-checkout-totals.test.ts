/**
 * What the shopper pays, on the pay button, in the outcome and in the events, with an
 * installment plan: the plan's total with interest, and each installment (core's
 * `planPayments`), against the real companion server and sandbox.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../../../../test/support/wait-until.js';
import { sendKeys } from '@web/test-runner-commands';
import type { PaylitCardFields } from '../paylit-card-fields/paylit-card-fields.js';
import type { PaylitInstallments } from '../paylit-installments/paylit-installments.js';
import type { PaylitPaymentEvent } from '../../events/payment-events.js';
import type { PaylitCheckout } from './paylit-checkout.js';
import '../../paylit-checkout.js';
import { scaled } from '../../../../../test/support/time.mjs';

const env = (await (await fetch('/__paylit/env.json')).json()) as { endpoint: string };

const payers = {
  BR: {
    name: 'Ana Lima',
    email: 'ana@example.com',
    document: '53033315550',
    phone: '+5511999999999',
  },
  MX: { name: 'Mariana Ruiz', email: 'mariana@example.com', document: 'RUMA900101MDFXXX06' },
};

async function order(
  country: keyof typeof payers,
  currency: string,
  amount: number,
  intent = 'capture',
) {
  const q = new URLSearchParams({
    country,
    currency,
    amount: String(amount),
    intent,
    payer: JSON.stringify(payers[country]),
  });
  return (await (await fetch(`/__paylit/order?${q}`)).json()).order as {
    id: string;
    amount: number;
    clientSecret: string;
  };
}

async function ledger(orderId: string) {
  const all = (await (await fetch('/__paylit/ledger?order_prefix=1')).json()) as {
    entries: { order_id: string; money_moved: boolean; amount: number; kind: string }[];
  };
  return all.entries.filter((e) => e.order_id?.startsWith(`${orderId}.`));
}

const button = (el: PaylitCheckout) =>
  el.shadowRoot!.querySelector('button[part=button]') as HTMLButtonElement;
const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** A checkout with the card typed and its plans shown; then the plan of `count` installments chosen as a shopper would. */
async function choosing(
  country: keyof typeof payers,
  currency: string,
  amount: number,
  count: number,
  intent = 'capture',
) {
  const o = await order(country, currency, amount, intent);
  const el = await fixture<PaylitCheckout>(
    html`<paylit-checkout endpoint=${env.endpoint} order=${o.clientSecret} lang="en"></paylit-checkout>`,
  );
  await waitUntil(
    () => button(el)?.getAttribute('aria-disabled') === 'false',
    'the checkout loads',
    { timeout: scaled(2_000) },
  );
  const fields = el.shadowRoot!.querySelector('paylit-card-fields') as PaylitCardFields;
  await fields.updateComplete;
  for (const [id, typed] of [
    ['number', '4111111111111111'],
    ['expiry', '1230'],
    ['cvv', '123'],
    ['holder', 'Ana Lima'],
  ] as const) {
    fields.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!.focus();
    await sendKeys({ type: typed });
  }
  const plans = el.shadowRoot!.querySelector('paylit-installments') as PaylitInstallments;
  await waitUntil(
    () => plans.options.length > 1 && plans.shadowRoot!.querySelector('fieldset, select'),
    'the plans show',
    { timeout: scaled(2_000) },
  );
  const select = plans.shadowRoot!.querySelector('select');
  if (select) {
    select.value = String(count);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  } else {
    plans.shadowRoot!.querySelector<HTMLInputElement>(`input[value="${count}"]`)!.click();
  }
  await el.updateComplete;
  return { el, order: o, plans };
}

describe('<paylit-checkout> totals with installments', () => {
  it("6 × with interest on R$1,200.00: the button, the outcome and paylit-paid say R$1,306.74 in 6 × R$217.79; the sandbox charges the order's R$1,200.00", async () => {
    const { el, order: o, plans } = await choosing('BR', 'BRL', 1200, 6);
    const six = plans.options.find((p) => p.installments === 6)!;
    // The sandbox's plan: 2.49 % a month from 4 installments, each rounded up to the cent.
    expect(six).to.include({ installment_amount: 217.79, total_amount: 1306.74 });
    await waitUntil(
      () => norm(button(el).textContent) === 'Pay R$1,306.74 (6 × R$217.79)',
      "the button says the plan's total",
    );

    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    button(el).click();
    const event = await paid;
    expect(event.payment.amount).to.equal(1200);
    expect(event.payment.card?.installments).to.equal('6');
    expect(event.total).to.equal(1306.74);
    expect(event.detail.total).to.equal(1306.74);
    expect(event.detail.plan).to.deep.equal({
      installments: 6,
      installment_amount: 217.79,
      last_amount: 217.79,
      total_amount: 1306.74,
      interest_free: false,
    });
    expect(event.plan).to.equal(event.detail.plan);

    await el.updateComplete;
    const outcome = el.shadowRoot!.querySelector('[part=outcome]')!;
    expect(norm(outcome.querySelector('h2')!.textContent)).to.equal('Paid R$1,306.74');
    expect([...outcome.querySelectorAll('p')].map((p) => norm(p.textContent))).to.deep.equal([
      '6 × R$217.79',
      'Visa ending in 1111',
    ]);
    await expect(el).to.be.accessible();

    // What the API charged: the order's amount; the interest is between the shopper and the card's issuer.
    const entries = (await ledger(o.id)).filter((e) => e.money_moved);
    expect(entries.map((e) => [e.kind, e.amount])).to.deep.equal([['payment', 1200]]);
  });

  it('9 interest-free on MX$6,000.00: the button and paylit-paid say MX$6,000.00, the last installment taking the rounding', async () => {
    const { el, plans } = await choosing('MX', 'MXN', 6000, 9);
    expect(plans.options.find((p) => p.installments === 9)).to.include({
      installment_amount: 666.67,
      total_amount: 6000.03,
    });
    await waitUntil(
      () =>
        norm(button(el).textContent) === 'Pay MX$6,000.00 (9 × MX$666.67, the last one MX$666.64)',
      "the button says the order's amount and the last installment",
    );
    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    button(el).click();
    const event = await paid;
    expect(event.total).to.equal(6000);
    expect(event.plan).to.deep.equal({
      installments: 9,
      installment_amount: 666.67,
      last_amount: 666.64,
      total_amount: 6000,
      interest_free: true,
    });
    await el.updateComplete;
    expect(norm(el.shadowRoot!.querySelector('[part=outcome] h2')!.textContent)).to.equal(
      'Paid MX$6,000.00',
    );
  });

  it("an authorization in 6 × carries the plan in paylit-authorized; paying in full, the button and the event say the order's amount and no plan", async () => {
    const { el } = await choosing('BR', 'BRL', 1200, 6, 'authorize');
    const authorized = oneEvent(el, 'paylit-authorized') as Promise<PaylitPaymentEvent>;
    button(el).click();
    const event = await authorized;
    expect(event.total).to.equal(1306.74);
    expect(event.plan).to.include({
      installments: 6,
      installment_amount: 217.79,
      total_amount: 1306.74,
    });
    await el.updateComplete;
    expect(norm(el.shadowRoot!.querySelector('[part=outcome] h2')!.textContent)).to.equal(
      'Payment authorized: R$1,306.74',
    );

    const { el: single } = await choosing('BR', 'BRL', 1200, 1);
    expect(norm(button(single).textContent)).to.equal('Pay R$1,200.00');
    const paid = oneEvent(single, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    button(single).click();
    const once = await paid;
    expect(once.total).to.equal(1200);
    expect(once.plan).to.equal(undefined);
    expect('plan' in once.detail).to.equal(false);
  });

  it('in pt-BR the button reads the plan in Brazilian words', async () => {
    const { el } = await choosing('BR', 'BRL', 1200, 6);
    el.lang = 'pt-BR';
    await waitUntil(
      () => norm(button(el).textContent).startsWith('Pagar'),
      'the Portuguese catalog loads',
      { timeout: scaled(2_000) },
    );
    expect(norm(button(el).textContent)).to.equal('Pagar R$ 1.306,74 (6x de R$ 217,79)');
  });
});
