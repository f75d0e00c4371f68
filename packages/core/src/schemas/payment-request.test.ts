import { expect } from 'chai';
import { specPaymentRequests } from '../../test/fixtures/spec-examples.js';
import { ValidationError } from '../errors.js';
import { parse } from './parse.js';
import {
  createPaymentRequestSchema,
  needsSecureEndpoint,
  paymentRequestSchema,
} from './payment-request.js';
import { expectAccepted, expectRefused, patch } from '../../test/schema-helpers.js';

const base = {
  amount: 120,
  currency: 'BRL',
  country: 'BR',
  payment_method_id: 'CARD',
  payment_method_flow: 'DIRECT',
  payer: { name: 'Thiago Gabriel', email: 'thiago@example.com', document: '53033315550' },
  card: {
    holder_name: 'Thiago Gabriel',
    expiration_month: 10,
    expiration_year: 2040,
    number: '4111111111111111',
    cvv: '123',
  },
  order_id: '657434343',
};

const fullAddress = {
  state: 'MH',
  city: 'Mumbai',
  zip_code: '400001',
  street: 'Marine Drive',
  number: '12',
};
const india = patch(base, {
  country: 'IN',
  currency: 'INR',
  payer: {
    name: 'Aarav Shah',
    email: 'aarav@example.com',
    document: 'ABCDE1234F',
    birth_date: '15-08-1990',
    phone: '+919876543210',
    address: fullAddress,
  },
});

const s = (n: number) => 'x'.repeat(n);

const mpi2 = {
  mpi: true,
  three_dsecure_version: '2.2.0',
  eci: '05',
  cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
  ds_transaction_id: 'f38e6948-5388-41a6-bca4-b49723c19437',
  enrollment_response: 'Y',
  authentication_response: 'Y',
};
const mpi1 = {
  mpi: true,
  three_dsecure_version: '1.0.2',
  eci: '05',
  cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
  xid: 'MDAwMDAwMDAwMDAwMDAwMzIyNzY=',
};

/** [rule, accepted example, refused example, the path the refusal names]. */
type Rule = [rule: string, ok: Record<string, unknown>, bad: Record<string, unknown>, path: string];

