/**
 * The wire dialect (what the API accepts beyond the spec's tables, in the sandbox's README) against the request schemas:
 * each leniency it names is accepted, and every strict rule of the spec it does not relax
 * still refuses, naming its parameter.
 */
import { expect } from 'chai';
import type { z } from 'zod';
import { enrollmentRequestSchema } from './enrollment.js';
import {
  captureRequestSchema,
  installmentsPlanRequestSchema,
  refundRequestSchema,
  saveCardRequestSchema,
} from './operations.js';
import { parse } from './parse.js';
import { paymentRequestSchema } from './payment-request.js';
import { expectAccepted, expectRefused, patch } from '../../test/schema-helpers.js';

const card = {
  holder_name: 'Thiago Gabriel',
  expiration_month: 10,
  expiration_year: 2040,
  number: '4111111111111111',
  cvv: '123',
};
const payer = { name: 'Thiago Gabriel', email: 'thiago@example.com', document: '53033315550' };
const payment = {
  amount: 10,
  currency: 'BRL',
  country: 'BR',
  payment_method_id: 'CARD',
  payment_method_flow: 'DIRECT',
  payer,
  card,
  order_id: 'o-1',
};
const capture = { authorization_id: 'D-4-auth', amount: 40, currency: 'BRL' };
const refund = {
  payment_id: 'D-4-paid',
  notification_url: 'https://merchant.example/n',
  amount: 1,
  currency: 'BRL',
};
const plan = { country: 'BR', bin: '411111', amount: 300, currency: 'BRL' };
const saveCard = { country: 'BR', card, payer };
const enrollment = { country: 'BR', payer, external_id: 'sub-1', type: 'ON_DEMAND' };

/** [what, schema, a body it accepts, the dialect's changes, a check of what the parse gives]. */
type Leniency = [
  what: string,
  schema: z.ZodType,
  body: Record<string, unknown>,
  changes: Record<string, unknown>,
  check?: (parsed: any) => unknown,
];

