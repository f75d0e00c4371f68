import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../../../../test/support/wait-until.js';
import { emulateMedia, sendKeys, sendMouse } from '@web/test-runner-commands';
import { formatAmount } from '@paylit/core/money';
import { format, messagesFor } from '../../i18n/index.js';
import { decryptCard, generateCardKeyPair } from '@paylit/core/crypto';
import type { PaylitCardFields } from '../paylit-card-fields/paylit-card-fields.js';
import { PaylitCheckout } from '../../paylit-checkout.js';
import type {
  PaylitDeclinedEvent,
  PaylitErrorEvent,
  PaylitPaymentEvent,
  PaylitRedirectEvent,
  PaylitSubmitEvent,
} from '../../events/payment-events.js';
import { scaled } from '../../../../../test/support/time.mjs';

const env = (await (await fetch('/__paylit/env.json')).json()) as { endpoint: string };

async function order(params: Record<string, string | number> = {}) {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return (await (await fetch(`/__paylit/order?${q}`)).json()).order as {
    id: string;
    amount: number;
    clientSecret: string;
  };
}

async function ledger(orderId: string) {
  const all = (await (await fetch('/__paylit/ledger?order_prefix=1')).json()) as {
    entries: { order_id: string; money_moved: boolean }[];
  };
  return all.entries.filter((e) => e.order_id?.startsWith(`${orderId}.`));
}

/**
 * Counts the page's payment requests from now on (the element asks through the page's fetch):
 * `quiet()` waits until each one started has its answer, then puts fetch back.
 */
function paymentRequests() {
  const original = globalThis.fetch;
  let started = 0;
  let ended = 0;
  globalThis.fetch = (input, init) => {
    if (
      init?.method !== 'POST' ||
      !String(input instanceof Request ? input.url : input).endsWith('/payments')
    )
      return original(input, init);
    started++;
    return original(input, init).finally(() => ended++);
  };
  return {
    started: () => started,
    quiet: async () => {
      await waitUntil(() => ended === started, 'every payment request is answered');
      globalThis.fetch = original;
    },
  };
}

const fieldsOf = (el: PaylitCheckout) =>
  el.shadowRoot!.querySelector('paylit-card-fields') as PaylitCardFields;
const button = (el: PaylitCheckout) => el.shadowRoot?.querySelector('button') as HTMLButtonElement;

async function checkout(orderId: string, lang = 'en') {
  const el = await fixture<PaylitCheckout>(
    html`<paylit-checkout endpoint=${env.endpoint} order=${orderId} lang=${lang}></paylit-checkout>`,
  );
  await waitUntil(
    () => button(el)?.getAttribute('aria-disabled') === 'false',
    'the checkout loads',
    { timeout: scaled(2_000) },
  );
  return el;
}

async function typeCard(el: PaylitCheckout, number = '4111111111111111', cvv = '123') {
  const fields = fieldsOf(el);
  await fields.updateComplete;
  for (const [id, text] of [
    ['number', number],
    ['expiry', '1230'],
    ['cvv', cvv],
    ['holder', 'Ana Lima'],
  ] as const) {
    fields.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!.focus();
    await sendKeys({ type: text });
  }
}

/** The installment plans as the shopper reads them: a radio's label each, or, for many plans, the select's options. */
function planTexts(plans: Element): string[] {
  const root = plans.shadowRoot!;
  const select = root.querySelector('select');
  const items = select
    ? [...select.options]
    : [...root.querySelectorAll('label')].filter((l) => l.querySelector('input[type=radio]'));
  return items.map((item) => item.textContent!.replace(/\s+/g, ' ').trim());
}

