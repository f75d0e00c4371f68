import { expect } from 'chai';
import { getBrand } from './card/index.js';
import {
  acceptsCurrency,
  addressRequiredCountries,
  countries,
  countryOf,
  currencies,
  ipRequiredCountries,
  isServedCountry,
  marketProblem,
  requiresThreeDSecure,
  threeDSecureCountries,
} from './countries.js';
import { currencyDecimals, formatAmount } from './money.js';

describe('countries', () => {
  it('serves each market of the API with its local currency and USD', () => {
    expect(Object.keys(countries)).to.have.lengthOf(30);
    expect(countries.PA!.currencies).to.deep.equal(['USD']);
    expect(countries.EC!.currencies).to.deep.equal(['USD']);
    expect(countries.SV!.currencies).to.deep.equal(['USD']);
    expect(countries.CR!.currencies).to.deep.equal(['CRC', 'USD']);
    expect(acceptsCurrency('GT', 'GTQ')).to.equal(true);
    expect(acceptsCurrency('BR', 'USD')).to.equal(true);
    expect(acceptsCurrency('BR', 'ARS')).to.equal(false);
    expect(acceptsCurrency('FR', 'EUR')).to.equal(false);
    expect(isServedCountry('DO')).to.equal(true);
    expect(isServedCountry('FR')).to.equal(false);
    // A code is a key of the table, never a property every object has.
    expect(isServedCountry('constructor')).to.equal(false);
    expect(countryOf('toString')).to.equal(undefined);
  });

  it("gives every currency of the table the decimals money.ts uses, whatever the runtime's Intl says", () => {
    for (const [code, c] of Object.entries(countries)) {
      for (const currency of c.currencies)
        expect(currencies[currency], `${code} ${currency}`).to.exist;
    }
    for (const [currency, { decimals }] of Object.entries(currencies))
      expect(currencyDecimals(currency), currency).to.equal(decimals);
    expect(currencies.CLP!.decimals).to.equal(0);
    expect(currencies.COP!.decimals).to.equal(0);
    expect(formatAmount(120000, 'COP', 'en')).to.not.contain('.');
  });

  it('names its card brands by codes of the brand table, and each method with at least one flow', () => {
    for (const [code, c] of Object.entries(countries)) {
      expect(c.cards.length, code).to.be.greaterThan(0);
      for (const card of c.cards) expect(getBrand(card), `${code} ${card}`).to.exist;
      for (const m of c.methods) expect(m.flows.length, `${code} ${m.id}`).to.be.greaterThan(0);
      const ids = [...c.cards, ...c.methods.map((m) => m.id)];
      expect(new Set(ids).size, `${code} has one method per id`).to.equal(ids.length);
    }
  });

  it('says why a payment cannot be made in a market, naming the field', () => {
    expect(marketProblem('PA', 'USD', 45.99)).to.equal(undefined);
    expect(marketProblem('FR', 'USD', 45.99)?.param).to.equal('country');
    expect(marketProblem('BR', 'ARS', 45.99)).to.deep.equal({
      param: 'currency',
      message: 'must be BRL or USD for payments in BR',
    });
    expect(marketProblem('CL', 'CLP', 15990.5)).to.deep.equal({
      param: 'amount',
      message: 'must be a whole number: CLP has no decimals',
    });
    expect(marketProblem('CL', 'CLP', 15990)).to.equal(undefined);
    expect(marketProblem('CL', 'USD', 15990.5)).to.equal(undefined);
    expect(marketProblem('CL', 'CLP')).to.equal(undefined);
  });

  it('keeps the country rules the schemas read', () => {
    expect([...threeDSecureCountries].sort()).to.deep.equal(['IN', 'MY', 'PH', 'ZA']);
    expect(addressRequiredCountries).to.deep.equal(['ZA']);
    expect(ipRequiredCountries).to.deep.equal(['TR']);
    expect(requiresThreeDSecure('IN')).to.equal(true);
    expect(requiresThreeDSecure('BR')).to.equal(false);
    expect(requiresThreeDSecure('FR')).to.equal(false);
  });
});
