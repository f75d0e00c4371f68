/**
 * The checkout protocol as both sides see it: what the elements send parses, what the
 * server answers parses, and card data outside the JWE is refused by name.
 */
import { expect } from 'chai';
import { IDEMPOTENCY_KEY_MAX } from '../codes.js';
import { encryptCard, encryptCvv, generateCardKeyPair } from '../crypto/index.js';
import {
  KeyError,
  PaylitError,
  ValidationError,
  errorKindOfStatus,
  errorKinds,
} from '../errors.js';
import {
  CLIENT_SECRET_PATTERN,
  ORDER_ID_PATTERN,
  chargedAmount,
  checkoutErrorAnswerSchema,
  checkoutErrorKinds,
  checkoutViewSchema,
  installmentsAnswerSchema,
  installmentsRequestSchema,
  offersInstallments,
  paymentAnswerSchema,
  paymentStatusAnswerSchema,
  submissionSchema,
  type Submission,
} from './index.js';

const attempt = '0b7e7d3c-5a34-4f5e-9a51-2b1c6c4b8f10';

async function cardSubmission(): Promise<Submission> {
  const keys = await generateCardKeyPair();
  const encryptedData = await encryptCard(
    { number: '4111111111111111', cvv: '123' },
    keys.publicPem,
  );
  // As <paylit-checkout> builds it.
  return {
    order: `ORDER-1042_secret_${'0f'.repeat(16)}`,
    attempt,
    method: {
      type: 'card',
      encryptedData,
      holderName: 'Ana Souza',
      expirationMonth: 12,
      expirationYear: 2030,
      installments: '3',
      installmentsId: 'plan-1',
    },
    amount: 100,
    currency: 'BRL',
    country: 'BR',
  };
}

function issuesOf(value: unknown): { code: string; path: PropertyKey[]; keys?: string[] }[] {
  const result = submissionSchema.safeParse(value);
  expect(result.success, 'refused').to.equal(false);
  return result.error!.issues as never;
}

describe('checkout protocol: the submission', () => {
  it('parses a card submission as the elements send it, and one that asks to save the card', async () => {
    const submission = await cardSubmission();
    expect(submissionSchema.parse(submission)).to.deep.equal(submission);
    const save = { ...submission, method: { ...submission.method, save: true } };
    expect(submissionSchema.parse(save).method).to.include({ save: true });
  });

  it('parses saved card, wallet and redirect submissions', async () => {
    const keys = await generateCardKeyPair();
    const encryptedCvv = await encryptCvv('123', keys.publicPem);
    for (const method of [
      { type: 'saved_card', cardId: 'card-1', encryptedCvv },
      { type: 'wallet', methodId: 'PX', useSaved: true },
      { type: 'wallet', methodId: 'OX', save: true },
      { type: 'redirect', methodId: 'BL' },
    ] as const) {
      expect(
        submissionSchema.safeParse({ order: 'o-1', attempt, method }).success,
        method.type,
      ).to.equal(true);
    }
  });

  it('refuses card data outside the JWE as unknown fields, wherever it is put', async () => {
    const submission = await cardSubmission();
    const inMethod = issuesOf({
      ...submission,
      method: { ...submission.method, number: '4111111111111111' },
    });
    expect(inMethod[0]).to.include({ code: 'unrecognized_keys' });
    expect(inMethod[0]!.path).to.deep.equal(['method']);
    expect(inMethod[0]!.keys).to.deep.equal(['number']);
    const atTop = issuesOf({ ...submission, cvv: '123' });
    expect(atTop[0]).to.include({ code: 'unrecognized_keys' });
    expect(atTop[0]!.keys).to.deep.equal(['cvv']);
    // The message never carries the value.
    expect(JSON.stringify(inMethod)).not.to.contain('4111111111111111');
  });

  it('refuses an order reference or a method id outside their patterns, and a JWE that is not one', async () => {
    const submission = await cardSubmission();
    expect(issuesOf({ ...submission, order: 'x'.repeat(121) })[0]!.path).to.deep.equal(['order']);
    expect(issuesOf({ ...submission, order: 'a b' })[0]!.path).to.deep.equal(['order']);
    expect(
      issuesOf({ order: 'o', attempt, method: { type: 'redirect', methodId: 'px' } })[0]!.path,
    ).to.deep.equal(['method', 'methodId']);
    expect(
      issuesOf({
        ...submission,
        method: { ...submission.method, encryptedData: '4111111111111111' },
      })[0]!.path,
    ).to.deep.equal(['method', 'encryptedData']);
    expect(ORDER_ID_PATTERN.test('ORDER-1042.a:b_c')).to.equal(true);
  });

  it('reads the order id out of a client secret, the last "_secret_" and 32 hex digits', () => {
    const digest = 'a'.repeat(32);
    expect(CLIENT_SECRET_PATTERN.exec(`A-1042_secret_${digest}`)?.[1]).to.equal('A-1042');
    expect(CLIENT_SECRET_PATTERN.exec(`x_secret_y_secret_${digest}`)?.[1]).to.equal('x_secret_y');
    expect(CLIENT_SECRET_PATTERN.test('A-1042')).to.equal(false);
    expect(CLIENT_SECRET_PATTERN.test(`A-1042_secret_${'A'.repeat(32)}`)).to.equal(false);
    expect(CLIENT_SECRET_PATTERN.test(`A-1042_secret_${digest}0`)).to.equal(false);
  });
});

