// Signing up to an order that is a subscription, in the checkout, against the real sandbox and
// companion server: Pix Automático's terms, its sign-up and its status live; a card's consent.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../../../../../test/support/wait-until.js';
import { sendKeys } from '@web/test-runner-commands';
import type { PaylitCheckout } from './paylit-checkout.js';
import '../../paylit-checkout.js';
import type { PaylitCardFields } from '../paylit-card-fields/paylit-card-fields.js';
import type { PaylitDeclinedEvent, PaylitSubmitEvent } from '../../events/payment-events.js';
import type { PaylitSubscribedEvent } from '../../events/subscription-events.js';
import { scaled } from '../../../../../test/support/time.mjs';

const env = (await (await fetch('/__paylit/env.json')).json()) as { endpoint: string };
const ymd = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const start = ymd(5);
const monthly = { frequency: 'MONTHLY', amount: { type: 'FIXED', value: 39.9 }, startDate: start };

async function order(query: Record<string, string> = {}) {
  const q = new URLSearchParams({ amount: '39.9', plan: JSON.stringify(monthly), ...query });
  return (await (await fetch(`/__paylit/order?${q}`)).json()).order as {
    id: string;
    clientSecret: string;
  };
}

const button = (el: PaylitCheckout) =>
  el.shadowRoot!.querySelector<HTMLButtonElement>('button[part=button]')!;
const signup = (el: PaylitCheckout) => el.shadowRoot!.querySelector('paylit-subscription')!;
const inSignup = (el: PaylitCheckout, selector: string) =>
  signup(el)?.shadowRoot?.querySelector<HTMLElement>(selector) ?? null;
const text = (node: Element | null) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

async function checkout(secret: string, lang = 'en', fetcher?: typeof fetch) {
  const el = await fixture<PaylitCheckout>(
    html`<paylit-checkout endpoint=${env.endpoint} order=${secret} lang=${lang}
      .fetch=${fetcher}></paylit-checkout>`,
  );
  await waitUntil(() => inSignup(el, '.subscription'), 'the sign-up is drawn', {
    timeout: scaled(3_000),
  });
  return el;
}

async function typeCard(el: PaylitCheckout) {
  const fields = el.shadowRoot!.querySelector('paylit-card-fields') as PaylitCardFields;
  await fields.updateComplete;
  for (const [id, value] of [
    ['number', '4111111111111111'],
    ['expiry', '1230'],
    ['cvv', '123'],
    ['holder', 'Ana Lima'],
  ] as const) {
    fields.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!.focus();
    await sendKeys({ type: value });
  }
}

/** A fetch that counts the payments the checkout posts. */
function counting() {
  const payments: string[] = [];
  const f: typeof fetch = (input, init) => {
    if (init?.method === 'POST' && String(input).endsWith('/payments'))
      payments.push(String(input));
    return fetch(input, init);
  };
  return { payments, fetch: f };
}

