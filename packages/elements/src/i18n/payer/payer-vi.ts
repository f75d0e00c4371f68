import type { PayerMessages } from './payer-en.js';

export const payerVi: PayerMessages = {
  details: 'Thông tin của quý khách',
  name: 'Họ và tên',
  email: 'Email',
  documentType: 'Loại giấy tờ',
  document: 'Số giấy tờ',
  phone: 'Số điện thoại',
  birthDate: 'Ngày sinh',
  street: 'Đường',
  number: 'Số nhà',
  city: 'Thành phố',
  state: 'Tỉnh/Bang',
  zip: 'Mã bưu chính',
  required: 'Vui lòng điền thông tin này.',
  byCard: 'thẻ',
  needName:
    'Nhập họ và tên của bạn: khi thanh toán bằng {method}, khoản thanh toán được lập theo tên bạn.',
  needEmail:
    'Nhập email của bạn: khi thanh toán bằng {method}, biên lai sẽ được gửi đến địa chỉ này.',
  needDocument:
    'Nhập {type} của bạn: khi thanh toán bằng {method}, khoản thanh toán được ghi nhận theo số này.',
  needPhone:
    'Nhập số điện thoại của bạn: khi thanh toán bằng {method}, chúng tôi liên hệ với bạn về khoản thanh toán này qua số này.',
  needBirthDate:
    'Nhập ngày sinh của bạn: khi thanh toán bằng {method}, thông tin này xác nhận ai là người thanh toán.',
  needAddress: '{field}: một phần của địa chỉ thanh toán cần có để thanh toán bằng {method}.',
  emailInvalid: 'Vui lòng nhập địa chỉ email, ví dụ: ten@vidu.com.',
  documentInvalid: 'Số {type} này không hợp lệ: vui lòng kiểm tra các chữ số.',
  documentFormat: 'Đây không phải là số {type}: vui lòng kiểm tra độ dài và các ký tự.',
  phoneInvalid: 'Vui lòng nhập số điện thoại kèm mã vùng.',
  zipInvalid: 'Vui lòng nhập mã bưu chính, ví dụ: {example}.',
  dateInvalid: 'Vui lòng nhập ngày sinh hợp lệ.',
  lengthBetween: 'Vui lòng nhập từ {min} đến {max} ký tự.',
  refused: 'Cửa hàng không thể chấp nhận thông tin này. Quý khách vui lòng kiểm tra và thử lại.',
  saveCard: 'Lưu thẻ này cho lần thanh toán sau',
  saveCardTerms:
    'Cửa hàng lưu thẻ này và chỉ trừ tiền từ thẻ khi quý khách chọn lại thẻ lúc thanh toán. Số thẻ do nhà cung cấp dịch vụ thanh toán lưu giữ, không phải cửa hàng. Quý khách có thể yêu cầu cửa hàng xóa thẻ bất cứ lúc nào.',
};

export default payerVi;
