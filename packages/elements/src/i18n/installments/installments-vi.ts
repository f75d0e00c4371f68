import type { InstallmentMessages } from './installments-en.js';

export const installmentsVi: InstallmentMessages = {
  installments: 'Trả góp',
  installmentOption: '{count} × {amount}',
  installmentTotal: 'Tổng cộng {amount}',
  interestFree: 'lãi suất 0%',
  interestFreeArgentina: 'lãi suất 0%',
  issuerPlan: '{name}: {plan}',
  withInterest: 'có lãi suất',
  monthsInterestFree: 'Trả góp {count} tháng lãi suất 0%, mỗi tháng {amount}',
  monthsWithInterest: 'Trả góp {count} tháng có lãi suất, mỗi tháng {amount}',
  chooseInstallments: 'Số kỳ trả góp',
  rateTna: 'TNA (lãi suất danh nghĩa theo năm) {rate}',
  rateTea: 'TEA (lãi suất thực tế theo năm) {rate}',
  rateCft: 'CFT (tổng chi phí tài chính, đã bao gồm VAT) {rate}',
  rateCat: 'CAT (tổng chi phí hằng năm) {rate}, chưa bao gồm VAT, chỉ mang tính tham khảo',
  rateCet: 'CET (tổng chi phí thực tế) {rate} mỗi năm',
  bankSetsInterest: 'lãi suất do ngân hàng của quý khách quy định',
  payInFull: 'Thanh toán một lần',
  payWithPlan: 'Thanh toán {amount} ({plan})',
  installmentsWithLast: '{plan}, kỳ cuối {amount}',
};

export default installmentsVi;
