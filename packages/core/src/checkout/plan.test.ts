/** The plan's calendar: billing dates by frequency (month ends kept), due windows, scheduled dates. */
import { expect } from 'chai';
import {
  billingDate,
  billingDates,
  dueUntil,
  enrollmentSubscription,
  planSchema,
  scheduledDateFor,
  subscribingMethods,
} from './index.js';

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
    expect(dueUntil('XA', asOf)).to.equal('2027-01-10');
    expect(dueUntil('CARD', asOf)).to.equal('2027-01-01');
    expect(scheduledDateFor('2027-01-08', asOf)).to.equal('2027-01-08');
    expect(scheduledDateFor('2027-01-02', asOf)).to.equal('2027-01-04');
    expect(scheduledDateFor('2027-01-04', asOf)).to.equal('2027-01-04');
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
