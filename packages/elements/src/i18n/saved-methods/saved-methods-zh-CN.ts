import type { SavedMethodsMessages } from './saved-methods-en.js';

export const savedMethodsZhCN: SavedMethodsMessages = {
  title: '已保存的支付方式',
  loading: '正在加载您已保存的支付方式…',
  empty: '您没有已保存的银行卡或订阅。',
  cards: '银行卡',
  subscriptions: '订阅',
  expires: '有效期至 {date}',
  remove: '删除',
  removeAsk: '要删除{card}吗？付款时将不再显示此卡。',
  removeYes: '删除',
  keep: '保留',
  removed: '已删除{card}。',
  cancel: '取消订阅',
  cancelAsk: '要取消您在{payee}的订阅吗？之后将不再扣款。',
  cancelYes: '取消订阅',
  cancelled: '您在{payee}的订阅已取消。',
  working: '请稍候…',
  card: '银行卡',
  upTo: '最高 {amount}',
  weekly: '每周',
  monthly: '每月',
  quarterly: '每 3 个月',
  semiAnnual: '每 6 个月',
  annual: '每年',
  pending: '等待您的银行授权',
  pastDue: '有一笔付款已逾期',
  sessionEnded: '您的会话已过期：请重新加载页面以管理已保存的支付方式。',
  loadFailed: '无法加载您已保存的支付方式。',
  actionFailed: '操作未成功，未做任何更改。请重试。',
};

export default savedMethodsZhCN;