const rules: Rule[] = [
  // Lengths and limits.
  ['order_id max 125', { order_id: s(125) }, { order_id: s(126) }, 'order_id'],
  [
    'original_order_id max 125',
    { original_order_id: s(125) },
    { original_order_id: s(126) },
    'original_order_id',
  ],
  ['description max 200', { description: s(200) }, { description: s(201) }, 'description'],
  [
    'notification_url max 500',
    { notification_url: `https://m.example/${s(482)}` },
    { notification_url: `https://m.example/${s(483)}` },
    'notification_url',
  ],
  [
    'notification_url is a URL',
    { notification_url: 'https://m.example/n' },
    { notification_url: 'not a url' },
    'notification_url',
  ],
  [
    'callback_url max 500',
    { callback_url: `https://m.example/${s(482)}` },
    { callback_url: `https://m.example/${s(483)}` },
    'callback_url',
  ],
  ['payer.name max 100', { 'payer.name': s(100) }, { 'payer.name': s(101) }, 'payer.name'],
  ['payer.name required', {}, { 'payer.name': undefined }, 'payer.name'],
  [
    'payer.email max 100',
    { 'payer.email': `${s(88)}@example.com` },
    { 'payer.email': `${s(89)}@example.com` },
    'payer.email',
  ],
  [
    'payer.email is an e-mail',
    { 'payer.email': 'a@b.co' },
    { 'payer.email': 'not-an-email' },
    'payer.email',
  ],
  [
    'payer.phone max 20',
    { 'payer.phone': '1'.repeat(20) },
    { 'payer.phone': '1'.repeat(21) },
    'payer.phone',
  ],
  [
    'payer.document outside Brazil, India and South Africa: the length its types allow (Mexico: RFC 12 to CURP 18)',
    { country: 'MX', currency: 'MXN', 'payer.document': '1'.repeat(18) },
    { country: 'MX', currency: 'MXN', 'payer.document': '1'.repeat(19) },
    'payer.document',
  ],
  [
    'payer.document outside Brazil, India and South Africa: the characters its types allow',
    { country: 'MX', currency: 'MXN', 'payer.document': 'BOXW310820HNERXN09' },
    { country: 'MX', currency: 'MXN', 'payer.document': 'BOXW310820HNERXN0*' },
    'payer.document',
  ],
  [
    'payer.document in South Africa: an identity number (Luhn)',
    {
      country: 'ZA',
      currency: 'ZAR',
      'payer.document': '8001015009087',
      'payer.address': {
        state: 'WC',
        city: 'Cape Town',
        zip_code: '8001',
        street: 'Long St',
        number: '1',
      },
    },
    {
      country: 'ZA',
      currency: 'ZAR',
      'payer.document': '8001015009088',
      'payer.address': {
        state: 'WC',
        city: 'Cape Town',
        zip_code: '8001',
        street: 'Long St',
        number: '1',
      },
    },
    'payer.document',
  ],
  [
    'payer.document optional in Panama',
    { country: 'PA', currency: 'USD', 'payer.document': undefined },
    { country: 'PA', currency: 'USD', 'payer.document': '8123456' },
    'payer.document',
  ],
  [
    'payer.document in Brazil: a CPF',
    { 'payer.document': '123.456.789-09' },
    { 'payer.document': '123.456.789-08' },
    'payer.document',
  ],
  [
    'payer.document in Brazil: a CNPJ',
    { 'payer.document': '12.345.678/0001-95' },
    { 'payer.document': 'bad_document' },
    'payer.document',
  ],
  [
    'payer.document in Brazil: not one digit repeated',
    { 'payer.document': '52998224725' },
    { 'payer.document': '111.111.111-11' },
    'payer.document',
  ],
  ['payer.document required', {}, { 'payer.document': undefined }, 'payer.document'],
  [
    'payer.user_reference max 125',
    { 'payer.user_reference': s(125) },
    { 'payer.user_reference': s(126) },
    'payer.user_reference',
  ],
  [
    'payer.ip max 39',
    { 'payer.ip': '2001:0db8:85a3:0000:0000:8a2e:0370:7334' },
    { 'payer.ip': s(40) },
    'payer.ip',
  ],
  [
    'payer.ip_port max 5',
    { 'payer.ip_port': '65535' },
    { 'payer.ip_port': '655350' },
    'payer.ip_port',
  ],
  [
    'payer.device_id max 25',
    { 'payer.device_id': s(25) },
    { 'payer.device_id': s(26) },
    'payer.device_id',
  ],
  [
    'address.state max 10',
    { 'payer.address.state': s(10) },
    { 'payer.address.state': s(11) },
    'payer.address.state',
  ],
  [
    'address.city max 100',
    { 'payer.address.city': s(100) },
    { 'payer.address.city': s(101) },
    'payer.address.city',
  ],
  [
    'address.zip_code max 10',
    { 'payer.address.zip_code': '01310-100' },
    { 'payer.address.zip_code': '01310-10000' },
    'payer.address.zip_code',
  ],
  [
    'address.street max 100',
    { 'payer.address.street': s(100) },
    { 'payer.address.street': s(101) },
    'payer.address.street',
  ],
  [
    'address.number max 20',
    { 'payer.address.number': s(20) },
    { 'payer.address.number': s(21) },
    'payer.address.number',
  ],
  [
    'shipping address limits',
    { 'additional_risk_data.shipping.address.zip_code': '12345' },
    { 'additional_risk_data.shipping.address.zip_code': s(11) },
    'additional_risk_data.shipping.address.zip_code',
  ],
  [
    'payment_method_id length 4',
    { payment_method_id: 'CARD' },
    { payment_method_id: 'CARDS' },
    'payment_method_id',
  ],
  [
    'enrollment.description max 200',
    { enrollment: { external_id: 'e', type: 'ON_DEMAND', description: s(200) } },
    { enrollment: { external_id: 'e', type: 'ON_DEMAND', description: s(201) } },
    'enrollment.description',
  ],
  [
    'enrollment.notification_url max 200',
    {
      enrollment: {
        external_id: 'e',
        type: 'ON_DEMAND',
        notification_url: `https://m.example/${s(182)}`,
      },
    },
    {
      enrollment: {
        external_id: 'e',
        type: 'ON_DEMAND',
        notification_url: `https://m.example/${s(183)}`,
      },
    },
    'enrollment.notification_url',
  ],
  [
    'enrollment.callback_url max 200',
    {
      payment_method_flow: 'REDIRECT',
      callback_url: 'https://m.example/r',
      enrollment: {
        external_id: 'e',
        type: 'ON_DEMAND',
        callback_url: `https://m.example/${s(182)}`,
      },
    },
    {
      payment_method_flow: 'REDIRECT',
      callback_url: 'https://m.example/r',
      enrollment: {
        external_id: 'e',
        type: 'ON_DEMAND',
        callback_url: `https://m.example/${s(183)}`,
      },
    },
    'enrollment.callback_url',
  ],
  [
    'risk payer reputation 0 to 5',
    { 'additional_risk_data.payer.reputation': 0 },
    { 'additional_risk_data.payer.reputation': 6 },
    'additional_risk_data.payer.reputation',
  ],
  [
    'risk submerchant reputation 0 to 5',
    {
      'additional_risk_data.submerchant': {
        merchant_reference: 'm',
        website: 'w',
        document: 'd',
        email: 'e',
        name: 'n',
        onboarding_email: 'o',
        reputation: 5,
      },
    },
    {
      'additional_risk_data.submerchant': {
        merchant_reference: 'm',
        website: 'w',
        document: 'd',
        email: 'e',
        name: 'n',
        onboarding_email: 'o',
        reputation: -1,
      },
    },
    'additional_risk_data.submerchant.reputation',
  ],
  [
    'basket rating 1 to 5',
    { 'additional_risk_data.basket': [{ rating: 1 }] },
    { 'additional_risk_data.basket': [{ rating: 0 }] },
    'additional_risk_data.basket[0].rating',
  ],
  [
    'total_order_count is int32',
    { 'additional_risk_data.payer.total_order_count': 2147483647 },
    { 'additional_risk_data.payer.total_order_count': 2147483648 },
    'additional_risk_data.payer.total_order_count',
  ],
  // Amount 10,2.
  ['amount 10,2: two decimals', { amount: 120.99 }, { amount: 120.999 }, 'amount'],
  ['amount 10,2: eight integer digits', { amount: 99999999.99 }, { amount: 100000000 }, 'amount'],
  ['amount not negative', { amount: 0.01 }, { amount: -1 }, 'amount'],
  ['amount is a number or a decimal string', { amount: '120.00' }, { amount: '120,00' }, 'amount'],
  [
    'amount as a string keeps 10,2',
    { amount: '99999999.99' },
    { amount: '123456789.00' },
    'amount',
  ],
  ['amount as a string keeps two decimals', { amount: '1.5' }, { amount: '1.005' }, 'amount'],
  [
    'split amount 10,2',
    { splits: [{ account_id: 'A', amount: 60.5 }] },
    { splits: [{ account_id: 'A', amount: 60.555 }] },
    'splits[0].amount',
  ],
  [
    'split account_id required',
    { splits: [{ account_id: 'A', amount: 1 }] },
    { splits: [{ amount: 1 }] },
    'splits[0].account_id',
  ],
  // Codes and enums.
  ['currency ISO 4217 uppercase', { currency: 'USD' }, { currency: 'usd' }, 'currency'],
  ['country alpha-2 uppercase', { country: 'AR', currency: 'ARS' }, { country: 'ARG' }, 'country'],
  [
    'currency_to_charge USD only',
    { currency_to_charge: 'USD' },
    { currency_to_charge: 'EUR' },
    'currency_to_charge',
  ],
  [
    'payment_method_flow DIRECT or REDIRECT',
    { payment_method_flow: 'DIRECT' },
    { payment_method_flow: 'HOSTED' },
    'payment_method_flow',
  ],
  [
    'subpurpose values',
    {
      remitter_user_id: 'r',
      beneficiary_user_id: 'b',
      subpurpose: 'EPREGI',
      source_of_funds: 'LOAN',
    },
    {
      remitter_user_id: 'r',
      beneficiary_user_id: 'b',
      subpurpose: 'EPREXX',
      source_of_funds: 'LOAN',
    },
    'subpurpose',
  ],
  [
    'source_of_funds values',
    {
      remitter_user_id: 'r',
      beneficiary_user_id: 'b',
      subpurpose: 'EPREGI',
      source_of_funds: 'INHERITANCE',
    },
    {
      remitter_user_id: 'r',
      beneficiary_user_id: 'b',
      subpurpose: 'EPREGI',
      source_of_funds: 'LOTTERY',
    },
    'source_of_funds',
  ],
  [
    'card.stored_credential_type values',
    { 'card.stored_credential_type': 'STANDING_ORDER' },
    { 'card.stored_credential_type': 'ONE_OFF' },
    'card.stored_credential_type',
  ],
  [
    'card.stored_credential_usage values',
    { 'card.stored_credential_usage': 'USED' },
    { 'card.stored_credential_usage': 'LAST' },
    'card.stored_credential_usage',
  ],
  [
    'card.force_type values',
    { 'card.force_type': 'DEBIT' },
    { 'card.force_type': 'PREPAID' },
    'card.force_type',
  ],
  [
    'card.wallet_type <PROVIDER>_PAY',
    { 'card.wallet_type': 'GOOGLE_PAY' },
    { 'card.wallet_type': 'googlepay' },
    'card.wallet_type',
  ],
  [
    'card.expiration_month two digits',
    { 'card.expiration_month': 12 },
    { 'card.expiration_month': 13 },
    'card.expiration_month',
  ],
  [
    'card.expiration_year four digits or two',
    { 'card.expiration_year': 40 },
    { 'card.expiration_year': 204 },
    'card.expiration_year',
  ],
  [
    'card.number digits without separators',
    { 'card.number': '5555555555554444' },
    { 'card.number': '4111 1111 1111 1111' },
    'card.number',
  ],
  [
    'card.installments a count from 1 to 99 (a JSON number read as its text)',
    { 'card.installments': '12' },
    { 'card.installments': 100 },
    'card.installments',
  ],
  [
    'device.type WEB or MOBILE_APP',
    { device: { type: 'MOBILE_APP' } },
    { device: { type: 'TV' } },
    'device.type',
  ],
  [
    'save_payment_method.mode',
    {
      payment_method_flow: 'REDIRECT',
      payment_method_id: undefined,
      card: undefined,
      callback_url: 'https://m.example/r',
      save_payment_method: { mode: 'unscheduled', ask_consent: false },
    },
    {
      payment_method_flow: 'REDIRECT',
      payment_method_id: undefined,
      card: undefined,
      callback_url: 'https://m.example/r',
      save_payment_method: { mode: 'forever' },
    },
    'save_payment_method.mode',
  ],
  [
    'subscription.frequency values',
    { subscription: { frequency: 'SEMI_ANNUAL', start_date: '2026-12-01', amount: 10 } },
    { subscription: { frequency: 'DAILY', start_date: '2026-12-01', amount: 10 } },
    'subscription.frequency',
  ],
  [
    'enrollment.type values',
    { enrollment: { external_id: 'e', type: 'ON_DEMAND' } },
    { enrollment: { external_id: 'e', type: 'SOMETIMES' } },
    'enrollment.type',
  ],
  [
    'enrollment amount.type values',
    {
      enrollment: {
        external_id: 'e',
        type: 'MERCHANT_SUBSCRIPTION',
        subscription: { amount: { type: 'FIXED', value: 1 } },
      },
    },
    {
      enrollment: {
        external_id: 'e',
        type: 'MERCHANT_SUBSCRIPTION',
        subscription: { amount: { type: 'FLEXIBLE', value: 1 } },
      },
    },
    'enrollment.subscription.amount.type',
  ],
  // Date formats.
  [
    'scheduled_date YYYY-MM-DD',
    { scheduled_date: '2026-12-01' },
    { scheduled_date: '01-12-2026' },
    'scheduled_date',
  ],
  [
    'scheduled_date a real date',
    { scheduled_date: '2028-02-29' },
    { scheduled_date: '2027-02-29' },
    'scheduled_date',
  ],
  [
    'payer.birth_date DD-MM-YYYY',
    { 'payer.birth_date': '29-02-2000' },
    { 'payer.birth_date': '2000-02-29' },
    'payer.birth_date',
  ],
  [
    'payer.birth_date a real date',
    { 'payer.birth_date': '31-12-1990' },
    { 'payer.birth_date': '31-11-1990' },
    'payer.birth_date',
  ],
  [
    'subscription dates YYYY-MM-DD',
    {
      subscription: {
        frequency: 'MONTHLY',
        start_date: '2026-12-01',
        end_date: '2027-12-01',
        amount: 10,
      },
    },
    {
      subscription: {
        frequency: 'MONTHLY',
        start_date: '2026-12-01',
        end_date: '20271201',
        amount: 10,
      },
    },
    'subscription.end_date',
  ],
  [
    'risk dates YYYYMMDD',
    { 'additional_risk_data.payer.first_purchase_date': '20240229' },
    { 'additional_risk_data.payer.first_purchase_date': '2024-02-29' },
    'additional_risk_data.payer.first_purchase_date',
  ],
  [
    'shipping.delivery_date YYYYMMDD',
    { 'additional_risk_data.shipping.delivery_date': '20261201' },
    { 'additional_risk_data.shipping.delivery_date': '20261301' },
    'additional_risk_data.shipping.delivery_date',
  ],
  [
    'beneficiary.created_date YYYYMMDD',
    {
      'additional_risk_data.beneficiary': {
        email: 'e',
        name: 'n',
        phone: 'p',
        document: 'd',
        account_id: 'a',
        created_date: '20240101',
      },
    },
    {
      'additional_risk_data.beneficiary': {
        email: 'e',
        name: 'n',
        phone: 'p',
        document: 'd',
        account_id: 'a',
        created_date: '01/01/2024',
      },
    },
    'additional_risk_data.beneficiary.created_date',
  ],
  [
    'risk subscription period ISO 8601',
    { 'additional_risk_data.subscription': [{ period: 'P1M' }] },
    { 'additional_risk_data.subscription': [{ period: 'monthly' }] },
    'additional_risk_data.subscription[0].period',
  ],
  // Members of additional_risk_data: none is required, each present one is of its type.
  [
    'risk device event_uuid a string',
    { 'additional_risk_data.device': { locale: 'pt-BR' } },
    { 'additional_risk_data.device': { event_uuid: true, locale: 'pt-BR' } },
    'additional_risk_data.device.event_uuid',
  ],
  [
    'beneficiary members strings',
    { 'additional_risk_data.beneficiary': { name: 'n', created_date: '20240101' } },
    { 'additional_risk_data.beneficiary': { name: 'n', account_id: { id: 12 } } },
    'additional_risk_data.beneficiary.account_id',
  ],
  [
    'risk submerchant with its name alone',
    { 'additional_risk_data.submerchant': { name: 'n' } },
    { 'additional_risk_data.submerchant': { name: 'n', onboarding_email: false } },
    'additional_risk_data.submerchant.onboarding_email',
  ],
  [
    'submerchant needs name and merchant_reference',
    { submerchant: { name: 'n', merchant_reference: 'm' } },
    { submerchant: { name: 'n', website: 'w' } },
    'submerchant.merchant_reference',
  ],
  [
    'wallet.device_id.fingerprint members',
    {
      wallet: {
        token: 't',
        device_id: {
          fingerprint: {
            os: 'iOS',
            vendor_ids: [{ name: 'idfv', value: 'x' }],
            vendor_specific_attributes: { device_languaje: 'es' },
          },
        },
      },
      'payer.phone': '1',
    },
    { wallet: { token: 't', device_id: { fingerprint: { os: ['iOS'] } } }, 'payer.phone': '1' },
    'wallet.device_id.fingerprint.os',
  ],
  // The card's source: exactly one, and what it needs.
  [
    'card: one source, not two',
    { card: { card_id: 'CV-1' } },
    { 'card.card_id': 'CV-1' },
    'card.card_id',
  ],
  [
    'card: a saved card may carry its security code in encrypted_data',
    { card: { card_id: 'CV-1', encrypted_data: 'a.b.c.d.e' } },
    { card: { token: 'T-1', encrypted_data: 'a.b.c.d.e' } },
    'card.token',
  ],
  [
    'card: encrypted_data is a source of its own',
    { 'card.number': undefined, 'card.cvv': undefined, 'card.encrypted_data': 'a.b.c.d.e' },
    { 'card.encrypted_data': 'a.b.c.d.e' },
    'card.encrypted_data',
  ],
  [
    'card: a network token instead of number and cvv',
    {
      card: {
        network_token: '4895370012345678',
        cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
        eci: '07',
        expiration_month: 12,
        expiration_year: 2030,
        holder_name: 'T',
      },
    },
    { 'card.network_token': '4895370012345678' },
    'card.network_token',
  ],
  [
    'card.network_token digits',
    {
      card: {
        network_token: '4895370012345678',
        expiration_month: 12,
        expiration_year: 2030,
        holder_name: 'T',
      },
    },
    {
      card: {
        network_token: '4895 3700 1234 5678',
        expiration_month: 12,
        expiration_year: 2030,
        holder_name: 'T',
      },
    },
    'card.network_token',
  ],
  [
    'card: a network token needs the holder and expiry',
    {
      card: {
        network_token: '4895370012345678',
        expiration_month: 12,
        expiration_year: 2030,
        holder_name: 'T',
      },
    },
    { card: { network_token: '4895370012345678', holder_name: 'T', expiration_year: 2030 } },
    'card.expiration_month',
  ],
  [
    'card.cryptogram only with a network token',
    {
      card: {
        network_token: '4895370012345678',
        cryptogram: 'c',
        expiration_month: 12,
        expiration_year: 2030,
        holder_name: 'T',
      },
    },
    { 'card.cryptogram': 'c' },
    'card.cryptogram',
  ],
  [
    'card.eci two digits',
    {
      card: {
        network_token: '4895370012345678',
        eci: '05',
        expiration_month: 12,
        expiration_year: 2030,
        holder_name: 'T',
      },
    },
    {
      card: {
        network_token: '4895370012345678',
        eci: '005',
        expiration_month: 12,
        expiration_year: 2030,
        holder_name: 'T',
      },
    },
    'card.eci',
  ],
  [
    'card.stored_credential_type with a network token',
    {
      card: {
        network_token: '4895370012345678',
        expiration_month: 12,
        expiration_year: 2030,
        holder_name: 'T',
        stored_credential_type: 'SUBSCRIPTION',
        stored_credential_usage: 'FIRST',
        network_payment_reference: 'MCC123',
      },
    },
    {
      card: {
        network_token: '4895370012345678',
        expiration_month: 12,
        expiration_year: 2030,
        holder_name: 'T',
        stored_credential_type: 'RECURRING',
      },
    },
    'card.stored_credential_type',
  ],
  [
    'card.installments 1 to 99',
    { 'card.installments': '99' },
    { 'card.installments': '100' },
    'card.installments',
  ],
  [
    'card.installments not 0',
    { 'card.installments': '1' },
    { 'card.installments': '0' },
    'card.installments',
  ],
  // 3-D Secure from the merchant's MPI.
  [
    'MPI 2.x needs ds_transaction_id',
    { three_dsecure: mpi2 },
    { three_dsecure: { ...mpi2, ds_transaction_id: undefined } },
    'three_dsecure.ds_transaction_id',
  ],
  [
    'MPI 1.x needs xid',
    { three_dsecure: mpi1 },
    { three_dsecure: { ...mpi1, xid: undefined } },
    'three_dsecure.xid',
  ],
  [
    'MPI without a version is 1.0 and needs xid',
    { three_dsecure: { ...mpi1, three_dsecure_version: undefined } },
    { three_dsecure: { ...mpi2, three_dsecure_version: undefined } },
    'three_dsecure.xid',
  ],
  [
    'MPI needs eci',
    { three_dsecure: mpi2 },
    { three_dsecure: { ...mpi2, eci: undefined } },
    'three_dsecure.eci',
  ],
  [
    'MPI needs cavv',
    { three_dsecure: mpi2 },
    { three_dsecure: { ...mpi2, cavv: undefined } },
    'three_dsecure.cavv',
  ],
  [
    'MPI version format',
    { three_dsecure: { ...mpi2, three_dsecure_version: '2.1.0' } },
    { three_dsecure: { ...mpi2, three_dsecure_version: 'v2' } },
    'three_dsecure.three_dsecure_version',
  ],
  [
    'MPI authentication_response values',
    { three_dsecure: { ...mpi2, authentication_response: 'A' } },
    { three_dsecure: { ...mpi2, authentication_response: 'YES' } },
    'three_dsecure.authentication_response',
  ],
  [
    'MPI enrollment_response values',
    { three_dsecure: { ...mpi2, enrollment_response: 'U' } },
    { three_dsecure: { ...mpi2, enrollment_response: 'A' } },
    'three_dsecure.enrollment_response',
  ],
  [
    'MPI results only with mpi: true',
    { three_dsecure: { force: true } },
    { three_dsecure: { force: true, cavv: 'AAAB' } },
    'three_dsecure.cavv',
  ],
  [
    'MPI and force do not go together',
    { three_dsecure: mpi2 },
    { three_dsecure: { ...mpi2, force: true } },
    'three_dsecure.force',
  ],
  // Conditional rules.
  [
    'DIRECT needs payment_method_id',
    { payment_method_id: 'CARD' },
    { payment_method_id: undefined },
    'payment_method_id',
  ],
  [
    'REDIRECT needs callback_url',
    { payment_method_flow: 'REDIRECT', callback_url: 'https://m.example/r' },
    { payment_method_flow: 'REDIRECT' },
    'callback_url',
  ],
  [
    'card needs holder_name without token or card_id',
    { card: { card_id: 'CV-1' } },
    { 'card.holder_name': undefined },
    'card.holder_name',
  ],
  [
    'card needs expiration_month without token or card_id',
    { card: { token: 'T-1' } },
    { 'card.expiration_month': undefined },
    'card.expiration_month',
  ],
  [
    'card needs expiration_year without token or card_id',
    { card: { token: 'T-1' } },
    { 'card.expiration_year': undefined },
    'card.expiration_year',
  ],
  [
    'card needs number without encrypted_data, token or card_id',
    { 'card.number': undefined, 'card.cvv': undefined, 'card.encrypted_data': 'a.b.c.d.e' },
    { 'card.number': undefined },
    'card.number',
  ],
  [
    'card.encrypted_data is a compact JWE',
    {
      'card.number': undefined,
      'card.cvv': undefined,
      'card.encrypted_data': 'aGVhZA.a2V5.aXY.Y2lwaGVy.dGFn',
    },
    { 'card.number': undefined, 'card.encrypted_data': 'not-a-jwe' },
    'card.encrypted_data',
  ],
  [
    'card.cvv required when save is true',
    { 'card.save': true },
    { 'card.save': true, 'card.cvv': undefined },
    'card.cvv',
  ],
  ['card.cvv not required otherwise', { 'card.cvv': undefined }, { 'card.cvv': '12' }, 'card.cvv'],
  [
    'verify needs amount 0',
    { amount: 0, 'card.verify': true },
    { amount: 10, 'card.verify': true },
    'amount',
  ],
  [
    'amount 0 needs verify',
    { amount: 0, 'card.verify': true, 'card.capture': false },
    { amount: 0 },
    'card.verify',
  ],
  [
    'verify does not capture',
    { amount: 0, 'card.verify': true, 'card.capture': false },
    { amount: 0, 'card.verify': true, 'card.capture': true },
    'card.capture',
  ],
  [
    'amount 0 only for verifications',
    {
      amount: 0,
      card: undefined,
      payment_method_id: 'MP',
      wallet: { token: 'w', verify: true },
      'payer.phone': '1',
    },
    { amount: 0, card: undefined, payment_method_id: 'OX' },
    'amount',
  ],
  [
    'wallet.verify needs amount 0',
    {
      amount: 0,
      card: undefined,
      payment_method_id: 'MP',
      wallet: { token: 'w', verify: true },
      'payer.phone': '1',
    },
    {
      amount: 0,
      card: undefined,
      payment_method_id: 'MP',
      wallet: { token: 'w' },
      'payer.phone': '1',
    },
    'wallet.verify',
  ],
  [
    'wallets need payer.phone',
    {
      card: undefined,
      payment_method_id: 'MP',
      wallet: { token: 'w' },
      'payer.phone': '+5511999999999',
    },
    { card: undefined, payment_method_id: 'MP', wallet: { token: 'w' } },
    'payer.phone',
  ],
  [
    'direct wallet payments need wallet.token',
    { card: undefined, payment_method_id: 'MP', wallet: { token: 'w' }, 'payer.phone': '1' },
    { card: undefined, payment_method_id: 'MP', wallet: { name: 'MP' }, 'payer.phone': '1' },
    'wallet.token',
  ],
  [
    'save_payment_method only for REDIRECT',
    {
      payment_method_flow: 'REDIRECT',
      payment_method_id: undefined,
      card: undefined,
      callback_url: 'https://m.example/r',
      save_payment_method: { mode: 'on_file' },
    },
    { save_payment_method: { mode: 'on_file' } },
    'save_payment_method',
  ],
  [
    'save_payment_method only without payment_method_id',
    {
      payment_method_flow: 'REDIRECT',
      payment_method_id: undefined,
      card: undefined,
      callback_url: 'https://m.example/r',
      save_payment_method: { mode: 'on_file' },
    },
    {
      payment_method_flow: 'REDIRECT',
      payment_method_id: 'CARD',
      callback_url: 'https://m.example/r',
      save_payment_method: { mode: 'on_file' },
    },
    'save_payment_method',
  ],
  [
    'save_payment_method never with subscription',
    {
      payment_method_flow: 'REDIRECT',
      payment_method_id: undefined,
      card: undefined,
      callback_url: 'https://m.example/r',
      save_payment_method: { mode: 'on_file' },
    },
    {
      payment_method_flow: 'REDIRECT',
      payment_method_id: undefined,
      card: undefined,
      callback_url: 'https://m.example/r',
      save_payment_method: { mode: 'on_file' },
      subscription: { frequency: 'MONTHLY', start_date: '2026-12-01', amount: 10 },
    },
    'subscription',
  ],
  [
    'remittance fields together',
    {
      remitter_user_id: 'r',
      beneficiary_user_id: 'b',
      subpurpose: 'EPREFA',
      source_of_funds: 'SALARY',
    },
    { remitter_user_id: 'r', beneficiary_user_id: 'b', subpurpose: 'EPREFA' },
    'source_of_funds',
  ],
  ['remittance fields together (one alone)', {}, { beneficiary_user_id: 'b' }, 'remitter_user_id'],
  [
    'enrollment by id alone',
    { enrollment: { id: 'E-1' } },
    { enrollment: { id: 'E-1', type: 'ON_DEMAND' } },
    'enrollment.type',
  ],
  [
    'new enrollment needs external_id',
    { enrollment: { external_id: 'e', type: 'ON_DEMAND' } },
    { enrollment: { type: 'ON_DEMAND' } },
    'enrollment.external_id',
  ],
  [
    'new enrollment needs type',
    { enrollment: { external_id: 'e', type: 'ON_DEMAND' } },
    { enrollment: { external_id: 'e' } },
    'enrollment.type',
  ],
  [
    'MERCHANT_SUBSCRIPTION needs subscription',
    {
      enrollment: {
        external_id: 'e',
        type: 'MERCHANT_SUBSCRIPTION',
        subscription: { frequency: 'MONTHLY', amount: { type: 'FIXED', value: 10 } },
      },
    },
    { enrollment: { external_id: 'e', type: 'MERCHANT_SUBSCRIPTION' } },
    'enrollment.subscription',
  ],
  [
    'FIXED needs value',
    {
      enrollment: {
        external_id: 'e',
        type: 'MERCHANT_SUBSCRIPTION',
        subscription: { amount: { type: 'FIXED', value: 10 } },
      },
    },
    {
      enrollment: {
        external_id: 'e',
        type: 'MERCHANT_SUBSCRIPTION',
        subscription: { amount: { type: 'FIXED', max_value: 10 } },
      },
    },
    'enrollment.subscription.amount.value',
  ],
  [
    'VARIABLE needs min_value',
    {
      enrollment: {
        external_id: 'e',
        type: 'MERCHANT_SUBSCRIPTION',
        subscription: { amount: { type: 'VARIABLE', min_value: 1, max_value: 10 } },
      },
    },
    {
      enrollment: {
        external_id: 'e',
        type: 'MERCHANT_SUBSCRIPTION',
        subscription: { amount: { type: 'VARIABLE', max_value: 10 } },
      },
    },
    'enrollment.subscription.amount.min_value',
  ],
  [
    'VARIABLE needs max_value',
    {
      enrollment: {
        external_id: 'e',
        type: 'MERCHANT_SUBSCRIPTION',
        subscription: { amount: { type: 'VARIABLE', min_value: 1, max_value: 10 } },
      },
    },
    {
      enrollment: {
        external_id: 'e',
        type: 'MERCHANT_SUBSCRIPTION',
        subscription: { amount: { type: 'VARIABLE', min_value: 1 } },
      },
    },
    'enrollment.subscription.amount.max_value',
  ],
  [
    'enrollment callback only for REDIRECT',
    {
      payment_method_flow: 'REDIRECT',
      callback_url: 'https://m.example/r',
      enrollment: { external_id: 'e', type: 'ON_DEMAND', callback_url: 'https://m.example/e' },
    },
    { enrollment: { external_id: 'e', type: 'ON_DEMAND', callback_url: 'https://m.example/e' } },
    'enrollment.callback_url',
  ],
  // Countries.
  [
    'South Africa needs the full address',
    {
      country: 'ZA',
      currency: 'ZAR',
      'payer.document': '8001015009087',
      'payer.address': {
        state: 'WC',
        city: 'Cape Town',
        zip_code: '8001',
        street: 'Long St',
        number: '1',
      },
    },
    {
      country: 'ZA',
      currency: 'ZAR',
      'payer.document': '8001015009087',
      'payer.address': { state: 'WC', city: 'Cape Town', zip_code: '8001', street: 'Long St' },
    },
    'payer.address.number',
  ],
  [
    'South Africa needs an address at all',
    {
      country: 'ZA',
      currency: 'ZAR',
      'payer.document': '8001015009087',
      'payer.address': {
        state: 'WC',
        city: 'Cape Town',
        zip_code: '8001',
        street: 'Long St',
        number: '1',
      },
    },
    { country: 'ZA', currency: 'ZAR', 'payer.document': '8001015009087' },
    'payer.address',
  ],
  [
    'Turkey needs payer.ip',
    { country: 'TR', currency: 'TRY', 'payer.ip': '203.0.113.5' },
    { country: 'TR', currency: 'TRY' },
    'payer.ip',
  ],
];

