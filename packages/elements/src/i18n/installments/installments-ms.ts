import type { InstallmentMessages } from './installments-en.js';

export const installmentsMs: InstallmentMessages = {
  installments: 'Pelan ansuran',
  installmentOption: '{count} × {amount}',
  installmentTotal: 'Jumlah {amount}',
  interestFree: 'tanpa faedah',
  interestFreeArgentina: 'tanpa faedah',
  issuerPlan: '{name}: {plan}',
  withInterest: 'dengan faedah',
  monthsInterestFree: 'Ansuran {count} bulan tanpa faedah, {amount} sebulan',
  monthsWithInterest: 'Ansuran {count} bulan dengan faedah, {amount} sebulan',
  chooseInstallments: 'Bilangan ansuran',
  rateTna: 'TNA (kadar faedah nominal tahunan) {rate}',
  rateTea: 'TEA (kadar faedah efektif tahunan) {rate}',
  rateCft: 'CFT (jumlah kos kewangan, termasuk VAT) {rate}',
  rateCat: 'CAT (jumlah kos tahunan) {rate}, sebelum VAT, untuk makluman sahaja',
  rateCet: 'CET (jumlah kos efektif) {rate} setahun',
  bankSetsInterest: 'kadar faedah ditetapkan oleh bank anda',
  payInFull: 'Bayar penuh',
  payWithPlan: 'Bayar {amount} ({plan})',
  installmentsWithLast: '{plan}, ansuran terakhir {amount}',
};

export default installmentsMs;
