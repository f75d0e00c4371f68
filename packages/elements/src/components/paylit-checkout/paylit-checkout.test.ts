import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { decryptCard, generateCardKeyPair } from '@paylit/core/crypto';
import type { PaylitCardFields } from '../paylit-card-fields/paylit-card-fields.js';
import { PaylitCheckout } from './paylit-checkout.js';
import type { PaylitDeclinedEvent, PaylitErrorEvent, PaylitPaymentEvent, PaylitRedirectEvent, PaylitSubmitEvent } from '../../events/payment-events.js';

const env = (await (await fetch('/__paylit/env.json')).json()) as { endpoint: string };

async function order(params: Record<string, string | number> = {}) {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return (await (await fetch(`/__paylit/order?${q}`)).json()).order as { id: string; amount: number };
}

async function ledger(orderId: string) {
  const all = (await (await fetch('/__paylit/ledger?order_prefix=1')).json()) as { entries: { order_id: string; money_moved: boolean }[] };
  return all.entries.filter((e) => e.order_id?.startsWith(`${orderId}.`));
}

const fieldsOf = (el: PaylitCheckout) => el.shadowRoot!.querySelector('paylit-card-fields') as PaylitCardFields;
const button = (el: PaylitCheckout) => el.shadowRoot?.querySelector('button') as HTMLButtonElement;

async function checkout(orderId: string, lang = 'en') {
  const el = await fixture<PaylitCheckout>(html`<paylit-checkout endpoint=${env.endpoint} order=${orderId} lang=${lang}></paylit-checkout>`);
  await waitUntil(() => button(el)?.getAttribute('aria-disabled') === 'false', 'the checkout loads', { timeout: 5000 });
  return el;
}

async function typeCard(el: PaylitCheckout, number = '4111111111111111', cvv = '123') {
  const fields = fieldsOf(el);
  await fields.updateComplete;
  for (const [id, text] of [['number', number], ['expiry', '1230'], ['cvv', cvv], ['holder', 'Ana Lima']] as const) {
    fields.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!.focus();
    await sendKeys({ type: text });
  }
}