const leniencies: Leniency[] = [
  [
    'amount as a decimal string',
    paymentRequestSchema,
    payment,
    { amount: '1.00' },
    (p) => expect(p.amount).to.equal(1),
  ],
  [
    'amount as a decimal string without decimals',
    paymentRequestSchema,
    payment,
    { amount: '250' },
    (p) => expect(p.amount).to.equal(250),
  ],
  [
    "a capture's amount as a string",
    captureRequestSchema,
    capture,
    { amount: '40.00' },
    (p) => expect(p.amount).to.equal(40),
  ],
  [
    "a refund's amount as a string",
    refundRequestSchema,
    refund,
    { amount: '0.50' },
    (p) => expect(p.amount).to.equal(0.5),
  ],
  [
    "a plan's amount as a string",
    installmentsPlanRequestSchema,
    plan,
    { amount: '300.00' },
    (p) => expect(p.amount).to.equal(300),
  ],
  [
    "a split's amount as a string",
    paymentRequestSchema,
    payment,
    { splits: [{ account_id: 'A', amount: '5.25' }] },
    (p) => expect(p.splits[0].amount).to.equal(5.25),
  ],
  [
    'a verification\'s amount "0.00"',
    paymentRequestSchema,
    payment,
    { amount: '0.00', 'card.verify': true, 'card.capture': false },
    (p) => expect(p.amount).to.equal(0),
  ],
  [
    'null for an absent object',
    paymentRequestSchema,
    payment,
    { 'payer.address': null, additional_risk_data: null, three_dsecure: null, enrollment: null },
    (p) => expect(p.payer.address).to.equal(undefined),
  ],
  [
    'null for absent fields',
    paymentRequestSchema,
    payment,
    { description: null, notification_url: null, 'payer.phone': null, 'card.installments': null },
    (p) => expect(p.description).to.equal(undefined),
  ],
  [
    'null deep inside',
    paymentRequestSchema,
    payment,
    {
      'additional_risk_data.device': { event_uuid: 'e-1', locale: null },
      'additional_risk_data.payer': { reputation: null },
    },
  ],
  ['null in a refund', refundRequestSchema, refund, { description: null }],
  [
    'null card in a wallet payment',
    paymentRequestSchema,
    payment,
    { card: null, payment_method_id: 'MP', wallet: { token: 'w', name: null }, 'payer.phone': '1' },
    (p) => expect(p.card).to.equal(undefined),
  ],
  [
    'unknown top-level fields, dropped',
    paymentRequestSchema,
    payment,
    { a_field_of_a_later_version: { anything: true } },
    (p) => expect(p).not.to.have.property('a_field_of_a_later_version'),
  ],
  [
    'unknown nested fields (payer.event_uuid), dropped',
    paymentRequestSchema,
    payment,
    { 'payer.event_uuid': 'b1f0c6f0' },
    (p) => expect(p.payer).not.to.have.property('event_uuid'),
  ],
  ['unknown fields in a refund', refundRequestSchema, refund, { reason: 'asked' }],
  ['unknown fields in a capture', captureRequestSchema, capture, { reason: 'asked' }],
  ['unknown fields in a plan request', installmentsPlanRequestSchema, plan, { locale: 'pt-BR' }],
  [
    'unknown fields in a card to save',
    saveCardRequestSchema,
    saveCard,
    { 'card.nickname': 'mine' },
  ],
  ['unknown fields in an enrollment', enrollmentRequestSchema, enrollment, { channel: 'web' }],
  [
    'a payer without email',
    paymentRequestSchema,
    payment,
    { 'payer.email': undefined, 'payer.phone': '+5511999999999' },
  ],
  ['a payer with email null', paymentRequestSchema, payment, { 'payer.email': null }],
  [
    'a payer without email in India (no local part to check)',
    paymentRequestSchema,
    patch(payment, {
      country: 'IN',
      currency: 'INR',
      payer: {
        name: 'Aarav Shah',
        document: 'ABCDE1234F',
        birth_date: '15-08-1990',
        phone: '+919876543210',
        address: {
          state: 'MH',
          city: 'Mumbai',
          zip_code: '400001',
          street: 'Marine Drive',
          number: '12',
        },
      },
    }),
    {},
  ],
  [
    'a CPF with its punctuation',
    paymentRequestSchema,
    payment,
    { 'payer.document': '123.456.789-09' },
  ],
  [
    'a CNPJ with its punctuation',
    paymentRequestSchema,
    payment,
    { 'payer.document': '12.345.678/0001-95' },
  ],
  [
    'a Mexican document of 15 digits',
    paymentRequestSchema,
    payment,
    { country: 'MX', currency: 'MXN', 'payer.document': '128475869794933' },
  ],
  [
    'a Peruvian document of 9 digits',
    paymentRequestSchema,
    payment,
    { country: 'PE', currency: 'PEN', 'payer.document': '184853849' },
  ],
  [
    'original_order_id',
    paymentRequestSchema,
    payment,
    { original_order_id: 'ORIGINAL-77' },
    (p) => expect(p.original_order_id).to.equal('ORIGINAL-77'),
  ],
  [
    'card.force_type',
    paymentRequestSchema,
    payment,
    { 'card.force_type': 'CREDIT' },
    (p) => expect(p.card.force_type).to.equal('CREDIT'),
  ],
  [
    'card.country',
    paymentRequestSchema,
    payment,
    { 'card.country': 'BR' },
    (p) => expect(p.card.country).to.equal('BR'),
  ],
  [
    "3-D Secure 2.x from the merchant's MPI",
    paymentRequestSchema,
    payment,
    {
      three_dsecure: {
        mpi: true,
        three_dsecure_version: '2.2.0',
        eci: '05',
        cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
        ds_transaction_id: 'f38e6948-5388-41a6-bca4-b49723c19437',
        enrollment_response: 'Y',
        authentication_response: 'Y',
      },
    },
    (p) => expect(p.three_dsecure.ds_transaction_id).to.have.length(36),
  ],
  [
    "3-D Secure 1.x from the merchant's MPI",
    paymentRequestSchema,
    payment,
    {
      three_dsecure: {
        mpi: true,
        three_dsecure_version: '1.0.2',
        eci: '05',
        cavv: 'AAAB',
        xid: 'MDAw',
        ds_transaction_id: null,
      },
    },
  ],
  [
    'card.expiration_month and expiration_year as strings',
    paymentRequestSchema,
    payment,
    { 'card.expiration_month': '10', 'card.expiration_year': '2030' },
    (p) => expect([p.card.expiration_month, p.card.expiration_year]).to.deep.equal([10, 2030]),
  ],
  [
    'card.expiration_month with a leading zero',
    paymentRequestSchema,
    payment,
    { 'card.expiration_month': '03' },
    (p) => expect(p.card.expiration_month).to.equal(3),
  ],
  [
    'a two-digit year as a string',
    paymentRequestSchema,
    payment,
    { 'card.expiration_year': '30' },
    (p) => expect(p.card.expiration_year).to.equal(2030),
  ],
  [
    'a two-digit year as a number',
    paymentRequestSchema,
    payment,
    { 'card.expiration_year': 30 },
    (p) => expect(p.card.expiration_year).to.equal(2030),
  ],
  [
    'card.capture "false"',
    paymentRequestSchema,
    payment,
    { 'card.capture': 'false' },
    (p) => expect(p.card.capture).to.equal(false),
  ],
  [
    'card.capture "true"',
    paymentRequestSchema,
    payment,
    { 'card.capture': 'true' },
    (p) => expect(p.card.capture).to.equal(true),
  ],
  [
    'card.verify "true" and capture "false"',
    paymentRequestSchema,
    payment,
    { amount: 0, 'card.verify': 'true', 'card.capture': 'false' },
    (p) => expect([p.card.verify, p.card.capture]).to.deep.equal([true, false]),
  ],
  [
    'card.save "true"',
    paymentRequestSchema,
    payment,
    { 'card.save': 'true' },
    (p) => expect(p.card.save).to.equal(true),
  ],
  [
    'a card to save with its month and year as strings',
    saveCardRequestSchema,
    saveCard,
    { 'card.expiration_month': '7', 'card.expiration_year': '31' },
    (p) => expect([p.card.expiration_month, p.card.expiration_year]).to.deep.equal([7, 2031]),
  ],
  [
    'a refund\'s amount "5.00"',
    refundRequestSchema,
    refund,
    { amount: '5.00' },
    (p) => expect(p.amount).to.equal(5),
  ],
  [
    'a refund without notification_url',
    refundRequestSchema,
    refund,
    { notification_url: undefined },
    (p) => expect(p).not.to.have.property('notification_url'),
  ],
  [
    'a refund whose notification_url is null',
    refundRequestSchema,
    refund,
    { notification_url: null },
  ],
  [
    'a submerchant with its name alone',
    paymentRequestSchema,
    payment,
    { 'additional_risk_data.submerchant': { name: 'Loja do Bairro' } },
  ],
  [
    'a beneficiary with its name alone',
    paymentRequestSchema,
    payment,
    { 'additional_risk_data.beneficiary': { name: 'Ana' } },
  ],
  [
    'a risk device without event_uuid',
    paymentRequestSchema,
    payment,
    { 'additional_risk_data.device': { locale: 'pt-BR' } },
  ],
  [
    'a network token with stored-credential fields',
    paymentRequestSchema,
    payment,
    {
      card: {
        network_token: '4895370012345678',
        cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
        eci: '07',
        expiration_month: 12,
        expiration_year: 2030,
        holder_name: 'Thiago Gabriel',
        stored_credential_type: 'UNSCHEDULED_CARD_ON_FILE',
        stored_credential_usage: 'USED',
        network_payment_reference: 'MCC123456789',
      },
    },
    (p) => expect(p.card.network_payment_reference).to.equal('MCC123456789'),
  ],
  // Seen on the wire, turn 4.
  [
    "card.installments as a JSON number (a typed client's count), read as its text",
    paymentRequestSchema,
    payment,
    { 'card.installments': 3 },
    (p) => expect(p.card.installments).to.equal('3'),
  ],
  [
    'order_id as a JSON number, read as its text',
    paymentRequestSchema,
    payment,
    { order_id: 1547451845 },
    (p) => expect(p.order_id).to.equal('1547451845'),
  ],
  [
    'payer.address.number and zip_code as JSON numbers, read as their text',
    paymentRequestSchema,
    payment,
    { 'payer.address': { street: 'Av Paulista', number: 2, zip_code: 1310100 } },
    (p) =>
      expect([p.payer.address.number, p.payer.address.zip_code]).to.deep.equal(['2', '1310100']),
  ],
  [
    "a capture's order_id as a JSON number",
    captureRequestSchema,
    capture,
    { order_id: 77 },
    (p) => expect(p.order_id).to.equal('77'),
  ],
  [
    "every string the reference documents, sent as a JSON number, read as its text (a typed client's user id, phone, card number and code, description, device id)",
    paymentRequestSchema,
    payment,
    {
      'payer.user_reference': 12345,
      'payer.phone': 5511987654321,
      'card.number': 4111111111111111,
      'card.cvv': 123,
      description: 2026,
      'additional_risk_data.device': { event_uuid: 7 },
    },
    (p) =>
      expect([
        p.payer.user_reference,
        p.payer.phone,
        p.card.number,
        p.card.cvv,
        p.description,
        p.additional_risk_data!.device!.event_uuid,
      ]).to.deep.equal(['12345', '5511987654321', '4111111111111111', '123', '2026', '7']),
  ],
  [
    "a plan's BIN as a JSON number, read as its text",
    installmentsPlanRequestSchema,
    plan,
    { bin: 411111 },
    (p) => expect(p.bin).to.equal('411111'),
  ],
  [
    "the risk data's strings as JSON numbers (a last order id, an Android id), read as their text",
    paymentRequestSchema,
    payment,
    {
      'additional_risk_data.payer': { last_order_id: 1547451845 },
      'additional_risk_data.device': { android_id: 1234 },
    },
    (p) =>
      expect([
        p.additional_risk_data!.payer!.last_order_id,
        p.additional_risk_data!.device!.android_id,
      ]).to.deep.equal(['1547451845', '1234']),
  ],
  [
    "scalars the other way: the risk data's numbers and booleans as strings, read as what they spell",
    paymentRequestSchema,
    payment,
    {
      'additional_risk_data.payer': {
        total_order_count: '12',
        reputation: '4',
        is_positive: 'true',
      },
      'additional_risk_data.submerchant': { name: 'Loja', total_order_amount: '1500.50' },
      'additional_risk_data.purchase': { is_retry: 'false', time_in_session: '180' },
      three_dsecure: { force: 'true' },
    },
    (p) =>
      expect([
        p.additional_risk_data!.payer!.total_order_count,
        p.additional_risk_data!.payer!.reputation,
        p.additional_risk_data!.payer!.is_positive,
        p.additional_risk_data!.submerchant!.total_order_amount,
        p.additional_risk_data!.purchase!.is_retry,
        p.additional_risk_data!.purchase!.time_in_session,
        p.three_dsecure!.force,
      ]).to.deep.equal([12, 4, true, 1500.5, false, 180, true]),
  ],
  [
    'payer.document as a JSON number (Mexico, length only)',
    paymentRequestSchema,
    { ...payment, country: 'MX', currency: 'MXN' },
    { 'payer.document': 128475869794933 },
    (p) => expect(p.payer.document).to.equal('128475869794933'),
  ],
  [
    'an empty optional string is absent: payer.email ""',
    paymentRequestSchema,
    payment,
    { 'payer.email': '' },
    (p) => expect(p.payer.email).to.equal(undefined),
  ],
  [
    'Panama: payer.name and payer.email null, card.holder_name ""',
    paymentRequestSchema,
    { ...payment, country: 'PA', currency: 'USD', payer: { document: '12345678' } },
    { 'payer.name': null, 'payer.email': null, 'card.holder_name': '' },
    (p) => expect([p.payer.name, p.card.holder_name]).to.deep.equal([undefined, undefined]),
  ],
  [
    'Panama: a card saved without a holder name or a payer name',
    saveCardRequestSchema,
    { country: 'PA', card, payer: { document: '12345678' } },
    { 'card.holder_name': '', 'payer.name': null },
  ],
];

