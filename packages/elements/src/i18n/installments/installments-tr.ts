import type { InstallmentMessages } from './installments-en.js';

export const installmentsTr: InstallmentMessages = {
  installments: 'Taksit seçenekleri',
  installmentOption: '{count} × {amount}',
  installmentTotal: 'Toplam {amount}',
  interestFree: 'faizsiz',
  interestFreeArgentina: 'faizsiz',
  issuerPlan: '{name}: {plan}',
  withInterest: 'faizli',
  monthsInterestFree: '{count} ay faizsiz taksit, aylık {amount}',
  monthsWithInterest: '{count} ay faizli taksit, aylık {amount}',
  chooseInstallments: 'Taksit sayısı',
  rateTna: 'TNA (yıllık nominal faiz oranı) {rate}',
  rateTea: 'TEA (yıllık efektif faiz oranı) {rate}',
  rateCft: 'CFT (KDV dahil toplam finansman maliyeti) {rate}',
  rateCat: 'CAT (yıllık toplam maliyet) {rate}, KDV hariç, yalnızca bilgi amaçlıdır',
  rateCet: 'CET (toplam efektif maliyet) yıllık {rate}',
  bankSetsInterest: 'faiz oranını bankanız belirler',
  payInFull: 'Peşin',
  payWithPlan: '{amount} öde ({plan})',
  installmentsWithLast: '{plan}, son taksit {amount}',
};

export default installmentsTr;