describe('checkout protocol: the answers', () => {
  it('describes the GET /checkout answer, the installments and the payment answers', () => {
    const view = {
      order: {
        id: 'ORDER-1042',
        amount: 100,
        currency: 'BRL',
        country: 'BR',
        intent: 'capture',
        installments: true,
      },
      publicKey: { kty: 'RSA', n: 'abc', e: 'AQAB' },
      paymentMethods: [
        { id: 'CARD', type: 'CARD', name: 'Card', allowed_flows: ['DIRECT'], extra: 1 },
      ],
      savedCards: [{ card_id: 'c1', brand: 'VI', last4: '1111' }],
      savedWallets: [{ methodId: 'PX', name: 'Pix' }],
    };
    expect(checkoutViewSchema.safeParse(view).success).to.equal(true);
    // A saved wallet's token is never part of the view, nor a saved card's holder or expiry.
    expect(
      checkoutViewSchema.safeParse({ ...view, savedWallets: [{ methodId: 'PX', token: 't' }] })
        .success,
    ).to.equal(false);
    expect(
      checkoutViewSchema.safeParse({
        ...view,
        savedCards: [{ card_id: 'c1', brand: 'VI', last4: '1111', holder_name: 'Ana Souza' }],
      }).success,
    ).to.equal(false);
    expect(
      checkoutViewSchema.safeParse({
        ...view,
        savedCards: [
          {
            card_id: 'c1',
            brand: 'VI',
            last4: '1111',
            expiration_month: 12,
            expiration_year: 2030,
          },
        ],
      }).success,
    ).to.equal(false);

    expect(
      installmentsRequestSchema.safeParse({ order: 'ORDER-1042', bin: '41111111' }).success,
    ).to.equal(true);
    expect(
      installmentsRequestSchema.safeParse({ order: 'ORDER-1042', bin: '4111111111111111' }).success,
    ).to.equal(false);
    expect(installmentsAnswerSchema.parse({ plan: null })).to.deep.equal({ plan: null });
    const plan = {
      id: 'p',
      country: 'BR',
      bin: '411111',
      amount: 100,
      currency: 'BRL',
      installments: [{ id: 'o1', installments: 1, installment_amount: 100, total_amount: 100 }],
    };
    expect(installmentsAnswerSchema.safeParse({ plan }).success).to.equal(true);

    const payment = {
      id: 'pay-1',
      order: 'ORDER-1042',
      status: 'PAID',
      status_code: '200',
      amount: 100,
      currency: 'BRL',
      card: { brand: 'VI', last4: '1111' },
    };
    expect(
      paymentAnswerSchema.safeParse({ payment, nextAction: null, replayed: true }).success,
    ).to.equal(true);
    expect(
      paymentAnswerSchema.safeParse({
        payment,
        nextAction: { type: 'redirect', url: 'https://bank.example/3ds' },
      }).success,
    ).to.equal(true);
    // The return page's answer has no replay; a payment view carries no payer.
    expect(
      paymentStatusAnswerSchema.safeParse({ payment, nextAction: null, replayed: true }).success,
    ).to.equal(false);
    expect(
      paymentAnswerSchema.safeParse({
        payment: { ...payment, payer: { name: 'x' } },
        nextAction: null,
      }).success,
    ).to.equal(false);
  });

  it('describes the error body, with a kind for each type', () => {
    const answer = {
      error: {
        type: 'order_mismatch',
        message: 'amount differs',
        param: 'amount',
        retryable: false,
      },
      requestId: 'r1',
    };
    expect(checkoutErrorAnswerSchema.parse(answer)).to.deep.equal(answer);
    expect(
      checkoutErrorAnswerSchema.safeParse({ ...answer, error: { ...answer.error, type: 'oops' } })
        .success,
    ).to.equal(false);
    for (const kind of Object.values(checkoutErrorKinds)) expect(errorKinds).to.include(kind);
  });
});

describe('checkout rules', () => {
  it('a verification charges 0 and offers no installments', () => {
    expect(chargedAmount({ amount: 25.5, intent: 'verify' })).to.equal(0);
    expect(chargedAmount({ amount: 25.5, intent: 'authorize' })).to.equal(25.5);
    expect(offersInstallments({ installments: true, intent: 'verify' })).to.equal(false);
    expect(offersInstallments({ installments: true, intent: 'capture' })).to.equal(true);
    expect(IDEMPOTENCY_KEY_MAX).to.equal(42);
  });

  it('errors share one base and one vocabulary of kinds', () => {
    expect(new KeyError('bad key'))
      .to.be.instanceOf(PaylitError)
      .and.include({ kind: 'configuration', code: 'invalid_key' });
    expect(new ValidationError([{ path: 'amount', message: 'x' }]).kind).to.equal('validation');
    expect(new PaylitError(7, 'm', { kind: 'server', cause: 1 })).to.include({
      code: 7,
      kind: 'server',
      cause: 1,
    });
    expect('cause' in new PaylitError('invalid_argument', 'm')).to.equal(false);
    expect([0, 401, 403, 404, 429, 503].map(errorKindOfStatus)).to.deep.equal([
      'network',
      'configuration',
      'configuration',
      'validation',
      'rate_limited',
      'server',
    ]);
  });
});
