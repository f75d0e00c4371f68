import type { PayerMessages } from './payer-en.js';

export const payerAr: PayerMessages = {
  details: 'بياناتك',
  name: 'الاسم الكامل',
  email: 'البريد الإلكتروني',
  documentType: 'نوع المستند',
  document: 'رقم المستند',
  phone: 'الهاتف',
  birthDate: 'تاريخ الميلاد',
  street: 'الشارع',
  number: 'رقم المبنى',
  city: 'المدينة',
  state: 'المحافظة أو الولاية',
  zip: 'الرمز البريدي',
  required: 'هذا الحقل مطلوب.',
  byCard: 'البطاقة',
  needName: 'أدخل اسمك الكامل: للدفع باستخدام {method}، يُسجَّل الدفع باسمك.',
  needEmail: 'أدخل بريدك الإلكتروني: للدفع باستخدام {method}، يُرسَل إليه إيصال الدفع.',
  needDocument: 'أدخل {type}: للدفع باستخدام {method}، يُسجَّل الدفع به.',
  needPhone: 'أدخل رقم هاتفك: للدفع باستخدام {method}، نتواصل معك عبره بشأن هذا الدفع.',
  needBirthDate: 'أدخل تاريخ ميلادك: للدفع باستخدام {method}، يؤكّد هوية من يدفع.',
  needAddress: '{field}: جزء من عنوان الفواتير المطلوب للدفع باستخدام {method}.',
  emailInvalid: 'أدخل عنوان بريد إلكتروني، مثل name@example.com.',
  documentInvalid: 'رقم {type} هذا غير صالح: تحقّق من الأرقام.',
  documentFormat: 'هذا ليس رقم {type}: تحقّق من طوله وأحرفه.',
  phoneInvalid: 'أدخل رقم هاتف مع رمز المنطقة.',
  zipInvalid: 'أدخل رمزًا بريديًا، مثل {example}.',
  dateInvalid: 'أدخل تاريخ ميلاد صحيحًا.',
  lengthBetween: 'يجب أن يكون عدد الأحرف بين {min} و{max}.',
  refused: 'لم يتمكن المتجر من قبول هذه البيانات. تحقّق منها وحاول مرة أخرى.',
  saveCard: 'حفظ هذه البطاقة لاستخدامها لاحقًا',
  saveCardTerms:
    'يحتفظ المتجر بهذه البطاقة ليخصم منها مجددًا فقط عندما تختارها عند الدفع. يبقى رقم البطاقة لدى مزوّد الدفع، وليس لدى المتجر. يمكنك أن تطلب من المتجر حذفها في أي وقت.',
};

export default payerAr;