describe('<paylit-checkout> for an order that is a subscription', () => {
  it('a card needs the unticked consent to its card-on-file terms: Pay without it says why at the box and sends nothing; ticked, the payment carries method.subscribe and is paid', async () => {
    const o = await order({ methods: 'CARD' });
    const count = counting();
    const el = await checkout(o.clientSecret, 'en', count.fetch);
    const box = inSignup(el, 'input[name=subscribe]') as HTMLInputElement;
    expect(box.checked).to.equal(false);
    expect(text(box.closest('label'))).to.equal(
      'I authorize the store to charge R$39.90 every month to this card until I cancel.',
    );
    expect(text(inSignup(el, '.consent .note'))).to.contain('To cancel, contact the store');
    await typeCard(el);
    button(el).click();
    await waitUntil(() => text(inSignup(el, '.consent .error')) !== '', 'the box says why');
    expect(text(inSignup(el, '.consent .error'))).to.equal(
      'To subscribe with this card, tick the box to accept the recurring charges.',
    );
    expect(inSignup(el, '.consent .error')!.getAttribute('role')).to.equal('alert');
    expect(box.getAttribute('aria-invalid')).to.equal('true');
    await waitUntil(() => signup(el).shadowRoot!.activeElement === box, 'the box takes focus');
    expect(count.payments).to.deep.equal([]);

    box.click();
    await signup(el).updateComplete;
    expect(text(inSignup(el, '.consent .error'))).to.equal('');
    const submitted = oneEvent(el, 'paylit-submit') as Promise<PaylitSubmitEvent>;
    const paid = oneEvent(el, 'paylit-paid');
    button(el).click();
    expect((await submitted).submission.method).to.include({ type: 'card', subscribe: true });
    await paid;
    expect(count.payments).to.have.length(1);
  });

  it("Pix Automático: the mandate's terms before Pay (payee, frequency, amount, dates, cancelling in the bank's app), then the authorization waiting, ACTIVE live and paylit-subscribed", async () => {
    const o = await order({ payer: '{"name":"Ana Lima","email":"ana@example.com"}' });
    const el = await checkout(o.clientSecret, 'pt-BR');
    const pix = inSignup(el, 'input[value=XA]') as HTMLInputElement;
    expect(text(pix.closest('fieldset')!.querySelector('legend'))).to.equal(
      'Como você quer pagar a assinatura?',
    );
    pix.click();
    await waitUntil(() => inSignup(el, '[part=mandate]'), 'the terms show');
    const date = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${start}T00:00:00Z`),
    );
    const rows = [...inSignup(el, 'dl')!.querySelectorAll('dt')].map(
      (dt) => `${text(dt)}: ${text(dt.nextElementSibling)}`,
    );
    expect(rows).to.deep.equal([
      'Recebedor: Loja Exemplo',
      'Frequência: Mensal',
      `Valor: ${new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(39.9).replace(/\s+/g, ' ')}`,
      `Primeira cobrança: ${date}`,
      'Término: Até você cancelar',
    ]);
    expect(text(inSignup(el, '.mandate .note'))).to.equal(
      'Você pode cancelar a qualquer momento no app do seu banco.',
    );
    await el.updateComplete;
    expect(text(button(el))).to.equal('Autorizar Pix Automático');
    // The order lacks the payer's document, which Pix needs: asked before the sign-up.
    const payer = await waitUntil(() => el.shadowRoot!.querySelector('paylit-payer-fields'));
    void payer;
    const fields = el.shadowRoot!.querySelector('paylit-payer-fields')!;
    await waitUntil(
      () => fields.shadowRoot?.querySelector('input[name=document]'),
      'the CPF field',
    );
    fields.shadowRoot!.querySelector<HTMLInputElement>('input[name=document]')!.focus();
    await sendKeys({ type: '53033315550' });

    const subscribed = oneEvent(el, 'paylit-subscribed') as Promise<PaylitSubscribedEvent>;
    button(el).click();
    await waitUntil(() => inSignup(el, '[part=subscription-status] h2'), 'the mandate waits', {
      timeout: scaled(3_000),
    });
    expect(text(inSignup(el, '[part=subscription-status] h2'))).to.equal('Autorize no seu banco');
    expect(el.shadowRoot!.querySelector('button[part=button]')).to.equal(null);
    await fetch(`/__paylit/enrollment?order=${encodeURIComponent(o.id)}&action=authorize`);
    expect((await subscribed).subscription).to.deep.equal({
      order: o.id,
      method: 'XA',
      status: 'ACTIVE',
    });
    await waitUntil(
      () => text(inSignup(el, '[part=subscription-status] h2')) === 'Pix Automático ativado',
      'ACTIVE shows without a reload',
    );
    expect(text(inSignup(el, '[part=subscription-status]'))).to.contain(
      `A primeira cobrança será em ${date}.`,
    );
  });

  it('Pix Automático refused in the bank: its message and paylit-declined (code 300, no payment)', async () => {
    const o = await order({ methods: 'XA' });
    const el = await checkout(o.clientSecret);
    // Pix Automático alone: no choice to make, its terms at once.
    expect(inSignup(el, 'fieldset')).to.equal(null);
    expect(text(inSignup(el, '[part=mandate] h2'))).to.equal('Pix Automático authorization');
    await el.updateComplete;
    const declined = oneEvent(el, 'paylit-declined') as Promise<PaylitDeclinedEvent>;
    button(el).click();
    await waitUntil(() => inSignup(el, '[part=subscription-status] h2'), 'the mandate waits', {
      timeout: scaled(3_000),
    });
    await fetch(`/__paylit/enrollment?order=${encodeURIComponent(o.id)}&action=reject`);
    const event = await declined;
    expect([event.payment, event.code]).to.deep.equal([undefined, '300']);
    await waitUntil(
      () =>
        text(inSignup(el, '[part=subscription-status] h2')) ===
        'Your bank declined the authorization. Nothing will be charged.',
      'REJECTED shows',
    );
  });
});
