/** Vietnamese words of signing up to a subscription (see `subscription-en.ts`). */
import type { SubscriptionMessages } from './subscription-en.js';

const words: SubscriptionMessages = {
  how: 'Bạn muốn thanh toán gói đăng ký bằng cách nào?',
  card: 'Thẻ',
  terms: 'Ủy quyền Pix Automático',
  payee: 'Người nhận',
  frequency: 'Tần suất',
  amount: 'Số tiền',
  upTo: 'Tối đa {amount} mỗi lần thu',
  starts: 'Lần thu đầu tiên',
  ends: 'Kết thúc',
  noEnd: 'Cho đến khi bạn hủy',
  cancelInBank: 'Bạn có thể hủy bất cứ lúc nào trong ứng dụng ngân hàng của mình.',
  authorize: 'Ủy quyền Pix Automático',
  waitingTitle: 'Xác nhận trong ngân hàng của bạn',
  waitingSteps: 'Mở ứng dụng ngân hàng và chấp thuận ủy quyền Pix Automático.',
  openBank: 'Đến trang của ngân hàng để ủy quyền',
  waiting: 'Trang này tự động cập nhật khi ngân hàng của bạn phản hồi.',
  active: 'Pix Automático đã được kích hoạt',
  activeDetail: 'Lần thu đầu tiên vào {date}.',
  rejected: 'Ngân hàng của bạn đã từ chối ủy quyền. Bạn sẽ không bị thu tiền.',
  cancelled: 'Ủy quyền đã bị hủy. Bạn sẽ không bị thu tiền.',
  failed: 'Không thể kích hoạt Pix Automático. Vui lòng thử lại.',
  consentFixed: 'Tôi cho phép cửa hàng thu {amount} {every} từ thẻ này cho đến khi tôi hủy.',
  consentVariable:
    'Tôi cho phép cửa hàng thu tối đa {amount} {every} từ thẻ này cho đến khi tôi hủy.',
  consentTerms:
    'Thẻ được lưu để thanh toán từng kỳ kể từ {date}. Để hủy, hãy liên hệ cửa hàng: sau khi hủy sẽ không có kỳ nào bị thu tiền.',
  consentRequired:
    'Để đăng ký bằng thẻ này, hãy đánh dấu vào ô để chấp nhận các khoản thu định kỳ.',
  every: {
    WEEKLY: 'mỗi tuần',
    MONTHLY: 'mỗi tháng',
    QUARTERLY: 'mỗi ba tháng',
    SEMI_ANNUAL: 'mỗi sáu tháng',
    ANNUAL: 'mỗi năm',
  },
  frequencies: {
    WEEKLY: 'Hằng tuần',
    MONTHLY: 'Hằng tháng',
    QUARTERLY: 'Hằng quý',
    SEMI_ANNUAL: 'Nửa năm một lần',
    ANNUAL: 'Hằng năm',
  },
};

export default words;
