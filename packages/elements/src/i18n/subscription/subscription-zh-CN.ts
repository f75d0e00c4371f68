/** Simplified Chinese words of signing up to a subscription (see `subscription-en.ts`). */
import type { SubscriptionMessages } from './subscription-en.js';

const words: SubscriptionMessages = {
  how: '您想如何支付订阅费用？',
  card: '银行卡',
  terms: 'Pix Automático 授权',
  payee: '收款方',
  frequency: '频率',
  amount: '金额',
  upTo: '每次扣款最多 {amount}',
  starts: '首次扣款',
  ends: '结束',
  noEnd: '直到您取消',
  cancelInBank: '您可以随时在银行 App 中取消。',
  authorize: '授权 Pix Automático',
  waitingTitle: '请在银行中授权',
  waitingSteps: '打开您的银行 App，批准 Pix Automático 授权。',
  openBank: '前往银行页面进行授权',
  waiting: '银行回复后，此页面会自动更新。',
  active: 'Pix Automático 已开通',
  activeDetail: '首次扣款日期：{date}。',
  rejected: '您的银行拒绝了授权，不会扣款。',
  cancelled: '授权已取消，不会扣款。',
  failed: '无法开通 Pix Automático，请重试。',
  consentFixed: '我授权商店在我取消之前{every}从这张卡扣款 {amount}。',
  consentVariable: '我授权商店在我取消之前{every}从这张卡扣款，每次最多 {amount}。',
  consentTerms:
    '此卡将被保存，从 {date} 起用于支付每期费用。如需取消，请联系商店；取消后不会再扣任何一期费用。',
  consentRequired: '如需用此卡订阅，请勾选此框以同意定期扣款。',
  every: {
    WEEKLY: '每周',
    MONTHLY: '每月',
    QUARTERLY: '每三个月',
    SEMI_ANNUAL: '每六个月',
    ANNUAL: '每年',
  },
  frequencies: {
    WEEKLY: '每周',
    MONTHLY: '每月',
    QUARTERLY: '每季度',
    SEMI_ANNUAL: '每半年',
    ANNUAL: '每年',
  },
};

export default words;
