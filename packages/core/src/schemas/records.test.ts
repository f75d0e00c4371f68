import { expect } from 'chai';
import { parse } from './parse.js';
import {
  apiErrorBodySchema,
  callbackFormSchema,
  deletedCardRecordSchema,
  installmentsPlanRecordSchema,
  orderRecordSchema,
  paymentMethodListSchema,
  paymentNotificationSchema,
  paymentRecordSchema,
  paymentStatusRecordSchema,
  refundNotificationSchema,
  refundRecordSchema,
  savedCardRecordSchema,
} from './records.js';
import { enrollmentRecordSchema } from './enrollment.js';
import { expectRefused } from '../../test/schema-helpers.js';

const payment = {
  id: 'D-4-e1d4b6a5-3e4f-4b3d-a3e6-0b1c2d3e4f50',
  amount: 120,
  currency: 'USD',
  payment_method_id: 'CARD',
  payment_method_type: 'CARD',
  payment_method_flow: 'DIRECT',
  country: 'BR',
  card: {
    holder_name: 'Thiago Gabriel',
    expiration_month: 10,
    expiration_year: 2040,
    brand: 'VI',
    last4: '1111',
  },
  created_date: '2026-02-09T14:47:49.000+0000',
  approved_date: '2026-02-09T14:47:49.000+0000',
  status: 'PAID',
  status_detail: 'The payment was paid.',
  status_code: '200',
  order_id: '657434343',
  notification_url: 'http://merchant.com/notifications',
  three_dsecure: {},
};

const refund = {
  id: 'REF-42-1',
  payment_id: payment.id,
  notification_url: 'http://merchant.com/refunds',
  amount: 20,
  amount_refunded: 20,
  currency: 'USD',
  status: 'SUCCESS',
  status_code: 200,
  status_detail: 'The refund was paid.',
  created_date: '2026-02-10T10:00:00.000+0000',
};

