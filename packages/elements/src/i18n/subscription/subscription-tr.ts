/** Turkish words of signing up to a subscription (see `subscription-en.ts`). */
import type { SubscriptionMessages } from './subscription-en.js';

const words: SubscriptionMessages = {
  how: 'Aboneliğinizi nasıl ödemek istersiniz?',
  card: 'Kart',
  terms: 'Pix Automático talimatı',
  payee: 'Alıcı',
  frequency: 'Sıklık',
  amount: 'Tutar',
  upTo: 'Tahsilat başına en fazla {amount}',
  starts: 'İlk tahsilat',
  ends: 'Bitiş',
  noEnd: 'Siz iptal edene kadar',
  cancelInBank: 'Bankanızın uygulamasından istediğiniz zaman iptal edebilirsiniz.',
  authorize: 'Pix Automático talimatı ver',
  waitingTitle: 'Bankanızda onaylayın',
  waitingSteps: 'Bankanızın uygulamasını açın ve Pix Automático talimatını onaylayın.',
  openBank: 'Onaylamak için bankanızın sayfasına gidin',
  waiting: 'Bankanız yanıt verdiğinde bu sayfa kendiliğinden güncellenir.',
  active: 'Pix Automático etkin',
  activeDetail: 'İlk tahsilat {date} tarihinde yapılacak.',
  rejected: 'Bankanız talimatı reddetti. Hiçbir ücret alınmayacak.',
  cancelled: 'Talimat iptal edildi. Hiçbir ücret alınmayacak.',
  failed: 'Pix Automático etkinleştirilemedi. Tekrar deneyin.',
  consentFixed:
    'Ben iptal edene kadar mağazanın bu karttan {every} {amount} tahsil etmesine izin veriyorum.',
  consentVariable:
    'Ben iptal edene kadar mağazanın bu karttan {every} en fazla {amount} tahsil etmesine izin veriyorum.',
  consentTerms:
    'Kart, {date} tarihinden itibaren her dönemi ödemek için kaydedilir. İptal etmek için mağazayla iletişime geçin: iptalden sonra hiçbir dönem tahsil edilmez.',
  consentRequired: 'Bu kartla abone olmak için kutuyu işaretleyip düzenli tahsilatları kabul edin.',
  every: {
    WEEKLY: 'her hafta',
    MONTHLY: 'her ay',
    QUARTERLY: 'üç ayda bir',
    SEMI_ANNUAL: 'altı ayda bir',
    ANNUAL: 'her yıl',
  },
  frequencies: {
    WEEKLY: 'Haftalık',
    MONTHLY: 'Aylık',
    QUARTERLY: 'Üç ayda bir',
    SEMI_ANNUAL: 'Altı ayda bir',
    ANNUAL: 'Yıllık',
  },
};

export default words;