const refusals: [
  what: string,
  schema: z.ZodType,
  body: Record<string, unknown>,
  changes: Record<string, unknown>,
  path: string,
][] = [
  ['currency in lower case', paymentRequestSchema, payment, { currency: 'brl' }, 'currency'],
  [
    'payer.name null outside Panama',
    paymentRequestSchema,
    payment,
    { 'payer.name': null },
    'payer.name',
  ],
  [
    'card.holder_name "" outside Panama',
    paymentRequestSchema,
    payment,
    { 'card.holder_name': '' },
    'card.holder_name',
  ],
  [
    'an enrollment without payer.name (Brazil)',
    enrollmentRequestSchema,
    enrollment,
    { 'payer.name': '' },
    'payer.name',
  ],
  ['order_id as a boolean', paymentRequestSchema, payment, { order_id: true }, 'order_id'],
  [
    'order_id as a number that is no finite one',
    paymentRequestSchema,
    payment,
    { order_id: { n: 1 } },
    'order_id',
  ],
  ['country of three letters', paymentRequestSchema, payment, { country: 'BRA' }, 'country'],
  [
    'amount of nine integer digits',
    paymentRequestSchema,
    payment,
    { amount: 123456789.0 },
    'amount',
  ],
  [
    'amount of nine integer digits, as a string',
    paymentRequestSchema,
    payment,
    { amount: '123456789.00' },
    'amount',
  ],
  ['amount with a decimal comma', paymentRequestSchema, payment, { amount: '1,00' }, 'amount'],
  ['amount in words', paymentRequestSchema, payment, { amount: 'ten' }, 'amount'],
  [
    'amount of three decimals, as a string',
    paymentRequestSchema,
    payment,
    { amount: '1.001' },
    'amount',
  ],
  ['amount negative, as a string', paymentRequestSchema, payment, { amount: '-1.00' }, 'amount'],
  ['amount with a currency sign', paymentRequestSchema, payment, { amount: 'R$ 10' }, 'amount'],
  ['amount empty', paymentRequestSchema, payment, { amount: '' }, 'amount'],
  [
    'amount null (required, so not absent but missing)',
    paymentRequestSchema,
    payment,
    { amount: null },
    'amount',
  ],
  ['a capture\'s amount "0.00"', captureRequestSchema, capture, { amount: '0.00' }, 'amount'],
  [
    "a refund's amount with a decimal comma",
    refundRequestSchema,
    refund,
    { amount: '0,50' },
    'amount',
  ],
  ["a plan's amount in words", installmentsPlanRequestSchema, plan, { amount: 'lots' }, 'amount'],
  [
    'payer.document "bad_document" in Brazil',
    paymentRequestSchema,
    payment,
    { 'payer.document': 'bad_document' },
    'payer.document',
  ],
  [
    'a CPF with a wrong check digit',
    paymentRequestSchema,
    payment,
    { 'payer.document': '530.333.155-51' },
    'payer.document',
  ],
  [
    'a CNPJ with a wrong check digit',
    paymentRequestSchema,
    payment,
    { 'payer.document': '11.222.333/0001-82' },
    'payer.document',
  ],
  [
    'a CPF of one digit repeated',
    paymentRequestSchema,
    payment,
    { 'payer.document': '111.111.111-11' },
    'payer.document',
  ],
  [
    'a Brazilian document in a card to save',
    saveCardRequestSchema,
    saveCard,
    { 'payer.document': 'bad_document' },
    'payer.document',
  ],
  [
    'a Brazilian document in an enrollment',
    enrollmentRequestSchema,
    enrollment,
    { 'payer.document': 'bad_document' },
    'payer.document',
  ],
  [
    'a document over 30 characters elsewhere',
    paymentRequestSchema,
    payment,
    { country: 'MX', currency: 'MXN', 'payer.document': '1'.repeat(31) },
    'payer.document',
  ],
  [
    'a payer without a document',
    paymentRequestSchema,
    payment,
    { 'payer.document': undefined },
    'payer.document',
  ],
  [
    'a payer without a name',
    paymentRequestSchema,
    payment,
    { 'payer.name': undefined },
    'payer.name',
  ],
  [
    'an email that is no e-mail address',
    paymentRequestSchema,
    payment,
    { 'payer.email': 'not-an-email' },
    'payer.email',
  ],
  [
    'a card with two sources',
    paymentRequestSchema,
    payment,
    { 'card.card_id': 'CV-1' },
    'card.card_id',
  ],
  [
    'a card with a number and a network token',
    paymentRequestSchema,
    payment,
    { 'card.network_token': '4895370012345678' },
    'card.network_token',
  ],
  [
    'a card with no source',
    paymentRequestSchema,
    payment,
    { 'card.number': undefined },
    'card.number',
  ],
  [
    'a card whose number is null (absent, so no source)',
    paymentRequestSchema,
    payment,
    { 'card.number': null },
    'card.number',
  ],
  [
    'expiration_month 13',
    paymentRequestSchema,
    payment,
    { 'card.expiration_month': 13 },
    'card.expiration_month',
  ],
  [
    'expiration_year of three digits',
    paymentRequestSchema,
    payment,
    { 'card.expiration_year': 204 },
    'card.expiration_year',
  ],
  [
    'expiration_year of three digits, as a string',
    paymentRequestSchema,
    payment,
    { 'card.expiration_year': '204' },
    'card.expiration_year',
  ],
  [
    'expiration_year of one digit, as a string',
    paymentRequestSchema,
    payment,
    { 'card.expiration_year': '4' },
    'card.expiration_year',
  ],
  [
    'expiration_year as words',
    paymentRequestSchema,
    payment,
    { 'card.expiration_year': 'twenty-forty' },
    'card.expiration_year',
  ],
  [
    'expiration_month "13"',
    paymentRequestSchema,
    payment,
    { 'card.expiration_month': '13' },
    'card.expiration_month',
  ],
  [
    'expiration_month "0"',
    paymentRequestSchema,
    payment,
    { 'card.expiration_month': '0' },
    'card.expiration_month',
  ],
  [
    'expiration_month " 10" (spaces are not digits)',
    paymentRequestSchema,
    payment,
    { 'card.expiration_month': ' 10' },
    'card.expiration_month',
  ],
  [
    'expiration_month "10.0"',
    paymentRequestSchema,
    payment,
    { 'card.expiration_month': '10.0' },
    'card.expiration_month',
  ],
  ['capture "yes"', paymentRequestSchema, payment, { 'card.capture': 'yes' }, 'card.capture'],
  [
    'capture "TRUE" (the dialect spells it in lower case)',
    paymentRequestSchema,
    payment,
    { 'card.capture': 'TRUE' },
    'card.capture',
  ],
  ['capture 1', paymentRequestSchema, payment, { 'card.capture': 1 }, 'card.capture'],
  [
    'a risk count in words',
    paymentRequestSchema,
    payment,
    { 'additional_risk_data.payer': { total_order_count: 'five' } },
    'additional_risk_data.payer.total_order_count',
  ],
  [
    'a risk count as a string with a decimal part',
    paymentRequestSchema,
    payment,
    { 'additional_risk_data.payer': { total_order_count: '5.5' } },
    'additional_risk_data.payer.total_order_count',
  ],
  [
    'a risk flag "yes"',
    paymentRequestSchema,
    payment,
    { 'additional_risk_data.purchase': { is_retry: 'yes' } },
    'additional_risk_data.purchase.is_retry',
  ],
  [
    'verify "true" with capture "true"',
    paymentRequestSchema,
    payment,
    { amount: 0, 'card.verify': 'true', 'card.capture': 'true' },
    'card.capture',
  ],
  [
    "a refund's notification_url that is no URL",
    refundRequestSchema,
    refund,
    { notification_url: 'merchant/notifications' },
    'notification_url',
  ],
  ['a refund\'s amount "5,00"', refundRequestSchema, refund, { amount: '5,00' }, 'amount'],
  [
    'a submerchant name that is no string',
    paymentRequestSchema,
    payment,
    { 'additional_risk_data.submerchant': { name: ['Loja do Bairro'] } },
    'additional_risk_data.submerchant.name',
  ],
  [
    'installments 0',
    paymentRequestSchema,
    payment,
    { 'card.installments': '0' },
    'card.installments',
  ],
  [
    'installments 100',
    paymentRequestSchema,
    payment,
    { 'card.installments': '100' },
    'card.installments',
  ],
  [
    'installments 7.5, a JSON number that is no count',
    paymentRequestSchema,
    payment,
    { 'card.installments': 7.5 },
    'card.installments',
  ],
  [
    'force_type PREPAID',
    paymentRequestSchema,
    payment,
    { 'card.force_type': 'PREPAID' },
    'card.force_type',
  ],
  [
    'stored_credential_usage LAST',
    paymentRequestSchema,
    payment,
    { 'card.stored_credential_usage': 'LAST' },
    'card.stored_credential_usage',
  ],
  [
    'a cryptogram without a network token',
    paymentRequestSchema,
    payment,
    { 'card.cryptogram': 'c' },
    'card.cryptogram',
  ],
  [
    'MPI 2.x without ds_transaction_id',
    paymentRequestSchema,
    payment,
    { three_dsecure: { mpi: true, three_dsecure_version: '2.2.0', eci: '05', cavv: 'AAAB' } },
    'three_dsecure.ds_transaction_id',
  ],
  [
    'MPI without cavv',
    paymentRequestSchema,
    payment,
    { three_dsecure: { mpi: true, three_dsecure_version: '1.0.2', eci: '05', xid: 'MDAw' } },
    'three_dsecure.cavv',
  ],
  [
    'original_order_id over 125',
    paymentRequestSchema,
    payment,
    { original_order_id: 'x'.repeat(126) },
    'original_order_id',
  ],
  ['order_id over 125', paymentRequestSchema, payment, { order_id: 'x'.repeat(126) }, 'order_id'],
  [
    'description over 200',
    paymentRequestSchema,
    payment,
    { description: 'x'.repeat(201) },
    'description',
  ],
  [
    'payment_method_flow HOSTED',
    paymentRequestSchema,
    payment,
    { payment_method_flow: 'HOSTED' },
    'payment_method_flow',
  ],
  [
    'DIRECT without payment_method_id',
    paymentRequestSchema,
    payment,
    { payment_method_id: null },
    'payment_method_id',
  ],
  [
    'REDIRECT without callback_url',
    paymentRequestSchema,
    payment,
    { payment_method_flow: 'REDIRECT', callback_url: null },
    'callback_url',
  ],
  [
    'a zip code over 10',
    paymentRequestSchema,
    payment,
    { 'payer.address.zip_code': '01310-10000' },
    'payer.address.zip_code',
  ],
  [
    'a birth date as YYYY-MM-DD',
    paymentRequestSchema,
    payment,
    { 'payer.birth_date': '1990-08-15' },
    'payer.birth_date',
  ],
  [
    'a verification of 10',
    paymentRequestSchema,
    payment,
    { amount: '10.00', 'card.verify': true },
    'amount',
  ],
  [
    "a refund's amount without currency",
    refundRequestSchema,
    refund,
    { currency: null },
    'currency',
  ],
  ['a BIN of 7 digits', installmentsPlanRequestSchema, plan, { bin: '4111111' }, 'bin'],
  [
    'a risk device whose event_uuid is an object',
    paymentRequestSchema,
    payment,
    { 'additional_risk_data.device': { event_uuid: { id: 42 }, locale: 'pt-BR' } },
    'additional_risk_data.device.event_uuid',
  ],
];

