import { expect } from '@open-wc/testing';
import type { CheckoutView, Submission } from '@paylit/core/checkout';
import { encryptCard } from '@paylit/core/crypto';
import { en } from '../../i18n/en.js';
import {
  fetchPlans,
  loadCheckout,
  refusalKind,
  retryAfterOf,
  resumePayment,
  submitPayment,
  type ServerResult,
} from './checkout-client.js';
import { refusesOrigin } from './checkout-load-failure.js';
import { paid, returned } from './checkout-payment.js';
import { submission as made } from './checkout-submission.js';

const env = (await (await fetch('/__paylit/env.json')).json()) as {
  endpoint: string;
  refusingEndpoint: string;
};
const server = { endpoint: env.endpoint };

async function order(params: Record<string, string> = {}) {
  const q = new URLSearchParams(params);
  return (await (await fetch(`/__paylit/order?${q}`)).json()).order as {
    id: string;
    clientSecret: string;
  };
}

function answer<T>(result: ServerResult<T>): T {
  if (!result.ok) throw new Error(`refused: ${result.status} ${result.error?.type}`);
  return result.answer;
}

/** What the checkout submits for `view`: the card inside its JWE, as the card fields make it. */
async function submission(clientSecret: string, view: CheckoutView): Promise<Submission> {
  return {
    order: clientSecret,
    attempt: crypto.randomUUID(),
    method: {
      type: 'card',
      encryptedData: await encryptCard({ number: '4111111111111111', cvv: '123' }, view.publicKey),
      holderName: 'Ana Lima',
      expirationMonth: 12,
      expirationYear: 2040,
    },
    amount: view.order.amount,
    currency: view.order.currency,
    country: view.order.country,
  };
}

