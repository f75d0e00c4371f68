import type { SavedMethodsMessages } from './saved-methods-en.js';

export const savedMethodsAr: SavedMethodsMessages = {
  title: 'طرق الدفع المحفوظة',
  loading: 'جارٍ تحميل طرق الدفع المحفوظة…',
  empty: 'لا توجد لديك بطاقات أو اشتراكات محفوظة.',
  cards: 'البطاقات',
  subscriptions: 'الاشتراكات',
  expires: 'تنتهي صلاحيتها {date}',
  remove: 'إزالة',
  removeAsk: 'هل تريد إزالة {card}؟ لن تظهر لك بعد الآن عند الدفع.',
  removeYes: 'نعم، أزلها',
  keep: 'لا، أبقِها',
  removed: 'تمت إزالة {card}.',
  cancel: 'إلغاء الاشتراك',
  cancelAsk: 'هل تريد إلغاء اشتراكك لدى {payee}؟ لن يُخصم أي مبلغ آخر.',
  cancelYes: 'نعم، ألغِه',
  cancelled: 'تم إلغاء اشتراكك لدى {payee}.',
  working: 'لحظة من فضلك…',
  card: 'بطاقة',
  upTo: 'حتى {amount}',
  weekly: 'أسبوعيًا',
  monthly: 'شهريًا',
  quarterly: 'كل 3 أشهر',
  semiAnnual: 'كل 6 أشهر',
  annual: 'سنويًا',
  pending: 'في انتظار موافقة مصرفك',
  pastDue: 'هناك دفعة متأخرة',
  sessionEnded: 'انتهت جلستك: أعد تحميل الصفحة لإدارة طرق الدفع المحفوظة.',
  loadFailed: 'تعذّر تحميل طرق الدفع المحفوظة.',
  actionFailed: 'لم تنجح العملية ولم يتغيّر شيء. حاول مرة أخرى.',
};

export default savedMethodsAr;