const indiaRules: Rule[] = [
  ['India: payer.name 3 to 50', {}, { 'payer.name': 'Al' }, 'payer.name'],
  ['India: payer.name at most 50', { 'payer.name': s(50) }, { 'payer.name': s(51) }, 'payer.name'],
  [
    'India: e-mail local part at most 64',
    { 'payer.email': `${s(64)}@ex.in` },
    { 'payer.email': `${s(65)}@ex.in` },
    'payer.email',
  ],
  [
    'India: phone at most 15',
    { 'payer.phone': '1'.repeat(15) },
    { 'payer.phone': '1'.repeat(16) },
    'payer.phone',
  ],
  [
    'India: city 3 to 50',
    { 'payer.address.city': 'Goa' },
    { 'payer.address.city': 'Go' },
    'payer.address.city',
  ],
  [
    'India: street 4 to 100',
    { 'payer.address.street': 'MG R' },
    { 'payer.address.street': 'MGR' },
    'payer.address.street',
  ],
  [
    'India: zip_code exactly 6 digits',
    { 'payer.address.zip_code': '560001' },
    { 'payer.address.zip_code': '56001' },
    'payer.address.zip_code',
  ],
  [
    'India: zip_code exactly 6 digits, never 7',
    { 'payer.address.zip_code': '560001' },
    { 'payer.address.zip_code': '5600012' },
    'payer.address.zip_code',
  ],
  [
    'India: shipping zip_code exactly 6 digits',
    { 'additional_risk_data.shipping.address.zip_code': '560001' },
    { 'additional_risk_data.shipping.address.zip_code': '5600-01' },
    'additional_risk_data.shipping.address.zip_code',
  ],
  ['India cross-border: birth_date', {}, { 'payer.birth_date': undefined }, 'payer.birth_date'],
  ['India cross-border: phone', {}, { 'payer.phone': undefined }, 'payer.phone'],
  ['India cross-border: address', {}, { 'payer.address': undefined }, 'payer.address'],
  [
    'India cross-border: every address field',
    {},
    { 'payer.address.state': undefined },
    'payer.address.state',
  ],
  ['India: cvv with raw card data', {}, { 'card.cvv': undefined }, 'card.cvv'],
];

