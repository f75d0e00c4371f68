import { expect } from 'chai';
import {
  apiBirthDate,
  missingPayerDetails,
  normalizePhone,
  payerNeeds,
  postalCodeProblem,
} from './payer.js';

describe('payer: what a payment needs of its payer', () => {
  it('by country and way to pay: the holder names a card payer; wallets need the phone; DO and PA no document', () => {
    expect(payerNeeds('BR', 'card')).to.deep.equal(['email', 'document']);
    expect(payerNeeds('BR', 'redirect')).to.deep.equal(['name', 'email', 'document']);
    expect(payerNeeds('AR', 'wallet')).to.deep.equal(['name', 'email', 'document', 'phone']);
    expect(payerNeeds('PA', 'card')).to.deep.equal(['email']);
    expect(payerNeeds('DO', 'saved_card')).to.deep.equal(['name', 'email']);
    expect(payerNeeds('ZA', 'card')).to.deep.equal(['email', 'document', 'address']);
    expect(payerNeeds('IN', 'card')).to.deep.equal([
      'email',
      'document',
      'phone',
      'birth_date',
      'address',
    ]);
    expect(payerNeeds('IN', 'card', { indiaCrossBorder: false })).to.deep.equal([
      'email',
      'document',
    ]);
  });

  it('what a payer lacks: an empty value is absent, an address lacks any of its five fields', () => {
    const needs = payerNeeds('ZA', 'wallet');
    expect(missingPayerDetails({ name: 'Thandi', email: '', phone: '+27' }, needs)).to.deep.equal([
      'email',
      'document',
      'address',
    ]);
    const full = {
      street: 'Long St',
      number: '1',
      city: 'Cape Town',
      state: 'WC',
      zip_code: '8001',
    };
    expect(missingPayerDetails({ address: { ...full, number: '' } }, ['address'])).to.deep.equal([
      'address',
    ]);
    expect(missingPayerDetails({ address: full }, ['address'])).to.deep.equal([]);
    expect(missingPayerDetails(undefined, ['email'])).to.deep.equal(['email']);
  });

  it('a phone as typed gets its calling code; a + keeps its own; letters or too few digits are none', () => {
    expect(normalizePhone('BR', '(11) 98765-4321')).to.equal('+5511987654321');
    expect(normalizePhone('IN', '098765 43210')).to.equal('+919876543210');
    expect(normalizePhone('AR', '+54 9 11 5555-1234')).to.equal('+5491155551234');
    expect(normalizePhone('MX', '0052 55 1234 5678')).to.equal('+525512345678');
    expect(normalizePhone('BR', '11-ab-987')).to.equal(undefined);
    expect(normalizePhone('BR', '12')).to.equal(undefined);
    expect(normalizePhone('BR', '+1234567890123456')).to.equal(undefined);
  });

  it("postal codes by the country's rule: Brazil's CEP, India's PIN, South Africa's four digits", () => {
    expect(postalCodeProblem('BR', '01310-100')).to.equal(undefined);
    expect(postalCodeProblem('BR', '0131010')).to.equal('format');
    expect(postalCodeProblem('IN', '560 001')).to.equal(undefined);
    expect(postalCodeProblem('IN', '56001')).to.equal('format');
    expect(postalCodeProblem('ZA', '8001')).to.equal(undefined);
    expect(postalCodeProblem('AR', 'c1425dkf')).to.equal(undefined);
    expect(postalCodeProblem('GT', '01001')).to.equal(undefined);
    expect(postalCodeProblem('GT', '')).to.equal('required');
  });

  it("postal codes: the whole value to its end, and the API's 10 characters where no format is fixed", () => {
    expect(postalCodeProblem('ZA', '80011')).to.equal('format');
    expect(postalCodeProblem('AR', '1425')).to.equal(undefined);
    expect(postalCodeProblem('AR', '14250')).to.equal('format');
    expect(postalCodeProblem('AR', 'C1425DKFX')).to.equal('format');
    // address.zip_code: max 10 (the spec's Limits).
    expect(postalCodeProblem('GT', '0100112345')).to.equal(undefined);
    expect(postalCodeProblem('GT', '01001123456')).to.equal('format');
  });

  it("a date input's value as the API writes a birth date", () => {
    expect(apiBirthDate('1990-04-02')).to.equal('02-04-1990');
    expect(apiBirthDate('02/04/1990')).to.equal(undefined);
  });
});
