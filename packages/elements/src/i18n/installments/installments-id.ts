import type { InstallmentMessages } from './installments-en.js';

export const installmentsId: InstallmentMessages = {
  installments: 'Cicilan',
  installmentOption: '{count} × {amount}',
  installmentTotal: 'Total pembayaran {amount}',
  interestFree: 'tanpa bunga',
  interestFreeArgentina: 'tanpa bunga',
  issuerPlan: '{name}: {plan}',
  withInterest: 'dengan bunga',
  monthsInterestFree: 'Cicilan {count} bulan tanpa bunga, {amount} per bulan',
  monthsWithInterest: 'Cicilan {count} bulan dengan bunga, {amount} per bulan',
  chooseInstallments: 'Tenor cicilan',
  rateTna: 'TNA (suku bunga nominal tahunan) {rate}',
  rateTea: 'TEA (suku bunga efektif tahunan) {rate}',
  rateCft: 'CFT (total biaya keuangan, termasuk PPN) {rate}',
  rateCat: 'CAT (total biaya tahunan) {rate}, belum termasuk PPN, hanya sebagai informasi',
  rateCet: 'CET (total biaya efektif) {rate} per tahun',
  bankSetsInterest: 'bunga ditentukan oleh bank Anda',
  payInFull: 'Bayar penuh',
  payWithPlan: 'Bayar {amount} ({plan})',
  installmentsWithLast: '{plan}, cicilan terakhir {amount}',
};

export default installmentsId;
