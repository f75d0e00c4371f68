import { expect } from 'chai';
import { parse } from './parse.js';
import { specCaptureRequests, specRefundRequests } from '../../test/fixtures/spec-examples.js';
import { enrollmentRequestSchema } from './enrollment.js';
import {
  captureRequestSchema,
  forceStatusRequestSchema,
  installmentsPlanRequestSchema,
  refundRequestSchema,
  saveCardRequestSchema,
} from './operations.js';
import { expectAccepted, expectRefused, patch } from '../../test/schema-helpers.js';

describe('capture request schema', () => {
  for (const [name, request] of Object.entries(specCaptureRequests)) {
    it(`accepts the spec's example: ${name}`, () => expectAccepted(captureRequestSchema, request));
  }
  it('needs authorization_id', () =>
    expectRefused(captureRequestSchema, { amount: 1, currency: 'BRL' }, 'authorization_id'));
  it('needs currency with amount', () =>
    expectRefused(captureRequestSchema, { authorization_id: 'A', amount: 10 }, 'currency'));
  it('needs amount with currency', () =>
    expectRefused(captureRequestSchema, { authorization_id: 'A', currency: 'BRL' }, 'amount'));
  it('takes a positive 10,2 amount', () => {
    expectAccepted(captureRequestSchema, { authorization_id: 'A', amount: 0.01, currency: 'BRL' });
    expectRefused(
      captureRequestSchema,
      { authorization_id: 'A', amount: 0, currency: 'BRL' },
      'amount',
    );
    expectRefused(
      captureRequestSchema,
      { authorization_id: 'A', amount: 1.001, currency: 'BRL' },
      'amount',
    );
  });
  it('limits order_id to 125', () => {
    expectAccepted(captureRequestSchema, { authorization_id: 'A', order_id: 'x'.repeat(125) });
    expectRefused(
      captureRequestSchema,
      { authorization_id: 'A', order_id: 'x'.repeat(126) },
      'order_id',
    );
  });
});

describe('refund request schema', () => {
  const full = specRefundRequests['refund the whole payment'] as Record<string, unknown>;
  for (const [name, request] of Object.entries(specRefundRequests)) {
    it(`accepts the spec's example: ${name}`, () => expectAccepted(refundRequestSchema, request));
  }
  it('needs payment_id', () =>
    expectRefused(refundRequestSchema, patch(full, { payment_id: undefined }), 'payment_id'));
  it('takes no notification_url (the API accepts a refund without one), but refuses one that is no URL', () => {
    expectAccepted(refundRequestSchema, patch(full, { notification_url: undefined }));
    expectRefused(
      refundRequestSchema,
      patch(full, { notification_url: 'not a url' }),
      'notification_url',
    );
  });
  it('takes amount and currency together or neither', () => {
    expectRefused(refundRequestSchema, patch(full, { amount: 10 }), 'currency');
    expectRefused(refundRequestSchema, patch(full, { currency: 'BRL' }), 'amount');
  });
  it('limits description to 200', () => {
    expectAccepted(refundRequestSchema, patch(full, { description: 'x'.repeat(200) }));
    expectRefused(
      refundRequestSchema,
      patch(full, { description: 'x'.repeat(201) }),
      'description',
    );
  });
});

