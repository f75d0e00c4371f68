/** Thai words of signing up to a subscription (see `subscription-en.ts`). */
import type { SubscriptionMessages } from './subscription-en.js';

const words: SubscriptionMessages = {
  how: 'คุณต้องการชำระค่าสมาชิกด้วยวิธีใด',
  card: 'บัตร',
  terms: 'การอนุมัติ Pix Automático',
  payee: 'ผู้รับเงิน',
  frequency: 'ความถี่',
  amount: 'จำนวนเงิน',
  upTo: 'สูงสุด {amount} ต่อครั้ง',
  starts: 'เรียกเก็บครั้งแรก',
  ends: 'สิ้นสุด',
  noEnd: 'จนกว่าคุณจะยกเลิก',
  cancelInBank: 'คุณยกเลิกได้ทุกเมื่อในแอปของธนาคาร',
  authorize: 'อนุมัติ Pix Automático',
  waitingTitle: 'อนุมัติในธนาคารของคุณ',
  waitingSteps: 'เปิดแอปของธนาคารแล้วอนุมัติ Pix Automático',
  openBank: 'ไปที่หน้าของธนาคารเพื่ออนุมัติ',
  waiting: 'หน้านี้จะอัปเดตเองเมื่อธนาคารตอบกลับ',
  active: 'เปิดใช้ Pix Automático แล้ว',
  activeDetail: 'จะเรียกเก็บครั้งแรกในวันที่ {date}',
  rejected: 'ธนาคารของคุณปฏิเสธการอนุมัติ จะไม่มีการเรียกเก็บเงิน',
  cancelled: 'การอนุมัติถูกยกเลิกแล้ว จะไม่มีการเรียกเก็บเงิน',
  failed: 'เปิดใช้ Pix Automático ไม่สำเร็จ โปรดลองอีกครั้ง',
  consentFixed: 'ฉันอนุญาตให้ร้านค้าเรียกเก็บเงิน {amount} {every} จากบัตรนี้จนกว่าฉันจะยกเลิก',
  consentVariable: 'ฉันอนุญาตให้ร้านค้าเรียกเก็บเงินไม่เกิน {amount} {every} จากบัตรนี้จนกว่าฉันจะยกเลิก',
  consentTerms:
    'ระบบจะบันทึกบัตรไว้เพื่อชำระแต่ละงวดตั้งแต่วันที่ {date} หากต้องการยกเลิก โปรดติดต่อร้านค้า หลังยกเลิกจะไม่มีการเรียกเก็บงวดใดอีก',
  consentRequired: 'หากต้องการสมัครด้วยบัตรนี้ โปรดทำเครื่องหมายในช่องเพื่อยอมรับการเรียกเก็บเงินเป็นประจำ',
  every: {
    WEEKLY: 'ทุกสัปดาห์',
    MONTHLY: 'ทุกเดือน',
    QUARTERLY: 'ทุกสามเดือน',
    SEMI_ANNUAL: 'ทุกหกเดือน',
    ANNUAL: 'ทุกปี',
  },
  frequencies: {
    WEEKLY: 'รายสัปดาห์',
    MONTHLY: 'รายเดือน',
    QUARTERLY: 'รายไตรมาส',
    SEMI_ANNUAL: 'รายครึ่งปี',
    ANNUAL: 'รายปี',
  },
};

export default words;