describe('records (parsed leniently)', () => {
  it('reads a payment record and keeps fields it does not know', () => {
    const record = parse(paymentRecordSchema, { ...payment, risk_score: 12, refunds: [refund] });
    expect(record.status).to.equal('PAID');
    expect((record as Record<string, unknown>).risk_score).to.equal(12);
    expect(record.refunds?.[0]?.status_code).to.equal('200'); // a string, as in payments
  });

  it('reads an authorization, a capture, a pending redirect and a 3-D Secure challenge', () => {
    expect(
      parse(paymentRecordSchema, { ...payment, status: 'AUTHORIZED', status_code: '600' }).status,
    ).to.equal('AUTHORIZED');
    expect(
      parse(paymentRecordSchema, { ...payment, id: 'D-4-cap', authorization_id: payment.id })
        .authorization_id,
    ).to.equal(payment.id);
    expect(
      parse(paymentRecordSchema, {
        ...payment,
        status: 'PENDING',
        status_code: '100',
        redirect_url: 'https://pay.example/r/1',
      }).redirect_url,
    ).to.equal('https://pay.example/r/1');
    expect(
      parse(paymentRecordSchema, {
        ...payment,
        status: 'PENDING',
        status_code: '101',
        three_dsecure: { redirect_url: 'https://3ds.example/1' },
      }).three_dsecure?.redirect_url,
    ).to.equal('https://3ds.example/1');
  });

  it('refuses a record without its id: that is no answer of the API', () => {
    expectRefused(paymentRecordSchema, { ...payment, id: undefined }, 'id');
  });

  // This refused an unknown status; an answer the API gives is never an error (the API's observed behaviour,
  // "The wire dialect"), so a status the table does not list comes through as its string.
  it('reads a status it does not know as its string, and the known ones still narrow', () => {
    const record = parse(paymentRecordSchema, {
      ...payment,
      status: 'IN_REVIEW',
      status_code: '150',
    });
    expect(record.status).to.equal('IN_REVIEW');
    const known = parse(paymentRecordSchema, payment);
    if (known.status === 'PAID') expect(known.status_code).to.equal('200');
    else throw new Error('PAID did not narrow');
    expect(parse(refundRecordSchema, { ...refund, status: 'PARTIALLY_REVERSED' }).status).to.equal(
      'PARTIALLY_REVERSED',
    );
    expect(
      parse(paymentStatusRecordSchema, { id: 'D-1', status: 'AUTHORIZING', status_code: 601 })
        .status,
    ).to.equal('AUTHORIZING');
    expect(
      parse(enrollmentRecordSchema, { id: 'E-1', status: 'PAUSED', status_code: '500' }).status,
    ).to.equal('PAUSED');
    expect(
      parse(paymentRecordSchema, { ...payment, payment_method_flow: 'HOSTED' }).payment_method_flow,
    ).to.equal('HOSTED');
  });

  it('reads status_code as a string or an integer, as a string', () => {
    expect(parse(paymentRecordSchema, { ...payment, status_code: 200 }).status_code).to.equal(
      '200',
    );
    expect(parse(refundRecordSchema, refund).status_code).to.equal('200');
    expect(
      parse(orderRecordSchema, {
        order_id: 'o',
        payment_id: 'D-1',
        currency: 'BRL',
        amount: 1,
        status: 'PAID',
        status_code: 200,
      }).status_code,
    ).to.equal('200');
  });

  it('reads amounts as numbers or decimal strings, as numbers', () => {
    expect(parse(paymentRecordSchema, { ...payment, amount: '120.00' }).amount).to.equal(120);
    const r = parse(refundRecordSchema, { ...refund, amount: '20.50', amount_refunded: '20.50' });
    expect([r.amount, r.amount_refunded]).to.deep.equal([20.5, 20.5]);
    expect(
      parse(orderRecordSchema, {
        order_id: 'o',
        payment_id: 'D-1',
        currency: 'BRL',
        amount: '1.00',
        status: 'PAID',
        status_code: '200',
      }).amount,
    ).to.equal(1);
    const plan = parse(installmentsPlanRecordSchema, {
      id: 'INS1',
      country: 'BR',
      bin: '411111',
      amount: '300.00',
      currency: 'BRL',
      installments: [
        { id: 'INS1-3', installment_amount: '101.50', installments: '3', total_amount: '304.50' },
      ],
    });
    expect(plan.installments[0]).to.deep.include({
      installment_amount: 101.5,
      installments: 3,
      total_amount: 304.5,
    });
    expect(
      parse(savedCardRecordSchema, {
        card_id: 'CV-1',
        expiration_month: '01',
        expiration_year: '2040',
        last4: '1111',
        brand: 'VI',
      }).expiration_month,
    ).to.equal(1);
    expectRefused(paymentRecordSchema, { ...payment, amount: 'ten' }, 'amount');
  });

  it('reads status texts with or without their final period, and null for absent fields', () => {
    expect(
      parse(paymentRecordSchema, { ...payment, status_detail: 'The payment was paid' })
        .status_detail,
    ).to.equal('The payment was paid');
    expect(parse(paymentRecordSchema, payment).status_detail).to.equal('The payment was paid.');
    const record = parse(paymentRecordSchema, {
      ...payment,
      description: null,
      card: null,
      approved_date: null,
      three_dsecure: null,
    });
    expect([
      record.description,
      record.card,
      record.approved_date,
      record.three_dsecure,
    ]).to.deep.equal([undefined, undefined, undefined, undefined]);
  });

  it("keeps what the dialect echoes: original_order_id, the card's country, type and stored-credential fields, id_payment", () => {
    const record = parse(paymentRecordSchema, {
      ...payment,
      payment_method_id: 'VI',
      original_order_id: 'ORIGINAL-77',
      card: {
        ...payment.card,
        country: 'BR',
        save: true,
        card_id: 'CV-1',
        type: 'CREDIT',
        stored_credential_type: 'CARD_ON_FILE',
        stored_credential_usage: 'FIRST',
        network_tx_reference: '123',
      },
    });
    expect(record.original_order_id).to.equal('ORIGINAL-77');
    expect(record.card).to.deep.include({
      country: 'BR',
      type: 'CREDIT',
      stored_credential_usage: 'FIRST',
      network_tx_reference: '123',
    });
    expect(
      parse(refundRecordSchema, { ...refund, id_payment: refund.payment_id }),
    ).to.have.property('id_payment', refund.payment_id);
  });

  it('reads the status, order, refund, saved card, deleted card, plan, methods, enrollment and error shapes', () => {
    expect(
      parse(paymentStatusRecordSchema, {
        id: 'D-1',
        status: 'PENDING',
        status_code: '100',
        status_detail: 'The payment is pending.',
        redirect_url: 'https://r',
      }).redirect_url,
    ).to.equal('https://r');
    expect(
      parse(orderRecordSchema, {
        order_id: 'o',
        payment_id: 'D-1',
        currency: 'BRL',
        amount: 1,
        status: 'PAID',
        status_code: '200',
      }).payment_id,
    ).to.equal('D-1');
    expect(parse(refundRecordSchema, refund).status).to.equal('SUCCESS');
    expect(
      parse(savedCardRecordSchema, {
        card_id: 'CV-1',
        holder_name: 'T',
        expiration_month: 1,
        expiration_year: 2040,
        last4: '1111',
        brand: 'VI',
      }).card_id,
    ).to.equal('CV-1');
    expect(parse(deletedCardRecordSchema, { card_id: 'CV-1', deleted: true }).deleted).to.equal(
      true,
    );
    const plan = parse(installmentsPlanRecordSchema, {
      id: 'INS54434',
      country: 'BR',
      bin: '411111',
      amount: 300,
      currency: 'BRL',
      installments_by_bank: false,
      installments: [
        { id: 'INS54434-3', installment_amount: 101.5, installments: 3, total_amount: 304.5 },
      ],
    });
    expect(plan.installments[0]?.total_amount).to.equal(304.5);
    expect(
      parse(paymentMethodListSchema, [
        {
          id: 'IO',
          type: 'BANK_TRANSFER',
          name: 'Itaú',
          logo: 'https://x/io.png',
          allowed_flows: ['REDIRECT'],
        },
      ])[0]?.id,
    ).to.equal('IO');
    expect(
      parse(enrollmentRecordSchema, { id: 'E-1', status: 'ACTIVE', status_code: '200' }).status,
    ).to.equal('ACTIVE');
    expect(
      parse(apiErrorBodySchema, {
        code: 5001,
        message: 'Invalid parameter: payer.email',
        param: 'payer.email',
      }).param,
    ).to.equal('payer.email');
  });

  it('reads the notification bodies: the whole payment or refund record', () => {
    expect(parse(paymentNotificationSchema, payment).id).to.equal(payment.id);
    expect(
      parse(refundNotificationSchema, { ...refund, status: 'PENDING', status_code: '100' }).status,
    ).to.equal('PENDING');
  });

  it('reads the redirect callback form', () => {
    const form = {
      paymentId: 'D-1',
      status: 'COMPLETED',
      date: '2026-02-09T14:50:00.000Z',
      signature: 'a'.repeat(64),
    };
    expect(parse(callbackFormSchema, form).status).to.equal('COMPLETED');
    expectRefused(callbackFormSchema, { ...form, status: 'PAID' }, 'status');
    expectRefused(callbackFormSchema, { ...form, signature: 'zz' }, 'signature');
  });
});