describe('save card request schema', () => {
  const body = {
    country: 'BR',
    card: {
      holder_name: 'Thiago',
      expiration_month: 1,
      expiration_year: 2040,
      number: '4111111111111111',
      cvv: '123',
    },
    payer: { name: 'Thiago', email: 't@example.com', document: '53033315550' },
  };
  it('accepts raw or encrypted card data', () => {
    expectAccepted(saveCardRequestSchema, body);
    expectAccepted(
      saveCardRequestSchema,
      patch(body, {
        'card.number': undefined,
        'card.cvv': undefined,
        'card.encrypted_data': 'a.b.c.d.e',
      }),
    );
  });
  it('needs a number or encrypted_data', () =>
    expectRefused(saveCardRequestSchema, patch(body, { 'card.number': undefined }), 'card.number'));
  it('needs the holder and expiry', () =>
    expectRefused(
      saveCardRequestSchema,
      patch(body, { 'card.expiration_year': undefined }),
      'card.expiration_year',
    ));
  // This refused card.card_id as a field of no card to save; unknown fields are now dropped (the
  // wire dialect), so a card_id alone is a card with nothing to save.
  it('saves card data only: a card_id is no card to save', () => {
    expectRefused(
      saveCardRequestSchema,
      patch(body, { 'card.number': undefined, 'card.cvv': undefined, 'card.card_id': 'CV-1' }),
      'card.number',
    );
    expect(
      parse(saveCardRequestSchema, patch(body, { 'card.card_id': 'CV-1' })).card,
    ).not.to.have.property('card_id');
  });
  it("checks a Brazilian payer's document", () =>
    expectRefused(saveCardRequestSchema, patch(body, { 'payer.document': '1' }), 'payer.document'));
});

describe('installment plans request schema', () => {
  const body = { country: 'BR', bin: '411111', amount: 1200, currency: 'BRL' };
  it('takes a BIN of 6 or 8 digits', () => {
    expectAccepted(installmentsPlanRequestSchema, body);
    expectAccepted(installmentsPlanRequestSchema, patch(body, { bin: '41111111' }));
    expectRefused(installmentsPlanRequestSchema, patch(body, { bin: '4111111' }), 'bin');
    expectRefused(installmentsPlanRequestSchema, patch(body, { bin: '4111111111111111' }), 'bin');
  });
  it('needs a positive amount', () =>
    expectRefused(installmentsPlanRequestSchema, patch(body, { amount: 0 }), 'amount'));
});

describe('enrollment request schema', () => {
  const body = {
    country: 'BR',
    payer: { name: 'Thiago', email: 't@example.com', document: '53033315550' },
    external_id: 'sub-1',
    type: 'MERCHANT_SUBSCRIPTION',
    subscription: {
      start_date: '2026-12-01',
      frequency: 'MONTHLY',
      amount: { type: 'VARIABLE', min_value: 10, max_value: 100 },
    },
  };
  it('accepts a full enrollment', () => expectAccepted(enrollmentRequestSchema, body));
  it('needs subscription for MERCHANT_SUBSCRIPTION', () =>
    expectRefused(
      enrollmentRequestSchema,
      patch(body, { subscription: undefined }),
      'subscription',
    ));
  it('needs min_value at most max_value', () =>
    expectRefused(
      enrollmentRequestSchema,
      patch(body, { 'subscription.amount.min_value': 200 }),
      'subscription.amount.max_value',
    ));
  it('does not take an id', () =>
    expectRefused(enrollmentRequestSchema, patch(body, { id: 'E-1' }), 'id'));
  it("checks a Brazilian payer's document", () =>
    expectRefused(
      enrollmentRequestSchema,
      patch(body, { 'payer.document': '1' }),
      'payer.document',
    ));
  it('needs end_date after start_date', () =>
    expectRefused(
      enrollmentRequestSchema,
      patch(body, { 'subscription.end_date': '2026-11-01' }),
      'subscription.end_date',
    ));
});

describe('sandbox force-status request schema', () => {
  it('takes a payment or refund status', () => {
    expectAccepted(forceStatusRequestSchema, { payment_id: 'D-1', status: 'PAID' });
    expectAccepted(forceStatusRequestSchema, { payment_id: 'REF-1', status: 'SUCCESS' });
    const error = expectRefused(
      forceStatusRequestSchema,
      { payment_id: 'D-1', status: 'DONE' },
      'status',
    );
    expect(error.issues[0]?.message).to.match(/^must be one of PENDING, PAID, REJECTED/);
  });
});
