// <paylit-checkout> when its order cannot be paid: an order the server does not know, a server
// that does not allow the page's origin (and, beside it, a server that cannot be reached at all),
// and in development the methods the server does not offer, said once.
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../../../../../test/support/wait-until.js';
import type { PaylitErrorEvent } from '../../events/payment-events.js';
import { en } from '../../i18n/en.js';
import { ptBR } from '../../i18n/pt-BR.js';
import type { PaylitCheckout } from './paylit-checkout.js';
import '../../paylit-checkout.js';

const env = (await (await fetch('/__paylit/env.json')).json()) as {
  endpoint: string;
  refusingEndpoint: string;
  busyEndpoint: string;
};
const order = async (query = '') =>
  (await (await fetch(`/__paylit/order?amount=120${query}`)).json()).order as {
    id: string;
    clientSecret: string;
  };
/** A client secret of the right shape that the server did not make. */
const unknownSecret = `nowhere-1_secret_${'0'.repeat(32)}`;
const shadow = (el: PaylitCheckout) => el.shadowRoot!;
const payButton = (el: PaylitCheckout) =>
  shadow(el).querySelector<HTMLButtonElement>('button[part=button]');
const messageText = (el: PaylitCheckout) =>
  shadow(el).querySelector('[part=message]')!.textContent!.trim();

function errorsOf(el: PaylitCheckout): PaylitErrorEvent[] {
  const errors: PaylitErrorEvent[] = [];
  el.addEventListener('paylit-error', (e) => errors.push(e as PaylitErrorEvent));
  return errors;
}

async function checkout(
  endpoint: string,
  secret: string,
  lang: string,
): Promise<{ el: PaylitCheckout; errors: PaylitErrorEvent[] }> {
  const el = document.createElement('paylit-checkout') as PaylitCheckout;
  const errors = errorsOf(el);
  el.lang = lang;
  el.endpoint = endpoint;
  el.order = secret;
  await fixture(html`<div>${el}</div>`);
  return { el, errors };
}

/** The console's lines of one kind while `run` runs. */
async function consoleLines(kind: 'warn' | 'info', run: () => Promise<void>): Promise<string[]> {
  (globalThis as { paylitIssuedWarnings?: Set<string> }).paylitIssuedWarnings?.clear();
  const original = console[kind];
  const lines: string[] = [];
  console[kind] = (...args: unknown[]) => void lines.push(args.join(' '));
  try {
    await run();
  } finally {
    console[kind] = original;
  }
  return lines;
}

