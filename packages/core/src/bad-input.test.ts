/**
 * Bad input of any kind: every public function either answers or throws a PaylitError
 * (a typed error with a message); never a TypeError from deep inside, never a crash.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import * as card from './card/index.js';
import * as crypto from './crypto/index.js';
import { PaylitError } from './errors.js';
import * as money from './money.js';
import * as schemas from './schemas/index.js';

const anything = fc.anything({
  withBigInt: false,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withNullPrototype: true,
});

function answersOrThrowsTyped(call: () => unknown): void {
  try {
    call();
  } catch (error) {
    expect(error, String(error)).to.be.instanceOf(PaylitError);
    expect((error as Error).message)
      .to.be.a('string')
      .and.not.equal('');
  }
}

async function resolvesOrRejectsTyped(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    expect(error, String(error)).to.be.instanceOf(PaylitError);
  }
}

const syncFunctions: [string, (a: unknown, b: unknown) => unknown][] = [
  ['detectBrand', (a) => card.detectBrand(a as string)],
  ['getBrand', (a) => card.getBrand(a as string)],
  ['cardDigits', (a) => card.cardDigits(a as string)],
  ['luhnCheck', (a) => card.luhnCheck(a as string)],
  ['cardNumberProblem', (a) => card.cardNumberProblem(a as string)],
  ['isValidCardNumber', (a) => card.isValidCardNumber(a as string)],
  ['extractBin', (a) => card.extractBin(a as string)],
  ['maskCardNumber', (a) => card.maskCardNumber(a as string)],
  ['lastFour', (a) => card.lastFour(a as string)],
  ['formatCardNumber', (a) => card.formatCardNumber(a as string)],
  ['parseCardNumber', (a) => card.parseCardNumber(a as string)],
  ['reformatCardNumber', (a, b) => card.reformatCardNumber(a as card.FieldState, b as string)],
  [
    'reformatCardNumber {value, caret}',
    (a, b) => card.reformatCardNumber({ value: a, caret: b } as card.FieldState),
  ],
  ['cvvProblem', (a) => card.cvvProblem(a as string)],
  ['parseExpiry', (a) => card.parseExpiry(a as string)],
  ['expiryProblem', (a, b) => card.expiryProblem(a as card.Expiry, b as Date)],
  ['expiryInputProblem', (a) => card.expiryInputProblem(a as string)],
  ['formatExpiry', (a) => card.formatExpiry(a as card.Expiry)],
  ['formatExpiryDigits', (a) => card.formatExpiryDigits(a as string)],
  ['reformatExpiry', (a, b) => card.reformatExpiry(a as card.FieldState, b as string)],
  [
    'reformatExpiry whole',
    (a, b) => card.reformatExpiry({ value: a, caret: b } as card.FieldState, undefined, true),
  ],
  [
    'reformatCardNumber whole',
    (a, b) => card.reformatCardNumber({ value: a, caret: b } as card.FieldState, undefined, true),
  ],
  ['normalizeDigits', (a) => card.normalizeDigits(a as string)],
  ['findCardNumber', (a) => card.findCardNumber(a as string)],
  ['detectCardBrand', (a) => card.detectCardBrand(a as string)],
  ['reformatCvv', (a, b) => card.reformatCvv(a as string, b as { cvvLength: number })],
  ['reformatCvv whole', (a, b) => card.reformatCvv(a as string, b as { cvvLength: number }, true)],
  ['isValidCvv', (a, b) => card.isValidCvv(a as string, b as { cvvLength: number })],
  ['maxCvvLength', (a) => card.maxCvvLength(a as { cvvLength: number })],
  ['allowedLengths', (a) => card.allowedLengths(a as { lengths: number[] })],
  ['maxCardLength', (a) => card.maxCardLength(a as { lengths: number[] })],
  ['caretAfterDigits', (a, b) => card.caretAfterDigits(a as string, b as number)],
  ['currencyDecimals', (a) => money.currencyDecimals(a as string)],
  ['isApiAmount', (a) => money.isApiAmount(a)],
  ['roundAmount', (a, b) => money.roundAmount(a as number, b as string)],
  ['toMinorUnits', (a, b) => money.toMinorUnits(a as number, b as string)],
  ['fromMinorUnits', (a, b) => money.fromMinorUnits(a as number, b as string)],
  ['formatAmount', (a, b) => money.formatAmount(a as number, 'BRL', b as string)],
  ['formatAmount currency', (a, b) => money.formatAmount(a as number, b as string)],
  ['parseAmount', (a, b) => money.parseAmount(a as string, b as string)],
  ['authorizationHeader', (a) => crypto.authorizationHeader(a as string)],
  ['parseAuthorizationHeader', (a) => crypto.parseAuthorizationHeader(a as string)],
  ['parseXDate', (a) => crypto.parseXDate(a as string)],
  ['isXDateFresh', (a) => crypto.isXDateFresh(a as string)],
  ['formatXDate', (a) => crypto.formatXDate(a as Date)],
  [
    'callbackSignatureText',
    (a) => crypto.callbackSignatureText(a as { status: string; paymentId: string }),
  ],
  ['jweKeyId', (a) => crypto.jweKeyId(a as string)],
];

describe('bad input', () => {
  for (const [name, fn] of syncFunctions) {
    it(`${name} answers or throws a typed error, whatever it is given`, () => {
      fc.assert(
        fc.property(anything, anything, (a, b) => answersOrThrowsTyped(() => fn(a, b))),
        { numRuns: 200 },
      );
      for (const weird of [
        undefined,
        null,
        '',
        NaN,
        -1,
        {},
        [],
        Symbol('x'),
        () => 1,
        Object.create(null),
      ])
        answersOrThrowsTyped(() => fn(weird, weird));
    });
  }

  it('signatures and JWE reject only with typed errors', async () => {
    const keys = await crypto.generateCardKeyPair();
    await fc.assert(
      fc.asyncProperty(anything, anything, async (a, b) => {
        await resolvesOrRejectsTyped(() => crypto.createSignature(a as crypto.SignatureInput));
        await resolvesOrRejectsTyped(() =>
          crypto.createSignature({
            login: 'L',
            date: 'D',
            body: a as string,
            secretKey: b as string,
          }),
        );
        await resolvesOrRejectsTyped(() =>
          crypto.verifySignature({
            login: 'L',
            date: 'D',
            body: '',
            secretKey: 'k',
            signature: a as string,
          }),
        );
        await resolvesOrRejectsTyped(() => crypto.signedHeaders(a as crypto.Credentials));
        await resolvesOrRejectsTyped(() =>
          crypto.encryptCard(a as crypto.CardSecret, keys.publicJwk),
        );
        await resolvesOrRejectsTyped(() =>
          crypto.encryptCard({ number: '4111111111111111', cvv: '123' }, a as crypto.KeyInput),
        );
        await resolvesOrRejectsTyped(() => crypto.decryptCard(a as string, keys.privateJwk));
        await resolvesOrRejectsTyped(() => crypto.decryptCard('a.b.c.d.e', b as crypto.KeyInput));
        await resolvesOrRejectsTyped(() => crypto.encryptCvv(a as string, keys.publicJwk));
        await resolvesOrRejectsTyped(() => crypto.decryptCvv(a as string, keys.privateJwk));
      }),
      { numRuns: 60 },
    );
  });

  const requestSchemas: [string, Parameters<typeof schemas.safeParse>[0]][] = [
    ['payment request', schemas.paymentRequestSchema],
    ['capture request', schemas.captureRequestSchema],
    ['refund request', schemas.refundRequestSchema],
    ['save card request', schemas.saveCardRequestSchema],
    ['enrollment request', schemas.enrollmentRequestSchema],
    ['payment record', schemas.paymentRecordSchema],
    ['callback form', schemas.callbackFormSchema],
  ];

  for (const [name, schema] of requestSchemas) {
    it(`the ${name} schema refuses anything with a ValidationError, never a throw`, () => {
      fc.assert(
        fc.property(anything, (input) => {
          const result = schemas.safeParse(schema, input);
          if (!result.success) expect(result.error.toApiError().code).to.be.oneOf([5000, 5001]);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('the payment request schema survives near-valid requests with any field replaced by anything', () => {
    const base = {
      amount: 120,
      currency: 'INR',
      country: 'IN',
      payment_method_id: 'CARD',
      payment_method_flow: 'DIRECT',
      payer: {
        name: 'Aarav Shah',
        email: 'a@example.com',
        document: 'X',
        phone: '1',
        birth_date: '01-01-1990',
        address: { state: 'MH', city: 'Mumbai', zip_code: '400001', street: 'Main', number: '1' },
      },
      card: {
        holder_name: 'A',
        expiration_month: 1,
        expiration_year: 2040,
        number: '4111111111111111',
        cvv: '123',
        verify: false,
      },
      wallet: { token: 't' },
      enrollment: {
        external_id: 'e',
        type: 'MERCHANT_SUBSCRIPTION',
        subscription: { amount: { type: 'FIXED', value: 1 } },
      },
      additional_risk_data: { shipping: { address: { zip_code: '400001' } } },
      save_payment_method: { mode: 'on_file' },
      order_id: 'o',
    };
    const paths = [
      'amount',
      'payer',
      'payer.name',
      'payer.email',
      'payer.address',
      'payer.address.city',
      'card',
      'card.number',
      'card.verify',
      'wallet',
      'enrollment',
      'enrollment.subscription',
      'enrollment.subscription.amount',
      'additional_risk_data',
      'additional_risk_data.shipping',
      'additional_risk_data.shipping.address',
      'payment_method_flow',
      'country',
      'scheduled_date',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...paths), anything, (path, value) => {
        const input = structuredClone(base) as Record<string, unknown>;
        const keys = path.split('.');
        let node = input;
        for (const k of keys.slice(0, -1)) node = node[k] as Record<string, unknown>;
        node[keys[keys.length - 1]!] = value;
        const result = schemas.safeParse(schemas.paymentRequestSchema, input);
        expect(result.success).to.be.a('boolean');
      }),
      { numRuns: 600 },
    );
  });
});