describe('<paylit-checkout>', () => {
  it('loads the order and shows the amount in the page\'s language', async () => {
    const o = await order({ amount: 1234.5 });
    const el = await checkout(o.id, 'pt-BR');
    expect(button(el).textContent!.replace(/\s/g, ' ')).to.equal('Pagar R$ 1.234,50');
    await expect(el).to.be.accessible();
  });

  it('in a dark page its button keeps a readable contrast', async () => {
    const o = await order();
    const page = await fixture<HTMLDivElement>(html`<div style="color-scheme: dark; background: #0b1120; padding: 1rem"><paylit-checkout endpoint=${env.endpoint} order=${o.id} lang="en"></paylit-checkout></div>`);
    const el = page.querySelector('paylit-checkout')!;
    await waitUntil(() => button(el)?.getAttribute('aria-disabled') === 'false', 'the checkout loads', { timeout: 5000 });
    expect(getComputedStyle(button(el)).color).to.equal('rgb(15, 23, 42)');
    await expect(page).to.be.accessible();
  });

  it('pays by card: paylit-paid with the record, never the card data', async () => {
    const o = await order();
    const el = await checkout(o.id);
    await typeCard(el);
    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    button(el).click();
    const event = await paid;
    expect(event.payment).to.include({ status: 'PAID', amount: 120, currency: 'BRL', order: o.id });
    expect(event.payment.card).to.include({ brand: 'VI', last4: '1111' });
    expect(JSON.stringify(event.detail)).not.to.contain('4111111111111111');
  });

  it('a merchant\'s fetch carries every request, with the headers it adds', async () => {
    const o = await order();
    const seen: string[] = [];
    const el = document.createElement('paylit-checkout') as PaylitCheckout;
    el.fetch = (input, init) => {
      const request = new Request(input, init);
      // The handler is on another origin here: a CORS-safelisted header needs no preflight.
      request.headers.set('Accept-Language', 'pt-BR');
      seen.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('Accept-Language')}`);
      return fetch(request);
    };
    el.endpoint = env.endpoint;
    el.order = o.id;
    el.lang = 'en';
    await fixture(html`<div>${el}</div>`);
    await waitUntil(() => button(el)?.getAttribute('aria-disabled') === 'false', 'the checkout loads', { timeout: 5000 });
    await typeCard(el);
    const paid = oneEvent(el, 'paylit-paid');
    button(el).click();
    await paid;
    const path = new URL(env.endpoint).pathname;
    expect(seen).to.deep.equal([`GET ${path}/checkout pt-BR`, `POST ${path}/payments pt-BR`]);
  });

  it('a double click charges once', async () => {
    const o = await order();
    const el = await checkout(o.id);
    await typeCard(el);
    let paid = 0;
    el.addEventListener('paylit-paid', () => paid++);
    button(el).click();
    button(el).click();
    await el.submit();
    await waitUntil(() => paid > 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(paid).to.equal(1);
    expect((await ledger(o.id)).filter((e) => e.money_moved)).to.have.length(1);
  });

  it('a decline: paylit-declined with the code and a translated message', async () => {
    const o = await order({ description: 'Order 302' });
    const el = await checkout(o.id, 'es-AR');
    await typeCard(el);
    const declined = oneEvent(el, 'paylit-declined') as Promise<PaylitDeclinedEvent>;
    button(el).click();
    const event = await declined;
    expect(event.code).to.equal('302');
    expect(event.message).to.equal('La tarjeta no tiene fondos suficientes.');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=message]')!.textContent).to.equal('La tarjeta no tiene fondos suficientes.');
  });

  it('the intent comes from the order: authorized, verified', async () => {
    const auth = await checkout((await order({ intent: 'authorize' })).id);
    await typeCard(auth);
    const authorized = oneEvent(auth, 'paylit-authorized') as Promise<PaylitPaymentEvent>;
    button(auth).click();
    expect((await authorized).payment.status).to.equal('AUTHORIZED');
    const verify = await checkout((await order({ intent: 'verify' })).id);
    expect(button(verify).textContent).to.equal('Verify card');
    await typeCard(verify);
    const verified = oneEvent(verify, 'paylit-verified') as Promise<PaylitPaymentEvent>;
    button(verify).click();
    expect((await verified).payment).to.include({ status: 'VERIFIED', amount: 0 });
  });

  it('3-D Secure: a cancelable paylit-redirect to the challenge', async () => {
    const payer = { name: 'Ana Lima', email: 'ana@example.com', document: '1', address: { state: 'WC', city: 'Cape Town', zip_code: '8001', street: 'Long St', number: '1' } };
    const o = await order({ country: 'ZA', currency: 'ZAR', payer: JSON.stringify(payer) });
    const el = await checkout(o.id);
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
    expect([message.textContent!.trim(), message.getAttribute('role')]).to.deep.equal(["Continue on your bank's page to confirm the payment.", 'status']);
  });

  it('paylit-submit carries the encrypted submission and, when cancelled, nothing is sent', async () => {
    const o = await order();
    const el = await checkout(o.id);
    await typeCard(el);
    el.addEventListener('paylit-submit', (e) => e.preventDefault());
    const submit = oneEvent(el, 'paylit-submit') as Promise<PaylitSubmitEvent>;
    button(el).click();
    const { submission } = await submit;
    expect(submission).to.include({ order: o.id, amount: 120, currency: 'BRL', country: 'BR' });
    expect(submission.method.type).to.equal('card');
    expect(JSON.stringify(submission)).not.to.contain('4111');
    await new Promise((r) => setTimeout(r, 200));
    expect(await ledger(o.id)).to.deep.equal([]);
  });

  it('without an endpoint: the attributes, and the submission only in paylit-submit', async () => {
    const keys = await generateCardKeyPair();
    const el = await fixture<PaylitCheckout>(html`<paylit-checkout amount="49.9" currency="MXN" country="MX" public-key=${JSON.stringify(keys.publicJwk)} lang="es-MX"></paylit-checkout>`);
    await waitUntil(() => button(el)?.getAttribute('aria-disabled') === 'false');
    expect(button(el).textContent!.replace(/\s/g, ' ')).to.equal('Pagar $49.90');
    await typeCard(el, '5555555555554444', '987');
    const submit = oneEvent(el, 'paylit-submit') as Promise<PaylitSubmitEvent>;
    button(el).click();
    const { submission } = await submit;
    expect(submission).to.include({ amount: 49.9, currency: 'MXN', country: 'MX' });
    const method = submission.method as { encryptedData: string };
    expect(await decryptCard(method.encryptedData, keys.privateJwk)).to.deep.equal({ number: '5555555555554444', cvv: '987' });
  });

  it('installments: the plans for the typed BIN, and the choice in the submission', async () => {
    const o = await order({ amount: 1200 });
    const el = await checkout(o.id, 'pt-BR');
    await typeCard(el);
    const plans = el.shadowRoot!.querySelector('paylit-installments')!;
    await waitUntil(() => plans.shadowRoot!.querySelectorAll('input[type=radio]').length === 12, 'the plans show', { timeout: 5000 });
    const labels = [...plans.shadowRoot!.querySelectorAll('label')].map((l) => l.textContent!.replace(/\s+/g, ' ').trim());
    expect(labels[0]).to.contain('À vista');
    expect(labels[2]).to.contain('3x de R$ 400,00 · sem juros');
    expect(labels[5]).to.contain('com juros');
    await expect(plans).to.be.accessible();
    plans.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type=radio]')[2]!.click();
    const submit = oneEvent(el, 'paylit-submit') as Promise<PaylitSubmitEvent>;
    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    button(el).click();
    const method = (await submit).submission.method as { installments?: string; installmentsId?: string };
    expect(method.installments).to.equal('3');
    expect(method.installmentsId).to.match(/^INS\d+-3$/);
    expect((await paid).payment.card).to.include({ installments: '3' });
  });

  it('consumers connected before their provider is defined get its context', async () => {
    const o = await order({ amount: 1200 });
    const wrapper = await fixture<HTMLDivElement>(html`<div><late-checkout endpoint=${env.endpoint} order=${o.id}><paylit-card-fields></paylit-card-fields><paylit-installments></paylit-installments></late-checkout></div>`);
    customElements.define('late-checkout', class extends PaylitCheckout {});
    const el = wrapper.querySelector('late-checkout') as PaylitCheckout;
    await waitUntil(() => button(el)?.getAttribute('aria-disabled') === 'false', 'loads', { timeout: 5000 });
    const fields = wrapper.querySelector('paylit-card-fields')!;
    fields.shadowRoot!.querySelector<HTMLInputElement>('#number')!.focus();
    await sendKeys({ type: '4111111111111111' });
    const plans = wrapper.querySelector('paylit-installments')!;
    await waitUntil(() => plans.shadowRoot!.querySelectorAll('input[type=radio]').length > 1, 'the slotted installments get the BIN', { timeout: 5000 });
    // Remounting keeps it working.
    const parent = el.parentElement!;
    el.remove();
    parent.append(el);
    await waitUntil(() => button(el)?.getAttribute('aria-disabled') === 'false');
  });

  it('on the return page, resumes from the payment in the URL', async () => {
    const o = await order();
    const el = await checkout(o.id);
    await typeCard(el);
    const paid = oneEvent(el, 'paylit-paid') as Promise<PaylitPaymentEvent>;
    button(el).click();
    const { payment } = await paid;
    const before = location.href;
    history.replaceState(null, '', `?payment_id=${payment.id}&order=${o.id}`);
    try {
      const container = document.createElement('div');
      document.body.append(container);
      const returned = new PaylitCheckout();
      const again = oneEvent(returned, 'paylit-paid') as Promise<PaylitPaymentEvent>;
      returned.endpoint = env.endpoint;
      returned.order = o.id;
      container.append(returned);
      expect((await again).payment.id).to.equal(payment.id);
      container.remove();
      // A payment id that is not the order's cannot be confirmed: the payer is told, not left with nothing.
      history.replaceState(null, '', `?payment_id=D-1-not-this-order&order=${o.id}`);
      const unknown = new PaylitCheckout();
      const failed = oneEvent(unknown, 'paylit-error') as Promise<PaylitErrorEvent>;
      unknown.endpoint = env.endpoint;
      unknown.order = o.id;
      unknown.lang = 'en';
      document.body.append(unknown);
      expect((await failed).kind).to.equal('validation');
      await unknown.updateComplete;
      expect(unknown.shadowRoot!.querySelector('[part=message]')!.textContent!.trim()).to.equal('The payment could not be made. Try again.');
      unknown.remove();
    } finally {
      history.replaceState(null, '', before);
    }
  });

  it('a server it cannot reach is a paylit-error, and the message says so', async () => {
    const el = await fixture<PaylitCheckout>(html`<paylit-checkout endpoint="http://127.0.0.1:9/paylit" order="x" lang="en"></paylit-checkout>`);
    const error = (await oneEvent(el, 'paylit-error')) as PaylitErrorEvent;
    expect(error.kind).to.equal('network');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part=message]')!.getAttribute('role')).to.equal('alert');
  });
});
