import type { PayerMessages } from './payer-en.js';

export const payerZhCN: PayerMessages = {
  details: '您的信息',
  name: '姓名',
  email: '电子邮箱',
  documentType: '证件类型',
  document: '证件号码',
  phone: '电话',
  birthDate: '出生日期',
  street: '街道',
  number: '门牌号',
  city: '城市',
  state: '省/州',
  zip: '邮政编码',
  required: '此项为必填项。',
  byCard: '银行卡',
  needName: '请输入您的全名：使用{method}付款时，付款以您的名义进行。',
  needEmail: '请输入您的电子邮箱：使用{method}付款时，收据将发送到此邮箱。',
  needDocument: '请输入您的{type}：使用{method}付款时，付款将以此号码登记。',
  needPhone: '请输入您的手机号码：使用{method}付款时，我们将通过此号码就本次付款与您联系。',
  needBirthDate: '请输入您的出生日期：使用{method}付款时，用于确认付款人身份。',
  needAddress: '{field}：使用{method}付款所需账单地址的一部分。',
  emailInvalid: '请输入电子邮箱地址，例如 name@example.com。',
  documentInvalid: '此 {type} 号码无效，请核对数字。',
  documentFormat: '这不是 {type} 号码，请检查长度和字符。',
  phoneInvalid: '请输入带区号的电话号码。',
  zipInvalid: '请输入邮政编码，例如 {example}。',
  dateInvalid: '请输入有效的出生日期。',
  lengthBetween: '请输入 {min} 至 {max} 个字符。',
  refused: '商家无法接受此信息，请检查后重试。',
  saveCard: '保存此卡以便下次使用',
  saveCardTerms:
    '商家会保存此卡，仅在您日后结账时选择此卡，才会从中扣款。卡号由支付服务商保管，而非商家。您可以随时要求商家删除此卡。',
};

export default payerZhCN;
