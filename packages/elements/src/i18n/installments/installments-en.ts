/**
 * English words of the installments (`<paylit-installments>`, the pay button and the outcome with a
 * plan chosen): part of the installments' rules' chunk (internal/installment-plans.ts), which
 * holds the other languages' as chunks of their own (installment-words.ts), so that an order
 * that takes no installments downloads none of them.
 */
export const installmentsEn = {
  installments: 'Installments',
  installmentOption: '{count} × {amount}',
  installmentTotal: 'Total {amount}',
  interestFree: 'interest-free',
  /** Argentina's phrasing of an interest-free plan, as its offers advertise it ("sin interés"). */
  interestFreeArgentina: 'interest-free',
  /** A plan an issuer's own programme names (Naranja's "Plan Z"): {name}, then the plan's wording. */
  issuerPlan: '{name}: {plan}',
  withInterest: 'with interest',
  /** Mexico's phrasing of a plan, as banks advertise it ("meses sin intereses" / "meses con intereses"). */
  monthsInterestFree: '{count} interest-free monthly payments of {amount}',
  monthsWithInterest: '{count} monthly payments of {amount} with interest',
  /** The select that replaces the radios when there are more than six plans. */
  chooseInstallments: 'Number of installments',
  /** Argentina: the rates a plan with interest must state; {rate} is a percentage. */
  rateTna: 'TNA (nominal annual rate) {rate}',
  rateTea: 'TEA (effective annual rate) {rate}',
  rateCft: 'CFT (total financial cost, VAT included) {rate}',
  /** Mexico: the annual total cost of a plan with interest. */
  rateCat: 'CAT (total annual cost) {rate}, before VAT, for information only',
  /** Brazil: the effective total cost of a plan with interest. */
  rateCet: 'CET (total effective cost) {rate} a year',
  bankSetsInterest: 'interest set by your bank',
  payInFull: 'Pay in full',
  /** The pay button with an installment plan chosen: {amount} is what the shopper pays in all, {plan} the installments (installmentOption, or installmentsWithLast). */
  payWithPlan: 'Pay {amount} ({plan})',
  /** A plan whose last installment differs from the others (it takes the rounding): {plan} is the plan's wording, {amount} the last one. */
  installmentsWithLast: '{plan}, the last one {amount}',
};

export type InstallmentMessages = typeof installmentsEn;

export default installmentsEn;
