import type { InstallmentMessages } from './installments-en.js';

export const installmentsPtBR: InstallmentMessages = {
  installments: 'Parcelas',
  installmentOption: '{count}x de {amount}',
  installmentTotal: 'Total: {amount}',
  interestFree: 'sem juros',
  interestFreeArgentina: 'sem juros',
  issuerPlan: '{name}: {plan}',
  withInterest: 'com juros',
  monthsInterestFree: '{count} parcelas mensais de {amount} sem juros',
  monthsWithInterest: '{count} parcelas mensais de {amount} com juros',
  chooseInstallments: 'Número de parcelas',
  rateTna: 'TNA (taxa nominal anual) {rate}',
  rateTea: 'TEA (taxa efetiva anual) {rate}',
  rateCft: 'CFT (custo financeiro total, com IVA) {rate}',
  rateCat: 'CAT (custo anual total) {rate}, sem IVA, apenas informativo',
  rateCet: 'CET (custo efetivo total) {rate} ao ano',
  bankSetsInterest: 'juros definidos pelo seu banco',
  payInFull: 'À vista',
  payWithPlan: 'Pagar {amount} ({plan})',
  installmentsWithLast: '{plan}, a última parcela de {amount}',
};

export default installmentsPtBR;