describe('<paylit-checkout>: an order that cannot be paid', () => {
  it('an unknown order: the shopper reads that it cannot be paid, in their language; no form, no amount, no retry; paylit-error order_not_found', async () => {
    const { el, errors } = await checkout(env.endpoint, unknownSecret, 'pt-BR');
    await waitUntil(() => errors.length > 0, 'a paylit-error');
    await el.updateComplete;
    expect(messageText(el)).to.equal(ptBR.orderNotFound);
    expect(shadow(el).querySelector('[part=message]')!.getAttribute('role')).to.equal('alert');
    expect(
      shadow(el).querySelector('paylit-card-fields, paylit-wallet-select, paylit-installments'),
    ).to.equal(null);
    expect(payButton(el)).to.equal(null);
    expect(shadow(el).querySelector('[part=retry]')).to.equal(null);
    expect(errors.map((e) => [e.detail.kind, e.detail.code, e.detail.retryable])).to.deep.equal([
      ['validation', 'order_not_found', false],
    ]);
    await el.submit();
    expect(errors).to.have.length(1);
    await expect(el).to.be.accessible();
  });

  it("a known order replaced by an unknown one: the previous order's amount and form go; a known one again brings the form back", async () => {
    const known = await order();
    const { el, errors } = await checkout(env.endpoint, known.clientSecret, 'en');
    await waitUntil(
      () => payButton(el)?.getAttribute('aria-disabled') === 'false',
      'the known order loads',
    );
    expect(payButton(el)!.textContent).to.contain('120');
    el.order = unknownSecret;
    await waitUntil(() => errors.length > 0, 'a paylit-error');
    await el.updateComplete;
    expect(messageText(el)).to.equal(en.orderNotFound);
    expect(shadow(el).textContent).not.to.contain('120');
    expect(payButton(el)).to.equal(null);
    expect(errors.map((e) => e.detail.code)).to.deep.equal(['order_not_found']);
    el.order = known.clientSecret;
    await waitUntil(
      () => payButton(el)?.getAttribute('aria-disabled') === 'false',
      'the known order loads again',
    );
    expect(payButton(el)!.textContent).to.contain('120');
    expect(messageText(el)).to.equal('');
  });

  it('a server that does not allow the page\'s origin: "not set up" for the shopper, origin_not_allowed for the merchant, and the origin to allow on the console', async () => {
    const known = await order();
    let found: { el: PaylitCheckout; errors: PaylitErrorEvent[] } | undefined;
    const warnings = await consoleLines('warn', async () => {
      found = await checkout(env.refusingEndpoint, known.clientSecret, 'es-AR');
      await waitUntil(() => found!.errors.length > 0, 'a paylit-error');
    });
    const { el, errors } = found!;
    await el.updateComplete;
    const { es419 } = await import('../../i18n/es-419.js');
    expect(messageText(el)).to.equal(es419.notSetUp);
    expect(payButton(el)).to.equal(null);
    expect(errors.map((e) => [e.detail.kind, e.detail.code, e.detail.retryable])).to.deep.equal([
      ['configuration', 'origin_not_allowed', false],
    ]);
    expect(errors[0]!.detail.message).to.contain(location.origin);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain(
      `add ${location.origin} to its allowedOrigins option (PAYLIT_ALLOWED_ORIGINS for paylit-server)`,
    );
    await expect(el).to.be.accessible();
  });

  it('a server over its rate limit for this address (429): "too many attempts" in the shopper\'s language, kind rate_limited with its Retry-After, and a retry', async () => {
    const known = await order();
    // The server's one request a minute for this address, spent.
    await fetch(`${env.busyEndpoint}/checkout?order=${encodeURIComponent(known.clientSecret)}`);
    let found: { el: PaylitCheckout; errors: PaylitErrorEvent[] } | undefined;
    await consoleLines('warn', async () => {
      found = await checkout(env.busyEndpoint, known.clientSecret, 'pt-BR');
      await waitUntil(() => found!.errors.length > 0, 'a paylit-error');
    });
    const { el, errors } = found!;
    await el.updateComplete;
    const { ptBR } = await import('../../i18n/pt-BR.js');
    expect(messageText(el)).to.equal(ptBR.apiErrors[6000]);
    expect(errors.map((e) => [e.detail.kind, e.detail.retryable, e.detail.code])).to.deep.equal([
      ['rate_limited', true, undefined],
    ]);
    expect(errors[0]!.detail.retryAfter).to.equal(60);
    expect(shadow(el).querySelector('[part=retry]')).not.to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('a server that cannot be reached (the same page and order, nothing listening): still "check your connection", a network paylit-error with no code, and a retry', async () => {
    const known = await order();
    let found: { el: PaylitCheckout; errors: PaylitErrorEvent[] } | undefined;
    const warnings = await consoleLines('warn', async () => {
      found = await checkout('http://127.0.0.1:9/paylit', known.clientSecret, 'es-AR');
      await waitUntil(() => found!.errors.length > 0, 'a paylit-error');
    });
    const { el, errors } = found!;
    await el.updateComplete;
    const { es419 } = await import('../../i18n/es-419.js');
    expect(messageText(el)).to.equal(es419.loadFailed);
    expect(shadow(el).querySelector('[part=retry]')).not.to.equal(null);
    expect(errors.map((e) => [e.detail.kind, e.detail.code, e.detail.retryable])).to.deep.equal([
      ['network', undefined, true],
    ]);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('could not reach the companion server');
    expect(warnings[0]).not.to.contain('allowedOrigins');
  });

  it('a load error shows only the error, announced, and Try again: no "Loading the checkout…" beside it', async () => {
    const known = await order();
    let found: { el: PaylitCheckout; errors: PaylitErrorEvent[] } | undefined;
    await consoleLines('warn', async () => {
      found = await checkout('http://127.0.0.1:9/paylit', known.clientSecret, 'en');
      await waitUntil(() => found!.errors.length > 0, 'a paylit-error');
    });
    const { el } = found!;
    await el.updateComplete;
    expect(shadow(el).textContent).not.to.contain(en.loading);
    expect(payButton(el)).to.equal(null);
    const message = shadow(el).querySelector('[part=message]')!;
    expect(message.getAttribute('role')).to.equal('alert');
    expect(messageText(el)).to.equal(en.loadFailed);
    expect(shadow(el).querySelector('[part=retry]')!.textContent).to.equal(en.retry);
    await expect(el).to.be.accessible();
  });
});

describe('<paylit-checkout>: the methods not offered, in development', () => {
  it('a payer without a phone: Apple Pay and Google Pay are not offered, and the console says why, once; the wallets are (the checkout asks for the phone)', async () => {
    const noPhone = await order(
      `&payer=${encodeURIComponent(JSON.stringify({ name: 'Ana Lima', email: 'ana@example.com', document: '53033315550' }))}`,
    );
    const lines = await consoleLines('info', async () => {
      const first = await checkout(env.endpoint, noPhone.clientSecret, 'en');
      const second = await checkout(env.endpoint, noPhone.clientSecret, 'en');
      await waitUntil(
        () =>
          [first.el, second.el].every(
            (el) => payButton(el)?.getAttribute('aria-disabled') === 'false',
          ),
        'both load',
      );
    });
    expect(lines).to.have.length(1);
    expect(lines[0]).not.to.contain('MP:');
    expect(lines[0]).to.match(/AP: the API takes AP only in the DIRECT flow/);
  });
});
