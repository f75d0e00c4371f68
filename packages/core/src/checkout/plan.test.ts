/** The plan's calendar: billing dates by frequency (month ends kept), due windows, scheduled dates. */
import { expect } from 'chai';
import {
  billingDate,
  billingDates,
  countryDate,
  dueUntil,
  enrollmentSubscription,
  planSchema,
  scheduledDateFor,
  subscribingMethods,
} from './index.js';
import { countries } from '../countries.js';

describe('plan', () => {
  it('bills each period from the start: weeks add 7 days, months keep the day or the month end', () => {
    const monthly = { frequency: 'MONTHLY' as const, startDate: '2027-01-31' };
    expect([0, 1, 2, 3].map((k) => billingDate(monthly, k))).to.deep.equal([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(billingDate({ frequency: 'WEEKLY', startDate: '2027-12-29' }, 1)).to.equal('2028-01-05');
    expect(billingDate({ frequency: 'QUARTERLY', startDate: '2027-11-30' }, 1)).to.equal(
      '2028-02-29',
    );
    expect(billingDate({ frequency: 'SEMI_ANNUAL', startDate: '2027-08-15' }, 1)).to.equal(
      '2028-02-15',
    );
    expect(billingDate({ frequency: 'ANNUAL', startDate: '2028-02-29' }, 1)).to.equal('2029-02-28');
  });

  it('lists the billing dates up to a day and the plan end', () => {
    const plan = { frequency: 'MONTHLY' as const, startDate: '2027-01-10', endDate: '2027-03-10' };
    expect(billingDates(plan, 0, '2027-12-31')).to.deep.equal([
      '2027-01-10',
      '2027-02-10',
      '2027-03-10',
    ]);
    expect(billingDates(plan, 1, '2027-02-09')).to.deep.equal([]);
  });

  it('Pix Automático is due 9 days ahead and scheduled 3 days ahead at the least, a day inside the API window; a card on the day', () => {
    const asOf = new Date('2027-01-01T15:00:00Z');
    expect(dueUntil('XA', asOf, 'BR')).to.equal('2027-01-10');
    expect(dueUntil('CARD', asOf, 'BR')).to.equal('2027-01-01');
    expect(scheduledDateFor('2027-01-08', asOf)).to.equal('2027-01-08');
    expect(scheduledDateFor('2027-01-02', asOf)).to.equal('2027-01-04');
    expect(scheduledDateFor('2027-01-04', asOf)).to.equal('2027-01-04');
  });

  it("a card period is due once its billing date has begun everywhere in the country (its westernmost zone, summer time included); Pix Automático counts by UTC's calendar", () => {
    const at = (iso: string) => new Date(iso);
    // Brazil: Acre (UTC−5) is the last to begin a day; São Paulo's midnight (03:00 UTC) is not enough.
    expect(dueUntil('CARD', at('2027-01-15T04:59:59.999Z'), 'BR')).to.equal('2027-01-14');
    expect(dueUntil('CARD', at('2027-01-15T05:00:00.000Z'), 'BR')).to.equal('2027-01-15');
    // Japan (UTC+9): the 15th begins at 15:00 UTC on the 14th.
    expect(dueUntil('CARD', at('2027-01-14T14:59:59.999Z'), 'JP')).to.equal('2027-01-14');
    expect(dueUntil('CARD', at('2027-01-14T15:00:00.000Z'), 'JP')).to.equal('2027-01-15');
    // Mexico: Tijuana, UTC−8 in winter and UTC−7 in summer (with the United States).
    expect(dueUntil('CARD', at('2027-01-15T07:59:59.999Z'), 'MX')).to.equal('2027-01-14');
    expect(dueUntil('CARD', at('2027-01-15T08:00:00.000Z'), 'MX')).to.equal('2027-01-15');
    expect(dueUntil('CARD', at('2027-07-15T06:59:59.999Z'), 'MX')).to.equal('2027-07-14');
    expect(dueUntil('CARD', at('2027-07-15T07:00:00.000Z'), 'MX')).to.equal('2027-07-15');
    // Chile: Easter Island, UTC−5 in the southern summer, UTC−6 in winter.
    expect(dueUntil('CARD', at('2027-01-15T04:59:59.999Z'), 'CL')).to.equal('2027-01-14');
    expect(dueUntil('CARD', at('2027-07-15T05:59:59.999Z'), 'CL')).to.equal('2027-07-14');
    expect(dueUntil('CARD', at('2027-07-15T06:00:00.000Z'), 'CL')).to.equal('2027-07-15');
    // Every served country has its zone: at 00:30 UTC the west is still on the 14th, at 23:30 UTC the east already on the 16th.
    for (const code of Object.keys(countries)) {
      const dates = [
        countryDate(code, at('2027-01-15T00:30:00Z')),
        countryDate(code, at('2027-01-15T23:30:00Z')),
      ];
      expect(dates, code).not.to.deep.equal(['2027-01-15', '2027-01-15']);
    }
    // A country not served: UTC's date.
    expect(dueUntil('CARD', at('2027-01-15T00:00:00.000Z'), 'XX')).to.equal('2027-01-15');
    // Pix Automático: 9 days ahead by UTC, whatever the hour in Brazil.
    expect(dueUntil('XA', at('2027-01-15T01:00:00.000Z'), 'BR')).to.equal('2027-01-24');
  });

  it('who can subscribe: Pix Automático in Brazil only, cards everywhere', () => {
    expect(subscribingMethods('BR')).to.deep.equal(['XA', 'CARD']);
    expect(subscribingMethods('MX')).to.deep.equal(['CARD']);
  });

  it("makes the API's enrollment.subscription, a variable plan's minimum defaulting to the smallest unit", () => {
    const plan = planSchema.parse({
      frequency: 'MONTHLY',
      amount: { type: 'VARIABLE', max: 80 },
      startDate: '2027-01-10',
    });
    expect(enrollmentSubscription(plan, 'BRL')).to.deep.equal({
      start_date: '2027-01-10',
      frequency: 'MONTHLY',
      amount: { type: 'VARIABLE', min_value: 0.01, max_value: 80 },
    });
  });
});
