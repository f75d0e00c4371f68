import type { SavedMethodsMessages } from './saved-methods-en.js';

export const savedMethodsTh: SavedMethodsMessages = {
  title: 'วิธีชำระเงินที่บันทึกไว้',
  loading: 'กำลังโหลดวิธีชำระเงินที่คุณบันทึกไว้…',
  empty: 'คุณไม่มีบัตรหรือการสมัครสมาชิกที่บันทึกไว้',
  cards: 'บัตร',
  subscriptions: 'การสมัครสมาชิก',
  expires: 'หมดอายุ {date}',
  remove: 'ลบ',
  removeAsk: 'ลบ {card} ใช่ไหม จะไม่แสดงบัตรนี้อีกเมื่อคุณชำระเงิน',
  removeYes: 'ใช่ ลบเลย',
  keep: 'ไม่ เก็บไว้',
  removed: 'ลบ {card} แล้ว',
  cancel: 'ยกเลิกการสมัครสมาชิก',
  cancelAsk: 'ยกเลิกการสมัครสมาชิกกับ {payee} ใช่ไหม จะไม่มีการเรียกเก็บเงินอีก',
  cancelYes: 'ใช่ ยกเลิกเลย',
  cancelled: 'ยกเลิกการสมัครสมาชิกกับ {payee} แล้ว',
  working: 'สักครู่…',
  card: 'บัตร',
  upTo: 'สูงสุด {amount}',
  weekly: 'รายสัปดาห์',
  monthly: 'รายเดือน',
  quarterly: 'ทุก 3 เดือน',
  semiAnnual: 'ทุก 6 เดือน',
  annual: 'รายปี',
  pending: 'กำลังรอธนาคารของคุณอนุมัติ',
  pastDue: 'มียอดชำระที่เลยกำหนด',
  sessionEnded: 'เซสชันของคุณหมดอายุแล้ว โปรดโหลดหน้านี้ใหม่เพื่อจัดการวิธีชำระเงินที่บันทึกไว้',
  loadFailed: 'ไม่สามารถโหลดวิธีชำระเงินที่คุณบันทึกไว้ได้',
  actionFailed: 'ไม่สำเร็จ และไม่มีการเปลี่ยนแปลงใดๆ โปรดลองอีกครั้ง',
};

export default savedMethodsTh;
