import { expect } from 'chai';
import { extractBin, holderNameProblem, BIN_PATTERN } from './card/index.js';
import { checkoutErrorKinds, submissionSchema } from './checkout/index.js';
import { encryptCard, encryptCvv, generateCardKeyPair } from './crypto/index.js';
import {
  COMPACT_JWE_PATTERN,
  chargedAmount,
  checkoutErrorKind,
  isPaymentMade,
  isRefundedInFull,
  madeStatuses,
} from './rules.js';

describe('the checkout rules, without zod', () => {
  it('a verification charges nothing, whatever the amount', () => {
    expect(chargedAmount({ amount: 1500, intent: 'verify' })).to.equal(0);
    expect(chargedAmount({ amount: 1500, intent: 'capture' })).to.equal(1500);
    expect(chargedAmount({ amount: 1500, intent: 'authorize' })).to.equal(1500);
  });

  it('a payment is made when PAID, AUTHORIZED or VERIFIED, and not when PENDING or REJECTED', () => {
    expect([...madeStatuses]).to.deep.equal(['PAID', 'AUTHORIZED', 'VERIFIED']);
    for (const status of ['PENDING', 'REJECTED', 'CANCELLED', 'EXPIRED', 'paid', ''])
      expect(isPaymentMade(status), status).to.equal(false);
  });

  it("each refusal's kind is one rule, with or without a type, the same on both sides", () => {
    // The browser used to take 409 and 429 for the shopper's input: a payment still in progress is the server busy.
    expect(checkoutErrorKind('payment_in_progress', 409)).to.equal('server');
    expect(checkoutErrorKind('rate_limited', 429)).to.equal('rate_limited');
    expect(checkoutErrorKind(undefined, 429)).to.equal('rate_limited');
    expect(checkoutErrorKind('unauthorized', 401)).to.equal('configuration');
    expect(checkoutErrorKind('order_mismatch', 409)).to.equal('validation');
    expect(checkoutErrorKind('forbidden', 403)).to.equal('validation');
    expect(checkoutErrorKind(undefined, 0)).to.equal('network');
    expect(checkoutErrorKind(undefined, 503)).to.equal('server');
    expect(checkoutErrorKind(undefined, 401)).to.equal('configuration');
    expect(checkoutErrorKind(undefined, 404)).to.equal('validation');
    for (const [type, kind] of Object.entries(checkoutErrorKinds))
      expect(checkoutErrorKind(type, 400), type).to.equal(kind);
    expect(checkoutErrorKinds.store_unavailable).to.equal('server');
    expect(checkoutErrorKinds.payload_too_large).to.equal('validation');
  });

  it("the JWE pattern takes what the card fields make, and the submission's schema is built on it", async () => {
    const { publicJwk } = await generateCardKeyPair({ kid: 'k' });
    const card = await encryptCard({ number: '4111111111111111', cvv: '123' }, publicJwk);
    const cvv = await encryptCvv('1234', publicJwk);
    expect(COMPACT_JWE_PATTERN.test(card), card.slice(0, 40)).to.equal(true);
    expect(COMPACT_JWE_PATTERN.test(cvv)).to.equal(true);
    for (const bad of ['4111111111111111', `${card}.x`, card.replace(/\./, ''), `${card} `])
      expect(COMPACT_JWE_PATTERN.test(bad), bad.slice(0, 30)).to.equal(false);
  });

  it('the BIN pattern takes what extractBin gives: 6 or 8 digits, never 7 or the number', () => {
    expect(BIN_PATTERN.test(extractBin('4111 1111 1111 1111')!)).to.equal(true);
    expect(BIN_PATTERN.test(extractBin('378282')!)).to.equal(true);
    for (const bad of ['411111 1', '4111111', '411111111', '41111a'])
      expect(BIN_PATTERN.test(bad), bad).to.equal(false);
  });

  it("the holder's name: not empty, no run of four digits in any script, at most 100 characters", () => {
    expect(holderNameProblem('  María José Núñez ')).to.equal(undefined);
    expect(holderNameProblem("O'Brien-Smith Jr.")).to.equal(undefined);
    expect(holderNameProblem('   ')).to.equal('empty');
    expect(holderNameProblem('MARIA 4111 1111')).to.equal('digits');
    expect(holderNameProblem('MARIA 411')).to.equal(undefined);
    expect(holderNameProblem('محمد ٤١١١')).to.equal('digits');
    expect(holderNameProblem('ＭＡＲＩＡ　４１１１')).to.equal('digits');
    expect(holderNameProblem('A'.repeat(100))).to.equal(undefined);
    expect(holderNameProblem('A'.repeat(101))).to.equal('invalid');
    expect(holderNameProblem('MARIA\u0000 LOPEZ')).to.equal('invalid');
  });

  it("the companion server's schema refuses the names the rule refuses, naming the field", async () => {
    const { publicJwk } = await generateCardKeyPair({ kid: 'k' });
    const encryptedData = await encryptCard({ number: '4111111111111111', cvv: '123' }, publicJwk);
    const submit = (holderName: string) =>
      submissionSchema.safeParse({
        order: 'A-1_secret_0123456789abcdef0123456789abcdef',
        attempt: crypto.randomUUID(),
        method: {
          type: 'card',
          encryptedData,
          holderName,
          expirationMonth: 12,
          expirationYear: 2030,
        },
      });
    const ok = submit('  MARIA LOPEZ ');
    expect(ok.success && ok.data.method.type === 'card' && ok.data.method.holderName).to.equal(
      'MARIA LOPEZ',
    );
    for (const [name, words] of [
      ['MARIA 4111 1111', 'run of 4 digits'],
      [' ', 'must not be empty'],
      ['A'.repeat(101), 'at most 100'],
    ] as const) {
      const refused = submit(name);
      expect(refused.success, name).to.equal(false);
      const issue = refused.error!.issues[0]!;
      expect(issue.path.join('.')).to.equal('method.holderName');
      expect(issue.message).to.contain(words);
    }
  });
});

