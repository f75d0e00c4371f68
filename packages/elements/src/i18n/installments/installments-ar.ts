import type { InstallmentMessages } from './installments-en.js';

export const installmentsAr: InstallmentMessages = {
  installments: 'التقسيط',
  installmentOption: '{count} × {amount}',
  installmentTotal: 'الإجمالي {amount}',
  interestFree: 'بدون فوائد',
  interestFreeArgentina: 'بدون فوائد',
  issuerPlan: '{name}: {plan}',
  withInterest: 'بفوائد',
  monthsInterestFree: 'أقساط شهرية بدون فوائد: {count} × {amount}',
  monthsWithInterest: 'أقساط شهرية بفوائد: {count} × {amount}',
  chooseInstallments: 'عدد الأقساط',
  rateTna: 'TNA (معدل الفائدة السنوي الاسمي) {rate}',
  rateTea: 'TEA (معدل الفائدة السنوي الفعلي) {rate}',
  rateCft: 'CFT (التكلفة المالية الإجمالية شاملة ضريبة القيمة المضافة) {rate}',
  rateCat:
    'CAT (التكلفة السنوية الإجمالية) {rate}، غير شاملة ضريبة القيمة المضافة، لأغراض إعلامية فقط',
  rateCet: 'CET (التكلفة الفعلية الإجمالية) {rate} سنويًا',
  bankSetsInterest: 'الفائدة يحددها البنك المُصدِر لبطاقتك',
  payInFull: 'الدفع بالكامل',
  /** The plan in a right-to-left isolate (U+2067 … U+2069): the parentheses around it then pair up, whatever Latin amounts it holds. */
  payWithPlan: 'ادفع {amount} (\u2067{plan}\u2069)',
  installmentsWithLast: '{plan}، والقسط الأخير {amount}',
};

export default installmentsAr;