/** Chooses the `index`th plan, as the shopper would: its radio, or its option in the select. */
function choosePlan(plans: Element, index: number): void {
  const root = plans.shadowRoot!;
  const select = root.querySelector('select');
  if (!select) return root.querySelectorAll<HTMLInputElement>('input[type=radio]')[index]!.click();
  select.selectedIndex = index;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('<paylit-checkout>', () => {
  it("loads the order and shows the amount in the page's language", async () => {
    const o = await order({ amount: 1234.5 });
    const el = await checkout(o.clientSecret, 'pt-BR');
    expect(button(el).textContent!.replace(/\s/g, ' ')).to.equal('Pagar R$ 1.234,50');
    await expect(el).to.be.accessible();
  });

  it('in a dark page its button keeps a readable contrast', async () => {
    const o = await order();
    const page = await fixture<HTMLDivElement>(
      html`<div style="color-scheme: dark; background: #0b1120; padding: 1rem"><paylit-checkout endpoint=${env.endpoint} order=${o.clientSecret} lang="en"></paylit-checkout></div>`,
    );
    const el = page.querySelector('paylit-checkout')!;
    await waitUntil(
      () => button(el)?.getAttribute('aria-disabled') === 'false',
      'the checkout loads',
      { timeout: scaled(2_000) },
    );
    expect(getComputedStyle(button(el)).color).to.equal('rgb(15, 23, 42)');
    await expect(page).to.be.accessible();
  });

  it('pays by card: paylit-paid with the record, never the card data', async () => {
    const o = await order();
    const el = await checkout(o.clientSecret);
    await typeCard(el);
    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    button(el).click();
    const event = await paid;
    expect(event.payment).to.include({ status: 'PAID', amount: 120, currency: 'BRL', order: o.id });
    expect(event.payment.card).to.include({ brand: 'VI', last4: '1111' });
    expect(JSON.stringify(event.detail)).not.to.contain('4111111111111111');
  });

  it("a merchant's fetch carries every request, with the headers it adds", async () => {
    const o = await order();
    const seen: string[] = [];
    const el = document.createElement('paylit-checkout') as PaylitCheckout;
    el.fetch = (input, init) => {
      const request = new Request(input, init);
      // The handler is on another origin here: a CORS-safelisted header needs no preflight.
      request.headers.set('Accept-Language', 'pt-BR');
      seen.push(
        `${request.method} ${new URL(request.url).pathname} ${request.headers.get('Accept-Language')}`,
      );
      return fetch(request);
    };
    el.endpoint = env.endpoint;
    el.order = o.clientSecret;
    el.lang = 'en';
    await fixture(html`<div>${el}</div>`);
    await waitUntil(
      () => button(el)?.getAttribute('aria-disabled') === 'false',
      'the checkout loads',
      { timeout: scaled(2_000) },
    );
    await typeCard(el);
    const paid = oneEvent(el, 'paylit-paid');
    button(el).click();
    await paid;
    const path = new URL(env.endpoint).pathname;
    // Whether the card's installment plans were asked for before the payment depends on timing (the lookup waits for typing to pause).
    expect(seen.filter((line) => !line.startsWith(`POST ${path}/installments `))).to.deep.equal([
      `GET ${path}/checkout pt-BR`,
      `POST ${path}/payments pt-BR`,
    ]);
    expect(seen.every((line) => line.endsWith(' pt-BR'))).to.equal(true);
  });

  it('a double click charges once', async () => {
    const o = await order();
    const el = await checkout(o.clientSecret);
    await typeCard(el);
    let paid = 0;
    el.addEventListener('paylit-paid', () => paid++);
    const requests = paymentRequests();
    button(el).click();
    button(el).click();
    await el.submit();
    await waitUntil(() => paid > 0);
    await requests.quiet();
    await el.updateComplete;
    expect([paid, requests.started()]).to.deep.equal([1, 1]);
    expect((await ledger(o.id)).filter((e) => e.money_moved)).to.have.length(1);
  });

  it('a decline: paylit-declined with the code and a translated message', async () => {
    const o = await order({ description: 'Order 302' });
    const el = await checkout(o.clientSecret, 'es-AR');
    await typeCard(el);
    const declined = oneEvent(el, 'paylit-declined') as Promise<PaylitDeclinedEvent>;
    button(el).click();
    const event = await declined;
    expect(event.code).to.equal('302');
    expect(event.message).to.equal('La tarjeta no tiene fondos suficientes.');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=message]')!.textContent).to.equal(
      'La tarjeta no tiene fondos suficientes.',
    );
  });

  it('an order locked after five declines: paylit-declined says so (code 305, no payment), and the form gives way so Pay is not offered again', async () => {
    const o = await order({ description: 'Order 302' });
    const el = await checkout(o.clientSecret, 'pt-BR');
    await typeCard(el);
    for (let i = 0; i < 5; i++) {
      const declined = oneEvent(el, 'paylit-declined') as Promise<PaylitDeclinedEvent>;
      button(el).click();
      expect((await declined).code).to.equal('302');
      await waitUntil(
        () => button(el)?.getAttribute('aria-disabled') === 'false',
        'the form is back',
      );
    }
    const locked = oneEvent(el, 'paylit-declined') as Promise<PaylitDeclinedEvent>;
    button(el).click();
    const event = await locked;
    const t = await messagesFor('pt-BR');
    expect([event.code, event.payment, event.message]).to.deep.equal([
      '305',
      undefined,
      t.orderLocked,
    ]);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=message]')!.textContent).to.equal(t.orderLocked);
    expect(el.shadowRoot!.querySelector('[part=button]')).to.equal(null);
    expect(el.shadowRoot!.querySelector('paylit-card-fields')).to.equal(null);
    // Asked to pay anyway (a merchant's own button): nothing is sent.
    await el.submit();
    expect(await ledger(o.id)).to.have.length(5);
    await expect(el).to.be.accessible();
  });

  it('the intent comes from the order: authorized, verified', async () => {
    const auth = await checkout((await order({ intent: 'authorize' })).clientSecret);
    await typeCard(auth);
    const authorized = oneEvent(auth, 'paylit-authorized') as Promise<PaylitPaymentEvent>;
    button(auth).click();
    expect((await authorized).payment.status).to.equal('AUTHORIZED');
    const verify = await checkout((await order({ intent: 'verify' })).clientSecret);
    expect(button(verify).textContent).to.equal('Verify card');
    await typeCard(verify);
    const verified = oneEvent(verify, 'paylit-verified') as Promise<PaylitPaymentEvent>;
    button(verify).click();
    expect((await verified).payment).to.include({ status: 'VERIFIED', amount: 0 });
  });

  it('3-D Secure: a cancelable paylit-redirect to the challenge', async () => {
    const payer = {
      name: 'Ana Lima',
      email: 'ana@example.com',
      document: '8001015009087',
      address: { state: 'WC', city: 'Cape Town', zip_code: '8001', street: 'Long St', number: '1' },
    };
    const o = await order({ country: 'ZA', currency: 'ZAR', payer: JSON.stringify(payer) });
    const el = await checkout(o.clientSecret);
    await typeCard(el);
    el.addEventListener('paylit-redirect', (e) => e.preventDefault());
    const redirect = oneEvent(el, 'paylit-redirect') as Promise<PaylitRedirectEvent>;
    button(el).click();
    const event = await redirect;
    expect(event.payment).to.include({ status: 'PENDING', status_code: '101' });
    expect(event.url).to.contain('/sandbox-pages/3ds/');
    expect(location.href).not.to.contain('sandbox-pages');
    // The shopper is told where the payment continues, and the message is announced.
    await el.updateComplete;
    const message = el.shadowRoot!.querySelector('[part=message]')!;
    expect([message.textContent!.trim(), message.getAttribute('role')]).to.deep.equal([
      "Continue on your bank's page to confirm the payment.",
      'status',
    ]);
  });

  it('paylit-submit carries the encrypted submission and, when cancelled, nothing is sent', async () => {
    const o = await order();
    const el = await checkout(o.clientSecret);
    await typeCard(el);
    el.addEventListener('paylit-submit', (e) => e.preventDefault());
    const submit = oneEvent(el, 'paylit-submit') as Promise<PaylitSubmitEvent>;
    const requests = paymentRequests();
    button(el).click();
    const { submission } = await submit;
    expect(submission).to.include({
      order: o.clientSecret,
      amount: 120,
      currency: 'BRL',
      country: 'BR',
    });
    expect(submission.method.type).to.equal('card');
    expect(JSON.stringify(submission)).not.to.contain('4111');
    // The element would post right after the event it dispatched came back not cancelled.
    await new Promise((r) => setTimeout(r, 0));
    await el.updateComplete;
    expect(requests.started()).to.equal(0);
    await requests.quiet();
    expect(await ledger(o.id)).to.deep.equal([]);
  });

  it('without an endpoint: the attributes, and the submission only in paylit-submit', async () => {
    const keys = await generateCardKeyPair();
    const el = await fixture<PaylitCheckout>(
      html`<paylit-checkout amount="49.9" currency="MXN" country="MX" public-key=${JSON.stringify(keys.publicJwk)} lang="es-MX"></paylit-checkout>`,
    );
    await waitUntil(() => button(el)?.getAttribute('aria-disabled') === 'false');
    expect(button(el).textContent!.replace(/\s/g, ' ')).to.equal('Pagar $49.90');
    await typeCard(el, '5555555555554444', '987');
    const submit = oneEvent(el, 'paylit-submit') as Promise<PaylitSubmitEvent>;
    button(el).click();
    const { submission } = await submit;
    expect(submission).to.include({ amount: 49.9, currency: 'MXN', country: 'MX' });
    const method = submission.method as { encryptedData: string };
    expect(await decryptCard(method.encryptedData, keys.privateJwk)).to.deep.equal({
      number: '5555555555554444',
      cvv: '987',
    });
  });

  it('installments: the plans for the typed BIN, and the choice in the submission', async () => {
    const o = await order({ amount: 1200 });
    const el = await checkout(o.clientSecret, 'pt-BR');
    await typeCard(el);
    const plans = el.shadowRoot!.querySelector('paylit-installments')!;
    await waitUntil(() => planTexts(plans).length === 12, 'the plans show', {
      timeout: scaled(2_000),
    });
    const labels = planTexts(plans);
    expect(labels[0]).to.contain('À vista');
    expect(labels[2]).to.contain('3x de R$ 400,00 · sem juros');
    expect(labels[5]).to.contain('com juros');
    await expect(plans).to.be.accessible();
    choosePlan(plans, 2);
    const submit = oneEvent(el, 'paylit-submit') as Promise<PaylitSubmitEvent>;
    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    button(el).click();
    const method = (await submit).submission.method as {
      installments?: string;
      installmentsId?: string;
    };
    expect(method.installments).to.equal('3');
    expect(method.installmentsId).to.match(/^INS\d+-3$/);
    expect((await paid).payment.card).to.include({ installments: '3' });
  });

  it('consumers connected before their provider is defined get its context', async () => {
    const o = await order({ amount: 1200 });
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><late-checkout endpoint=${env.endpoint} order=${o.clientSecret}><paylit-card-fields></paylit-card-fields><paylit-installments></paylit-installments></late-checkout></div>`,
    );
    customElements.define('late-checkout', class extends PaylitCheckout {});
    const el = wrapper.querySelector('late-checkout') as PaylitCheckout;
    await waitUntil(() => button(el)?.getAttribute('aria-disabled') === 'false', 'loads', {
      timeout: scaled(2_000),
    });
    const fields = wrapper.querySelector('paylit-card-fields')!;
    fields.shadowRoot!.querySelector<HTMLInputElement>('#number')!.focus();
    await sendKeys({ type: '4111111111111111' });
    const plans = wrapper.querySelector('paylit-installments')!;
    await waitUntil(() => planTexts(plans).length > 1, 'the slotted installments get the BIN', {
      timeout: scaled(2_000),
    });
    // Remounting keeps it working.
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await waitUntil(() => button(el)?.getAttribute('aria-disabled') === 'false');
  });

  it('on the return page, resumes from the payment in the URL', async () => {
    const o = await order();
    const el = await checkout(o.clientSecret);
    await typeCard(el);
    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    button(el).click();
    const { payment } = await paid;
    const before = location.href;
    history.replaceState(null, '', `?payment_id=${payment.id}&order=${o.clientSecret}`);
    try {
      const container = document.createElement('div');
      document.body.append(container);
      const returned = new PaylitCheckout();
      const again = oneEvent(returned, 'paylit-paid') as Promise<PaylitPaymentEvent>;
      returned.endpoint = env.endpoint;
      returned.order = o.clientSecret;
      container.append(returned);
      expect((await again).payment.id).to.equal(payment.id);
      container.remove();
      // A payment id that is not the order's cannot be confirmed: the payer is told, not left with nothing.
      history.replaceState(null, '', `?payment_id=D-1-not-this-order&order=${o.clientSecret}`);
      const unknown = new PaylitCheckout();
      const failed = oneEvent(unknown, 'paylit-error') as Promise<PaylitErrorEvent>;
      unknown.endpoint = env.endpoint;
      unknown.order = o.clientSecret;
      unknown.lang = 'en';
      document.body.append(unknown);
      expect((await failed).kind).to.equal('validation');
      await unknown.updateComplete;
      expect(unknown.shadowRoot!.querySelector('[part=message]')!.textContent!.trim()).to.equal(
        'The payment could not be made. Try again.',
      );
      unknown.remove();

      // A fault while settling the payment (here, made on purpose: the instance's own
      // dispatchEvent throws for paylit-paid) is not a network failure in disguise: the shopper
      // reads that the store could not be reached, and the page hears the fault itself, as an
      // uncaught error, with its message.
      history.replaceState(null, '', `?payment_id=${payment.id}&order=${o.clientSecret}`);
      const faulty = new PaylitCheckout();
      faulty.dispatchEvent = (event: Event) => {
        if (event.type === 'paylit-paid') throw new Error('a fault while settling');
        return EventTarget.prototype.dispatchEvent.call(faulty, event);
      };
      const heard: string[] = [];
      const hear = (e: ErrorEvent) => {
        heard.push(e.message);
        e.preventDefault();
      };
      // Mocha fails a test on any uncaught error (window.onerror): this one is the point.
      const mochaOnError = window.onerror;
      window.onerror = null;
      window.addEventListener('error', hear);
      try {
        const reported = oneEvent(faulty, 'paylit-error') as Promise<PaylitErrorEvent>;
        faulty.endpoint = env.endpoint;
        faulty.order = o.clientSecret;
        faulty.lang = 'en';
        document.body.append(faulty);
        expect((await reported).kind).to.equal('network');
        expect(heard).to.have.length(1);
        expect(heard[0]).to.contain('a fault while settling');
      } finally {
        window.removeEventListener('error', hear);
        window.onerror = mochaOnError;
        faulty.remove();
      }
    } finally {
      history.replaceState(null, '', before);
    }
  });

  it('a server it cannot reach is a paylit-error, and the message says so', async () => {
    const el = await fixture<PaylitCheckout>(
      html`<paylit-checkout endpoint="http://127.0.0.1:9/paylit" order="x" lang="en"></paylit-checkout>`,
    );
    const error = (await oneEvent(el, 'paylit-error')) as PaylitErrorEvent;
    expect(error.kind).to.equal('network');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=message]')!.getAttribute('role')).to.equal('alert');
  });
});

describe('<paylit-checkout>: one order, one charge', () => {
  /** The shopper's view of the checkout's shadow root. */
  const part = (el: PaylitCheckout, name: string) =>
    el.shadowRoot!.querySelector<HTMLElement>(`[part~=${name}]`);
  const text = (node: Element | null | undefined) =>
    (node as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim() ?? '';

  /** Counts what reaches the companion server, through the checkout's `fetch`. */
  function countingFetch() {
    const payments: string[] = [];
    const fetchFn: typeof globalThis.fetch = (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/payments'))
        payments.push(request.url);
      return fetch(request);
    };
    return { payments, fetch: fetchFn };
  }

  /** The checkout as a merchant writes it: in the shop's own div, indented, a comment inside. */
  async function shopCheckout(orderId: string, lang: string, fetchFn?: typeof globalThis.fetch) {
    const page = await fixture<HTMLDivElement>(html`
      <div class="shop-checkout">
        <h1>Checkout</h1>
        <!-- Loja Paylit: the payment -->
        <paylit-checkout endpoint=${env.endpoint} order=${orderId} lang=${lang} .fetch=${fetchFn}>
          <!-- the default payment elements -->
        </paylit-checkout>
      </div>
    `);
    const el = page.querySelector('paylit-checkout')!;
    await waitUntil(
      () => button(el)?.getAttribute('aria-disabled') === 'false',
      'the checkout loads',
      { timeout: scaled(2_000) },
    );
    return { page, el };
  }

  it('after paylit-paid the form gives way to the outcome: what was paid, with which card, announced and focused; nothing can pay again', async () => {
    const o = await order();
    const counter = countingFetch();
    const { page, el } = await shopCheckout(o.clientSecret, 'pt-BR', counter.fetch);
    // Indented markup (whitespace, a comment) still gets the default card fields.
    expect(fieldsOf(el), 'the card fields show').to.exist;
    await typeCard(el);
    const live = part(el, 'message')!;
    expect(live.getAttribute('role')).to.equal('status');
    const where = button(el).getBoundingClientRect();
    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    button(el).focus();
    await sendKeys({ press: 'Enter' });
    await paid;
    await el.updateComplete;
    // What the shopper sees: no form, no pay button, the outcome.
    expect(fieldsOf(el), 'the card fields are gone').to.equal(null);
    expect(el.shadowRoot!.querySelector('button'), 'the pay button is gone').to.equal(null);
    const outcome = part(el, 'outcome')!;
    expect(text(outcome)).to.equal('Pago: R$ 120,00 Visa final 1111');
    expect(outcome.querySelector('svg')!.getAttribute('aria-hidden')).to.equal('true');
    expect(outcome.getBoundingClientRect().height).to.be.greaterThan(0);
    // Announced: it appears inside the live region that was on the page before the payment; focus is on its heading.
    expect(part(el, 'message')).to.equal(live);
    expect(live.getAttribute('role')).to.equal('status');
    expect(live.contains(outcome)).to.equal(true);
    const heading = outcome.querySelector('h2')!;
    expect(el.shadowRoot!.activeElement).to.equal(heading);
    expect(heading.textContent!.replace(/\s/g, ' ')).to.equal('Pago: R$ 120,00');
    // Enter again, a click where the button was, submit() from a script: no second request.
    await sendKeys({ press: 'Enter' });
    await sendMouse({
      type: 'click',
      position: [Math.round(where.x + where.width / 2), Math.round(where.y + where.height / 2)],
    });
    await el.submit();
    // A press is handled as it is dispatched: a request it made would have been started by now.
    await el.updateComplete;
    expect(counter.payments).to.have.length(1);
    expect((await ledger(o.id)).filter((e) => e.money_moved)).to.have.length(1);
    expect(text(page)).not.to.contain('4111');
    await expect(page).to.be.accessible();
  });

  it("authorized and verified end in their own outcome, in the shopper's language, light and dark", async () => {
    const auth = await shopCheckout(
      (await order({ intent: 'authorize', amount: 1234.5 })).clientSecret,
      'en',
    );
    await typeCard(auth.el, '5555555555554444');
    const authorized = oneEvent(auth.el, 'paylit-authorized');
    button(auth.el).click();
    await authorized;
    await auth.el.updateComplete;
    expect(text(part(auth.el, 'outcome'))).to.equal(
      'Payment authorized: R$1,234.50 Mastercard ending in 4444',
    );
    expect(auth.el.shadowRoot!.querySelector('button')).to.equal(null);
    await expect(auth.page).to.be.accessible();

    const dark = await fixture<HTMLDivElement>(html`
      <div style="color-scheme: dark; background: #0b1120; padding: 1rem">
        <paylit-checkout endpoint=${env.endpoint} order=${(await order({ intent: 'verify' })).clientSecret} lang="es">
        </paylit-checkout>
      </div>
    `);
    const verify = dark.querySelector('paylit-checkout')!;
    await waitUntil(
      () => button(verify)?.getAttribute('aria-disabled') === 'false',
      'the checkout loads',
      { timeout: scaled(2_000) },
    );
    await typeCard(verify);
    const verified = oneEvent(verify, 'paylit-verified');
    button(verify).click();
    await verified;
    await verify.updateComplete;
    expect(text(part(verify, 'outcome'))).to.equal('Tarjeta verificada Visa terminada en 1111');
    expect(getComputedStyle(part(verify, 'outcome')!.querySelector('svg')!).stroke).to.equal(
      'rgb(74, 222, 128)',
    );
    await expect(dark).to.be.accessible();
  });

  it('a decline keeps the form, editable, and the pay button', async () => {
    const o = await order({ description: 'Order 302' });
    const { el } = await shopCheckout(o.clientSecret, 'en');
    await typeCard(el);
    const declined = oneEvent(el, 'paylit-declined');
    button(el).click();
    await declined;
    await el.updateComplete;
    expect(part(el, 'outcome')).to.equal(null);
    expect(text(part(el, 'message'))).to.equal('The card does not have enough funds.');
    await waitUntil(
      () => button(el).getAttribute('aria-disabled') === 'false',
      'the pay button is enabled again',
    );
    expect(fieldsOf(el).shadowRoot!.querySelector<HTMLInputElement>('#number')!.disabled).to.equal(
      false,
    );
  });

  it('reset() and a new order bring the form back, empty, and the next payment is a new attempt', async () => {
    const o = await order();
    const { el } = await shopCheckout(o.clientSecret, 'en');
    await typeCard(el);
    const attempts: string[] = [];
    el.addEventListener('paylit-submit', (e) => attempts.push(e.submission.attempt));
    let paid = oneEvent(el, 'paylit-paid');
    button(el).click();
    await paid;
    await el.updateComplete;
    expect(part(el, 'outcome')).to.exist;

    el.reset();
    await el.updateComplete;
    expect(part(el, 'outcome')).to.equal(null);
    expect(text(part(el, 'message'))).to.equal('');
    expect(button(el).textContent!.replace(/\s/g, ' ')).to.equal('Pay R$120.00');
    await fieldsOf(el).updateComplete;
    expect(fieldsOf(el).shadowRoot!.querySelector<HTMLInputElement>('#number')!.value).to.equal('');

    // The merchant's next order: a new payment.
    const next = await order({ amount: 80 });
    el.order = next.clientSecret;
    await waitUntil(
      () => button(el)?.textContent?.replace(/\s/g, ' ') === 'Pay R$80.00',
      'the new order loads',
      { timeout: scaled(2_000) },
    );
    await typeCard(el);
    paid = oneEvent(el, 'paylit-paid');
    button(el).click();
    expect(((await paid) as PaylitPaymentEvent).payment).to.include({ order: next.id, amount: 80 });
    expect(attempts).to.have.length(2);
    expect(attempts[1]).not.to.equal(attempts[0]);

    // Setting a new order also clears the outcome.
    await el.updateComplete;
    expect(part(el, 'outcome')).to.exist;
    el.order = (await order()).clientSecret;
    await el.updateComplete;
    expect(part(el, 'outcome')).to.equal(null);
    await waitUntil(
      () => button(el)?.getAttribute('aria-disabled') === 'false',
      'the third order loads',
      { timeout: scaled(2_000) },
    );
  });

  it('on the return page: PAID ends in the success state, PENDING in a waiting state, neither with a form', async () => {
    const before = location.href;
    try {
      // PAID, resumed.
      const o = await order();
      const first = await checkout(o.clientSecret);
      await typeCard(first);
      const paid = oneEvent(first, 'paylit-paid') as Promise<PaylitPaymentEvent>;
      button(first).click();
      const { payment } = await paid;
      history.replaceState(null, '', `?payment_id=${payment.id}&order=${o.clientSecret}`);
      const back = await fixture<HTMLDivElement>(html`
        <div>
          <paylit-checkout endpoint=${env.endpoint} order=${o.clientSecret} lang="en">
          </paylit-checkout>
        </div>
      `);
      const returned = back.querySelector('paylit-checkout')!;
      await waitUntil(() => part(returned, 'outcome'), 'the resumed payment shows its outcome', {
        timeout: scaled(2_000),
      });
      expect(text(part(returned, 'outcome'))).to.equal('Paid R$120.00 Visa ending in 1111');
      expect(returned.shadowRoot!.querySelector('button')).to.equal(null);

      // PENDING with nothing to do: the payer came back from the bank's page without finishing.
      const payer = {
        name: 'Ana Lima',
        email: 'ana@example.com',
        document: '8001015009087',
        address: {
          state: 'WC',
          city: 'Cape Town',
          zip_code: '8001',
          street: 'Long St',
          number: '1',
        },
      };
      const z = await order({ country: 'ZA', currency: 'ZAR', payer: JSON.stringify(payer) });
      history.replaceState(null, '', before);
      const threeDS = await checkout(z.clientSecret);
      await typeCard(threeDS);
      threeDS.addEventListener('paylit-redirect', (e) => e.preventDefault());
      const redirect = oneEvent(threeDS, 'paylit-redirect') as Promise<PaylitRedirectEvent>;
      button(threeDS).click();
      const pendingPayment = (await redirect).payment;
      history.replaceState(null, '', `?payment_id=${pendingPayment.id}&order=${z.clientSecret}`);
      const waiting = await fixture<HTMLDivElement>(html`
        <div>
          <!-- the return page -->
          <paylit-checkout endpoint=${env.endpoint} order=${z.clientSecret} lang="pt-BR">
          </paylit-checkout>
        </div>
      `);
      const pending = waiting.querySelector('paylit-checkout')!;
      const event = (await oneEvent(pending, 'paylit-pending')) as PaylitPaymentEvent;
      expect(event.payment.status).to.equal('PENDING');
      await pending.updateComplete;
      const state = part(pending, 'outcome')!;
      expect(text(state)).to.equal(
        'O pagamento está pendente. Você será avisado quando for confirmado. Visa final 1111',
      );
      expect(state.querySelector('svg'), 'no check mark while it waits').to.equal(null);
      expect(pending.shadowRoot!.querySelector('button')).to.equal(null);
      expect(fieldsOf(pending)).to.equal(null);
      await expect(waiting).to.be.accessible();
    } finally {
      history.replaceState(null, '', before);
    }
  });
});

describe('<paylit-checkout>: the look', () => {
  const part = (el: PaylitCheckout, name: string) =>
    el.shadowRoot!.querySelector<HTMLElement>(`[part~=${name}]`)!;

  /** A checkout whose payment request waits until `release()`: the busy state, held still. */
  async function heldCheckout(orderId: string, lang: string) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const el = document.createElement('paylit-checkout') as PaylitCheckout;
    el.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/payments'))
        await held;
      return fetch(request);
    };
    el.endpoint = env.endpoint;
    el.order = orderId;
    el.lang = lang;
    const page = await fixture<HTMLDivElement>(html`<div>${el}</div>`);
    await waitUntil(
      () => button(el)?.getAttribute('aria-disabled') === 'false',
      'the checkout loads',
      { timeout: scaled(2_000) },
    );
    return { page, el, release };
  }

  it('while paying: a spinner in the disabled, busy button, and "Processing…" said once', async () => {
    const o = await order();
    const { el, release } = await heldCheckout(o.clientSecret, 'en');
    await typeCard(el);
    const live = part(el, 'message');
    const said: string[] = [];
    const observer = new MutationObserver(() => said.push(live.textContent!.trim()));
    observer.observe(live, { childList: true, subtree: true, characterData: true });
    expect(button(el).querySelector('[part~=spinner]')).to.equal(null);
    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    button(el).click();
    await waitUntil(() => live.textContent!.trim() === 'Processing…', 'the live region says it', {
      timeout: scaled(2_000),
    });
    const busy = button(el);
    expect([
      busy.getAttribute('aria-disabled'),
      busy.getAttribute('aria-busy'),
      busy.textContent,
    ]).to.deep.equal(['true', 'true', 'Processing…']);
    const spinner = busy.querySelector<HTMLElement>('[part~=spinner]')!;
    expect(spinner.getAttribute('aria-hidden')).to.equal('true');
    expect(getComputedStyle(spinner).animationName).to.equal('spin');
    expect(spinner.getBoundingClientRect().width).to.be.greaterThan(10);
    // The words are on the button for the eye; the live region, for the ear, takes no room.
    expect(live.getAttribute('role')).to.equal('status');
    expect(live.getBoundingClientRect().height).to.equal(0);
    // Under prefers-reduced-motion the spinner fades instead of turning.
    await emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect(getComputedStyle(spinner).animationName).to.equal('pulse');
    } finally {
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
    // Re-renders and clicks on the busy button while the payment is in flight say nothing again and send nothing.
    for (let i = 0; i < 3; i++) {
      el.requestUpdate();
      await el.updateComplete;
    }
    busy.click();
    await el.updateComplete;
    release();
    expect((await paid).payment.status).to.equal('PAID');
    observer.disconnect();
    expect(said.filter((text) => text === 'Processing…')).to.have.length(1);
    expect((await ledger(o.id)).filter((e) => e.money_moved)).to.have.length(1);
  });

  it('the message takes no room until there is one: no empty gap under the pay button', async () => {
    const o = await order({ description: 'Order 302' });
    const el = await checkout(o.clientSecret, 'en');
    const live = part(el, 'message');
    const body = el.shadowRoot!.querySelector('.body')!;
    expect(live.getBoundingClientRect().height).to.equal(0);
    expect(body.getBoundingClientRect().bottom).to.be.closeTo(
      button(el).getBoundingClientRect().bottom,
      0.5,
    );
    // Nor do the installments before there is a BIN: one gap between the card fields and the button.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const gap = parseFloat(getComputedStyle(body).rowGap);
    expect(
      el.shadowRoot!.querySelector('paylit-installments')!.getBoundingClientRect().height,
    ).to.equal(0);
    expect(
      button(el).getBoundingClientRect().top - fieldsOf(el).getBoundingClientRect().bottom,
    ).to.be.closeTo(gap, 0.5);
    // A decline opens it, below the button, with the grid's gap before it.
    await typeCard(el);
    const declined = oneEvent(el, 'paylit-declined');
    button(el).click();
    await declined;
    await el.updateComplete;
    const message = live.getBoundingClientRect();
    expect(message.height).to.be.greaterThan(20);
    expect(message.top).to.be.greaterThan(button(el).getBoundingClientRect().bottom);
    expect(body.getBoundingClientRect().bottom).to.be.closeTo(message.bottom, 0.5);
    // reset() closes it again.
    el.reset();
    await el.updateComplete;
    expect(live.getBoundingClientRect().height).to.equal(0);
  });

  it("in Arabic: right to left, the spinner and the decline's mark at the start (the right), amounts in the locale, axe clean", async () => {
    const t = await messagesFor('ar');
    const spinnerSide = async (lang: string) => {
      const { el, release } = await heldCheckout((await order()).clientSecret, lang);
      await typeCard(el);
      const paid = oneEvent(el, 'paylit-paid');
      button(el).click();
      await waitUntil(() => button(el).querySelector('[part~=spinner]'), 'busy');
      const box = button(el).getBoundingClientRect();
      const spinner = button(el).querySelector('[part~=spinner]')!.getBoundingClientRect();
      const side = spinner.left + spinner.width / 2 - (box.left + box.width / 2);
      release();
      await paid;
      return { el, side };
    };
    const ltr = await spinnerSide('en');
    const rtl = await spinnerSide('ar');
    expect(ltr.side).to.be.lessThan(0);
    expect(rtl.side).to.be.closeTo(-ltr.side, 40);
    expect(rtl.side).to.be.greaterThan(0);
    // The success state after it, right to left, in Arabic.
    const outcome = part(rtl.el, 'outcome');
    expect(rtl.el.shadowRoot!.querySelector('.body')!.getAttribute('dir')).to.equal('rtl');
    expect(getComputedStyle(outcome).direction).to.equal('rtl');
    expect(outcome.querySelector('h2')!.textContent).to.equal(
      format(t.outcomes.PAID, { amount: formatAmount(120, 'BRL', 'ar') }),
    );

    // A decline: its line starts at the right, with its border there; the pay button says the amount in Arabic.
    const o = await order({ description: 'Order 302', amount: 1234.5 });
    const el = await checkout(o.clientSecret, 'ar');
    expect(button(el).textContent).to.equal(
      format(t.pay, { amount: formatAmount(1234.5, 'BRL', 'ar') }),
    );
    // The currency's symbol reads "R$", not "$R", at the end of a right-to-left line (core isolates it),
    // and the words are one text, no flex item of their own spaced apart from the figure.
    const walker = document.createTreeWalker(button(el), NodeFilter.SHOW_TEXT);
    let words = walker.nextNode();
    while (words && !words.textContent!.includes('R$')) words = walker.nextNode();
    if (!words) throw new Error('no text holds R$ in the button');
    expect(words.parentElement!.parentElement).to.equal(button(el));
    const range = document.createRange();
    const leftOf = (c: string) => {
      const i = words.textContent!.indexOf(c);
      range.setStart(words, i);
      range.setEnd(words, i + 1);
      return range.getBoundingClientRect().left;
    };
    expect(leftOf('R')).to.be.lessThan(leftOf('$'));
    await typeCard(el);
    const declined = oneEvent(el, 'paylit-declined');
    button(el).click();
    await declined;
    await el.updateComplete;
    const message = part(el, 'message');
    expect(message.textContent).to.equal(t.rejections['302']);
    expect(getComputedStyle(message).borderRightWidth).to.equal('3px');
    expect(getComputedStyle(message).borderLeftWidth).to.equal('0px');
    expect(getComputedStyle(message).textAlign).to.equal('start');
    await expect(el).to.be.accessible();
  });
});

describe('<paylit-checkout>: what the order asks and allows', () => {
  it("the payer's details the order lacks: a wrong one stops the submission, unheard and unsent, said on its field; right, they join paylit-submit", async () => {
    const o = await order({
      payer: JSON.stringify({ name: 'Ana Lima', email: 'ana@example.com' }),
    });
    const el = await checkout(o.clientSecret);
    const payerFields = () =>
      el.shadowRoot!.querySelector('paylit-payer-fields')?.shadowRoot?.querySelector('fieldset');
    await waitUntil(payerFields, "the payer's fields are drawn");
    const payer = payerFields()!;
    // Before the pay button, as the order asks.
    expect(el.shadowRoot!.querySelector('paylit-payer-fields')!.nextElementSibling).to.equal(
      button(el),
    );
    await typeCard(el);
    const cpf = payer.querySelector<HTMLInputElement>('input[name=document]')!;
    cpf.value = '530.333.155-51';
    let heard = 0;
    const listener = () => void heard++;
    el.addEventListener('paylit-submit', listener);
    const requests = paymentRequests();
    button(el).click();
    await waitUntil(() => cpf.getAttribute('aria-invalid') === 'true', 'the CPF is said wrong');
    await waitUntil(() => button(el).getAttribute('aria-busy') === 'false', 'Pay is done');
    expect(heard).to.equal(0);
    expect(requests.started()).to.equal(0);
    await requests.quiet();

    cpf.value = '530.333.155-50';
    el.removeEventListener('paylit-submit', listener);
    el.addEventListener('paylit-submit', (e) => e.preventDefault());
    const submit = oneEvent(el, 'paylit-submit') as Promise<PaylitSubmitEvent>;
    button(el).click();
    const { submission } = await submit;
    expect(submission.payer).to.deep.equal({ document_type: 'CPF', document: '53033315550' });
    expect(await ledger(o.id)).to.deep.equal([]);
  });

  it('an order only a Boleto can pay: no card fields, no "New card", no plans; the Boleto is chosen and Pay pays it', async () => {
    const o = await order({ methods: 'BL' });
    const el = await checkout(o.clientSecret);
    expect(el.shadowRoot!.querySelector('paylit-card-fields')).to.equal(null);
    expect(el.shadowRoot!.querySelector('paylit-installments')).to.equal(null);
    el.addEventListener('paylit-submit', (e) => e.preventDefault());
    const submit = oneEvent(el, 'paylit-submit') as Promise<PaylitSubmitEvent>;
    button(el).click();
    const { submission } = await submit;
    expect(submission.method).to.deep.equal({ type: 'redirect', methodId: 'BL' });
  });
});