describe('the checkout rules: a payment refunded in full', () => {
  it('counts refunds that give the money back (SUCCESS, PENDING) up to the whole amount', () => {
    const paid = (...refunds: [number, string][]) => ({
      amount: 100,
      refunds: refunds.map(([amount, status]) => ({ amount, status })),
    });
    expect(isRefundedInFull(paid())).to.equal(false);
    expect(isRefundedInFull(paid([100, 'SUCCESS']))).to.equal(true);
    expect(isRefundedInFull(paid([100, 'PENDING']))).to.equal(true);
    expect(isRefundedInFull(paid([60, 'SUCCESS'], [40, 'PENDING']))).to.equal(true);
    expect(isRefundedInFull(paid([99.99, 'SUCCESS']))).to.equal(false);
    expect(isRefundedInFull(paid([100, 'REJECTED']))).to.equal(false);
    expect(isRefundedInFull(paid([100, 'CANCELLED']))).to.equal(false);
    expect(isRefundedInFull(paid([60, 'SUCCESS'], [40, 'REJECTED']))).to.equal(false);
    expect(isRefundedInFull({ amount: 0, refunds: [] })).to.equal(false);
  });

  it('adds partial refunds to the cent: 10.10 + 20.20 give back 30.30 (floats sum 30.299999999999997)', () => {
    // Python: Decimal('10.10') + Decimal('20.20') == Decimal('30.30'); 10.1 + 20.2 < 30.3 in floats.
    const refunds = (...amounts: number[]) =>
      amounts.map((amount) => ({ amount, status: 'SUCCESS' }));
    expect(isRefundedInFull({ amount: 30.3, refunds: refunds(10.1, 20.2) })).to.equal(true);
    expect(isRefundedInFull({ amount: 0.8, refunds: refunds(0.7, 0.1) })).to.equal(true);
    expect(isRefundedInFull({ amount: 0.8, refunds: refunds(0.7, 0.09) })).to.equal(false);
    expect(isRefundedInFull({ amount: 15000, refunds: refunds(5000, 10000) })).to.equal(true);
    // Each amount to its nearest cent, not down: 0.57 × 100 is 56.99999999999999.
    expect(isRefundedInFull({ amount: 1, refunds: refunds(0.57, 0.43) })).to.equal(true);
    expect(isRefundedInFull({ amount: 0.3, refunds: refunds(0.29, 0.01) })).to.equal(true);
  });
});
