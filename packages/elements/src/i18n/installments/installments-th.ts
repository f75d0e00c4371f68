import type { InstallmentMessages } from './installments-en.js';

export const installmentsTh: InstallmentMessages = {
  installments: 'ผ่อนชำระ',
  installmentOption: '{count} × {amount}',
  installmentTotal: 'ยอดรวม {amount}',
  interestFree: 'ไม่มีดอกเบี้ย',
  interestFreeArgentina: 'ไม่มีดอกเบี้ย',
  issuerPlan: '{name}: {plan}',
  withInterest: 'มีดอกเบี้ย',
  monthsInterestFree: 'ผ่อนชำระ {count} เดือน เดือนละ {amount} ไม่มีดอกเบี้ย',
  monthsWithInterest: 'ผ่อนชำระ {count} เดือน เดือนละ {amount} (มีดอกเบี้ย)',
  chooseInstallments: 'จำนวนงวดผ่อนชำระ',
  rateTna: 'TNA (อัตราดอกเบี้ยที่ระบุต่อปี) {rate}',
  rateTea: 'TEA (อัตราดอกเบี้ยที่แท้จริงต่อปี) {rate}',
  rateCft: 'CFT (ต้นทุนทางการเงินทั้งหมด รวมภาษีมูลค่าเพิ่มแล้ว) {rate}',
  rateCat: 'CAT (ต้นทุนรวมต่อปี) {rate} ยังไม่รวมภาษีมูลค่าเพิ่ม เพื่อเป็นข้อมูลเท่านั้น',
  rateCet: 'CET (ต้นทุนที่แท้จริงทั้งหมด) {rate} ต่อปี',
  bankSetsInterest: 'อัตราดอกเบี้ยตามที่ธนาคารของคุณกำหนด',
  payInFull: 'ชำระเต็มจำนวน',
  payWithPlan: 'ชำระเงิน {amount} ({plan})',
  installmentsWithLast: '{plan} งวดสุดท้าย {amount}',
};

export default installmentsTh;