describe("the checkout's client of the companion server (a real server and sandbox)", () => {
  it('loads the checkout view; an order the server does not know is a validation refusal naming `order`', async () => {
    const o = await order();
    const view = answer(await loadCheckout(server, o.clientSecret));
    expect(view.order).to.include({ amount: 120, currency: 'BRL', country: 'BR' });
    const unknown = await loadCheckout(server, 'nowhere-1_secret_00000000000000000000000000000000');
    expect(unknown.ok).to.equal(false);
    if (unknown.ok) return;
    expect([unknown.status, unknown.error?.param, refusalKind(unknown)]).to.deep.equal([
      404,
      'order',
      'validation',
    ]);
  });

  it('a server nobody answers for is no answer (status 0, kind network); one refusing the origin is told apart', async () => {
    const o = await order();
    const nowhere = { endpoint: 'http://127.0.0.1:9/paylit' };
    const none = await loadCheckout(nowhere, o.clientSecret);
    expect(none.ok).to.equal(false);
    if (none.ok) return;
    expect([none.status, refusalKind(none)]).to.deep.equal([0, 'network']);
    expect(await refusesOrigin(nowhere)).to.equal(false);
    const refusing = { endpoint: env.refusingEndpoint };
    expect((await loadCheckout(refusing, o.clientSecret)).ok).to.equal(false);
    expect(await refusesOrigin(refusing)).to.equal(true);
  });

  it('asks the plans for a BIN through the fetch it is given', async () => {
    const o = await order();
    const asked: string[] = [];
    const plans = answer(
      await fetchPlans(
        {
          endpoint: `${env.endpoint}/`,
          fetch: (input, init) => (asked.push(String(input)), fetch(input, init)),
        },
        o.clientSecret,
        '411111',
      ),
    );
    expect(asked).to.deep.equal([`${env.endpoint}/installments`]);
    expect(plans).to.have.property('plan');
  });

  it('pays: the same attempt sent again answers the same payment (one charge); the return page confirms it', async () => {
    const o = await order();
    const view = answer(await loadCheckout(server, o.clientSecret));
    const sent = await submission(o.clientSecret, view);
    const first = await submitPayment(server, sent);
    expect(paid(first, { t: en })).to.deep.include({ to: 'outcome' });
    const again = answer(await submitPayment(server, sent));
    expect(again.payment.id).to.equal(answer(first).payment.id);
    const back = await resumePayment(server, o.clientSecret, again.payment.id);
    expect(returned(back, { t: en })).to.deep.equal({
      to: 'outcome',
      payment: answer(back).payment,
    });
    const unknown = await resumePayment(server, o.clientSecret, 'D-1-not-this-order');
    expect(returned(unknown, { t: en })).to.deep.include({ to: 'refused', text: en.serverError });
  });

  it("a decline in the shopper's words; a refusal with core's kind, and not sent again", async () => {
    const o = await order({ description: 'Order 302' });
    const view = answer(await loadCheckout(server, o.clientSecret));
    expect(
      paid(await submitPayment(server, await submission(o.clientSecret, view)), { t: en }),
    ).to.deep.include({
      to: 'declined',
      text: en.rejections['302'],
    });
    const wrong = { ...(await submission(o.clientSecret, view)), amount: 1 };
    const refusal = await submitPayment(server, wrong);
    const settled = paid(refusal, { t: en });
    expect(settled.to).to.equal('refused');
    if (settled.to !== 'refused' || refusal.ok) return;
    expect(settled.error).to.deep.include({ kind: 'validation', retryable: false });
    expect(settled.error.message).to.equal(refusal.error?.message);
  });

  it("a refusal's kind is core's: a payment in progress (409) is the server's, a rate limit (429) rate_limited, with its Retry-After", () => {
    const refusal = (status: number, type?: string) => ({
      ok: false as const,
      status,
      error: type ? { type: type as 'rate_limited', message: type } : undefined,
    });
    expect(refusalKind(refusal(409, 'payment_in_progress'))).to.equal('server');
    expect(refusalKind(refusal(429, 'rate_limited'))).to.equal('rate_limited');
    expect(refusalKind(refusal(400, 'order_mismatch'))).to.equal('validation');
    expect(refusalKind(refusal(502))).to.equal('server');
    expect(paid(refusal(429), { t: en })).to.deep.include({
      to: 'refused',
      text: en.apiErrors[6000],
    });
    expect(paid({ ...refusal(429, 'rate_limited'), retryAfter: 42 }, { t: en })).to.deep.include({
      to: 'refused',
      error: { kind: 'rate_limited', message: 'rate_limited', retryable: false, retryAfter: 42 },
    });
    expect(retryAfterOf('60')).to.equal(60);
    expect(retryAfterOf(new Date(Date.now() + 30_000).toUTCString())).to.be.within(29, 31);
    expect(retryAfterOf('soon')).to.equal(undefined);
    expect(retryAfterOf(null)).to.equal(undefined);
    expect(paid(refusal(0), { t: en })).to.deep.equal({ to: 'unreachable' });
  });

  it("a submission charges core's chargedAmount (nothing for a verification); by card it needs the card fields and the key", async () => {
    const order = {
      id: 'o-1',
      amount: 15,
      currency: 'BRL',
      country: 'BR',
      intent: 'verify' as const,
      installments: false,
    };
    const wallet = await made(
      {
        order: 'o-1',
        checkout: { order, selection: { type: 'wallet', methodId: 'MP' }, plan: undefined },
        fields: undefined,
        publicKey: undefined,
      },
      () => 'the attempt',
    );
    expect(wallet).to.deep.equal({
      order: 'o-1',
      attempt: 'the attempt',
      method: { type: 'wallet', methodId: 'MP' },
      amount: 0,
      currency: 'BRL',
      country: 'BR',
    });
    const card = await made(
      {
        order: 'o-1',
        checkout: { order, selection: { type: 'card' }, plan: undefined },
        fields: undefined,
        publicKey: undefined,
      },
      () => 'never',
    );
    expect(card).to.deep.include({ kind: 'configuration', retryable: false });
  });
});
