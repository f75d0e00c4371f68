/** `POST /installments-plans`: the plan for a BIN and an amount, kept so payments can use it. */
import { installmentsPlanRequestSchema } from '@paylit/core/schemas';
import { ApiFailure } from '../errors.js';
import { parseBody } from '../parse.js';
import { fitsCurrency, isAllowedCurrency, isSupportedCountry } from '../catalogs/countries.js';
import { installmentOptions } from '../catalogs/installments.js';
import type { Plan, Store } from './store.js';

export function createPlan(store: Store, body: unknown) {
  const req = parseBody(installmentsPlanRequestSchema, body);
  if (!isSupportedCountry(req.country)) throw new ApiFailure(5003, 'country');
  if (!isAllowedCurrency(req.country, req.currency)) throw new ApiFailure(5004, 'currency');
  // As at payment: an amount with more decimals than its currency has (none in CLP) is no amount
  // a payment could charge, so there is no plan for it.
  if (!fitsCurrency(req.amount, req.currency)) throw new ApiFailure(5001, 'amount');
  const { options, byBank } = installmentOptions(req.country, req.bin, req.amount, req.currency);
  const id = store.id('INS');
  const plan: Plan = {
    id,
    country: req.country,
    bin: req.bin,
    amount: req.amount,
    currency: req.currency,
    installments: options.map((o) => ({ id: `${id}-${o.installments}`, ...o })),
    installments_by_bank: byBank,
  };
  store.plans.set(id, plan);
  return structuredClone(plan);
}
