import type { SavedMethodsMessages } from './saved-methods-en.js';

export const savedMethodsVi: SavedMethodsMessages = {
  title: 'Phương thức thanh toán đã lưu',
  loading: 'Đang tải phương thức thanh toán đã lưu của Quý khách…',
  empty: 'Quý khách chưa lưu thẻ hoặc gói đăng ký nào.',
  cards: 'Thẻ',
  subscriptions: 'Gói đăng ký',
  expires: 'Hết hạn {date}',
  remove: 'Xóa',
  removeAsk: 'Xóa {card}? Thẻ này sẽ không còn xuất hiện khi Quý khách thanh toán.',
  removeYes: 'Có, xóa thẻ',
  keep: 'Không, giữ lại',
  removed: 'Đã xóa {card}.',
  cardInUse:
    '{card} đang dùng để thanh toán một gói đăng ký còn hiệu lực nên chưa được xóa. Vui lòng hủy gói đăng ký trước.',
  cancel: 'Hủy gói đăng ký',
  cancelAsk: 'Hủy gói đăng ký với {payee}? Quý khách sẽ không bị trừ tiền thêm.',
  cancelYes: 'Có, hủy gói',
  cancelled: 'Đã hủy gói đăng ký với {payee}.',
  working: 'Vui lòng chờ…',
  card: 'Thẻ',
  upTo: 'Tối đa {amount}',
  weekly: 'Hằng tuần',
  monthly: 'Hằng tháng',
  quarterly: '3 tháng một lần',
  semiAnnual: '6 tháng một lần',
  annual: 'Hằng năm',
  pending: 'Đang chờ ngân hàng của Quý khách cho phép',
  pastDue: 'Có một khoản thanh toán quá hạn',
  sessionEnded:
    'Phiên đã hết hạn: vui lòng tải lại trang để quản lý phương thức thanh toán đã lưu.',
  loadFailed: 'Không thể tải phương thức thanh toán đã lưu của Quý khách.',
  actionFailed: 'Không thành công và chưa có gì thay đổi. Vui lòng thử lại.',
};

export default savedMethodsVi;
