/** Arabic words of signing up to a subscription (see `subscription-en.ts`). */
import type { SubscriptionMessages } from './subscription-en.js';

const words: SubscriptionMessages = {
  how: 'كيف تريد دفع اشتراكك؟',
  card: 'البطاقة',
  terms: 'تفويض Pix Automático',
  payee: 'المستفيد',
  frequency: 'التكرار',
  amount: 'المبلغ',
  upTo: 'حتى {amount} لكل عملية خصم',
  starts: 'أول عملية خصم',
  ends: 'تاريخ الانتهاء',
  noEnd: 'حتى تلغيه',
  cancelInBank: 'يمكنك إلغاؤه في أي وقت من تطبيق البنك.',
  authorize: 'تفويض Pix Automático',
  waitingTitle: 'وافق عليه من البنك',
  waitingSteps: 'افتح تطبيق البنك ووافق على تفويض Pix Automático.',
  openBank: 'انتقل إلى صفحة البنك للموافقة',
  waiting: 'تتحدّث هذه الصفحة تلقائيًا بمجرد رد البنك.',
  active: 'تم تفعيل Pix Automático',
  activeDetail: 'أول عملية خصم في {date}.',
  rejected: 'رفض البنك التفويض. لن يُخصم أي مبلغ.',
  cancelled: 'أُلغي التفويض. لن يُخصم أي مبلغ.',
  failed: 'تعذّر تفعيل Pix Automático. حاول مرة أخرى.',
  consentFixed: 'أفوّض المتجر بخصم {amount} {every} من هذه البطاقة إلى أن ألغي ذلك.',
  consentVariable:
    'أفوّض المتجر بخصم ما لا يزيد على {amount} {every} من هذه البطاقة إلى أن ألغي ذلك.',
  consentTerms:
    'تُحفظ البطاقة لدفع كل فترة بدءًا من {date}. للإلغاء، تواصل مع المتجر: لن تُخصم أي فترة بعد الإلغاء.',
  consentRequired: 'للاشتراك بهذه البطاقة، ضع علامة في المربع لقبول عمليات الخصم المتكررة.',
  every: {
    WEEKLY: 'كل أسبوع',
    MONTHLY: 'كل شهر',
    QUARTERLY: 'كل ثلاثة أشهر',
    SEMI_ANNUAL: 'كل ستة أشهر',
    ANNUAL: 'كل سنة',
  },
  frequencies: {
    WEEKLY: 'أسبوعي',
    MONTHLY: 'شهري',
    QUARTERLY: 'كل ثلاثة أشهر',
    SEMI_ANNUAL: 'كل ستة أشهر',
    ANNUAL: 'سنوي',
  },
};

export default words;