describe('payment request schema', () => {
  for (const [name, request] of Object.entries(specPaymentRequests)) {
    it(`accepts the spec's example: ${name}`, () => expectAccepted(paymentRequestSchema, request));
  }

  for (const [rule, ok, bad, path] of rules) {
    it(`rule: ${rule}`, () => {
      expectAccepted(paymentRequestSchema, patch(base, ok));
      expectRefused(paymentRequestSchema, patch(base, bad), path);
    });
  }

  for (const [rule, ok, bad, path] of indiaRules) {
    it(`rule: ${rule}`, () => {
      expectAccepted(paymentRequestSchema, patch(india, ok));
      expectRefused(paymentRequestSchema, patch(india, bad), path);
    });
  }

  it('rule: India local processing does not need the cross-border fields', () => {
    const local = createPaymentRequestSchema({ indiaCrossBorder: false });
    expectAccepted(
      local,
      patch(india, {
        'payer.birth_date': undefined,
        'payer.address': undefined,
        'payer.phone': undefined,
      }),
    );
    expectRefused(local, patch(india, { 'payer.name': 'Al' }), 'payer.name');
  });

  it('rule: method XA needs scheduled_date 2 to 10 days ahead', () => {
    const schema = createPaymentRequestSchema({ now: () => new Date('2026-11-22T23:30:00Z') });
    const xa = patch(base, {
      payment_method_id: 'XA',
      card: undefined,
      scheduled_date: '2026-11-24',
    });
    expectAccepted(schema, xa);
    expectAccepted(schema, patch(xa, { scheduled_date: '2026-12-02' }));
    expectRefused(schema, patch(xa, { scheduled_date: undefined }), 'scheduled_date');
    expectRefused(schema, patch(xa, { scheduled_date: '2026-11-23' }), 'scheduled_date');
    const far = expectRefused(
      schema,
      patch(xa, { scheduled_date: '2026-12-03' }),
      'scheduled_date',
    );
    expect(far.issues[0]?.message).to.equal(
      'must be 2 to 10 days ahead for payment method XA (it is 11)',
    );
  });

  it("converts a refusal to the API's 5001 body naming the parameter", () => {
    let error: unknown;
    try {
      parse(paymentRequestSchema, patch(base, { 'payer.address.zip_code': '01310-10000' }));
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(ValidationError);
    const v = error as ValidationError;
    expect(v.param).to.equal('payer.address.zip_code');
    expect(v.toApiError()).to.deep.equal({
      code: 5001,
      message: 'Invalid parameter: payer.address.zip_code',
      param: 'payer.address.zip_code',
    });
    expect(v.issues[0]?.message).to.equal('must be at most 10 characters');
    expect(v.message).to.equal(
      'Invalid parameter payer.address.zip_code: must be at most 10 characters',
    );
  });

  it('says "is required" for a missing field, or a required one sent as null', () => {
    const missing = expectRefused(
      paymentRequestSchema,
      patch(base, { order_id: undefined }),
      'order_id',
    );
    expect(missing.issues.find((i) => i.path === 'order_id')?.message).to.equal('is required');
    const nulled = expectRefused(
      paymentRequestSchema,
      patch(base, { 'payer.name': null }),
      'payer.name',
    );
    expect(nulled.issues[0]?.message).to.equal('is required');
  });

  it('drops unknown fields, at the top and nested, instead of refusing them', () => {
    const parsed = parse(
      paymentRequestSchema,
      patch(base, { amount_cents: 12000, 'payer.event_uuid': 'e-1', 'card.brand_new': true }),
    );
    expect(parsed).not.to.have.property('amount_cents');
    expect(parsed.payer).not.to.have.property('event_uuid');
    expect(parsed.card).not.to.have.property('brand_new');
  });

  it("names the card's two sources in its message", () => {
    const error = expectRefused(
      paymentRequestSchema,
      patch(base, { 'card.token': 'T-1' }),
      'card.token',
    );
    expect(error.issues.find((i) => i.path === 'card.token')?.message).to.equal(
      'must not be sent with card.number: a card has one source (number, encrypted_data, token, card_id or network_token)',
    );
  });

  it('refuses a body that is not an object with 5000', () => {
    for (const body of [null, 'payment', 42, []]) {
      const error = expectRefused(paymentRequestSchema, body, '');
      expect(error.toApiError()).to.deep.equal({ code: 5000, message: 'Invalid request' });
    }
  });

  it('never echoes card data in messages', () => {
    const error = expectRefused(
      paymentRequestSchema,
      patch(base, { 'card.number': '4111 1111 1111 1111', 'card.cvv': '98765' }),
      'card.number',
    );
    expect(JSON.stringify(error.issues) + error.message).not.to.match(/4111|98765/);
  });

  it('routes card data (raw, encrypted, a network token) to /secure_payments', () => {
    expect(needsSecureEndpoint({ card: { number: '4111111111111111' } })).to.equal(true);
    expect(needsSecureEndpoint({ card: { encrypted_data: 'a.b.c.d.e' } })).to.equal(true);
    expect(
      needsSecureEndpoint({ card: { network_token: '4895370012345678', cryptogram: 'c' } }),
    ).to.equal(true);
    expect(needsSecureEndpoint({ card: { card_id: 'CV-1' } })).to.equal(false);
    expect(needsSecureEndpoint({ card: { token: 'T-1', number: null } })).to.equal(false);
    expect(needsSecureEndpoint({ card: null })).to.equal(false);
    expect(needsSecureEndpoint({})).to.equal(false);
  });
});
