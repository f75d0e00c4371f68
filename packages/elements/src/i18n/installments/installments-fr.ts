import type { InstallmentMessages } from './installments-en.js';

export const installmentsFr: InstallmentMessages = {
  installments: 'Paiement en plusieurs fois',
  installmentOption: '{count} × {amount}',
  installmentTotal: 'Total\u202f: {amount}',
  interestFree: 'sans intérêts',
  interestFreeArgentina: 'sans intérêts',
  issuerPlan: '{name} : {plan}',
  withInterest: 'avec intérêts',
  monthsInterestFree: '{count} mensualités de {amount} sans intérêts',
  monthsWithInterest: '{count} mensualités de {amount} avec intérêts',
  chooseInstallments: 'Nombre d’échéances',
  rateTna: 'TNA (taux nominal annuel) {rate}',
  rateTea: 'TEA (taux effectif annuel) {rate}',
  rateCft: 'CFT (coût financier total, TVA incluse) {rate}',
  rateCat: 'CAT (coût annuel total) {rate}, hors TVA, à titre indicatif',
  rateCet: 'CET (coût effectif total) {rate} par an',
  bankSetsInterest: 'intérêts fixés par votre banque',
  payInFull: 'Payer en une fois',
  payWithPlan: 'Payer {amount} ({plan})',
  installmentsWithLast: '{plan}, dont la dernière de {amount}',
};

export default installmentsFr;
