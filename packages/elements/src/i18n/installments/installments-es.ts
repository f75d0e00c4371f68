import type { InstallmentMessages } from './installments-en.js';

export const installmentsEs: InstallmentMessages = {
  installments: 'Cuotas',
  installmentOption: '{count} × {amount}',
  installmentTotal: 'Total {amount}',
  interestFree: 'sin intereses',
  interestFreeArgentina: 'sin interés',
  issuerPlan: '{name}: {plan}',
  withInterest: 'con intereses',
  monthsInterestFree: '{count} meses sin intereses de {amount}',
  monthsWithInterest: '{count} meses con intereses de {amount}',
  chooseInstallments: 'Número de cuotas',
  rateTna: 'TNA {rate}',
  rateTea: 'TEA {rate}',
  rateCft: 'CFTEA con IVA {rate}',
  rateCat: 'CAT {rate} sin IVA, para fines informativos',
  rateCet: 'CET (coste efectivo total) {rate} anual',
  bankSetsInterest: 'intereses según tu banco',
  payInFull: 'Pago único',
  payWithPlan: 'Pagar {amount} ({plan})',
  installmentsWithLast: '{plan}, la última cuota de {amount}',
};

export default installmentsEs;