describe('the wire dialect', () => {
  for (const [what, schema, body, changes, check] of leniencies) {
    it(`accepts ${what}`, () => {
      const input = patch(body, changes);
      expectAccepted(schema, input);
      check?.(parse(schema, input));
    });
  }

  for (const [what, schema, body, changes, path] of refusals) {
    it(`still refuses ${what}, naming ${path}`, () => {
      expectAccepted(schema, body);
      const error = expectRefused(schema, patch(body, changes), path);
      expect(error.toApiError()).to.deep.include({ code: 5001 });
    });
  }

  it('refuses a non-numeric amount with a message that says what it takes', () => {
    const error = expectRefused(paymentRequestSchema, patch(payment, { amount: '1,00' }), 'amount');
    expect(error.issues[0]?.message).to.equal(
      'must be a number, or a decimal string with a point such as "1.00"',
    );
    const big = expectRefused(
      paymentRequestSchema,
      patch(payment, { amount: '123456789.00' }),
      'amount',
    );
    expect(big.issues[0]?.message).to.equal(
      'must be a non-negative number with at most 8 integer digits and 2 decimals (10,2)',
    );
  });

  it("sends the API's 5001 for payer.document, as the sandbox answers it", () => {
    const error = expectRefused(
      paymentRequestSchema,
      patch(payment, { 'payer.document': 'bad_document' }),
      'payer.document',
    );
    expect(error.toApiError()).to.deep.equal({
      code: 5001,
      message: 'Invalid parameter: payer.document',
      param: 'payer.document',
    });
  });
});
