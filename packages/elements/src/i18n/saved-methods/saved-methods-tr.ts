import type { SavedMethodsMessages } from './saved-methods-en.js';

export const savedMethodsTr: SavedMethodsMessages = {
  title: 'Kayıtlı ödeme yöntemleri',
  loading: 'Kayıtlı ödeme yöntemleriniz yükleniyor…',
  empty: 'Kayıtlı kartınız veya aboneliğiniz yok.',
  cards: 'Kartlar',
  subscriptions: 'Abonelikler',
  expires: 'Son kullanma {date}',
  remove: 'Kaldır',
  removeAsk: '{card} kaldırılsın mı? Ödeme yaparken artık sunulmayacak.',
  removeYes: 'Evet, kaldır',
  keep: 'Hayır, kalsın',
  removed: '{card} kaldırıldı.',
  cardInUse:
    '{card} hâlâ devam eden bir aboneliğin ödemesini yapıyor, bu yüzden kaldırılmadı. Önce aboneliği iptal edin.',
  cancel: 'Aboneliği iptal et',
  cancelAsk: '{payee} aboneliğiniz iptal edilsin mi? Artık ücret alınmayacak.',
  cancelYes: 'Evet, iptal et',
  cancelled: '{payee} aboneliğiniz iptal edildi.',
  working: 'Bir dakika…',
  card: 'Kart',
  upTo: 'En fazla {amount}',
  weekly: 'Haftalık',
  monthly: 'Aylık',
  quarterly: '3 ayda bir',
  semiAnnual: '6 ayda bir',
  annual: 'Yıllık',
  pending: 'Bankanızın onayı bekleniyor',
  pastDue: 'Gecikmiş bir ödeme var',
  sessionEnded:
    'Oturumunuz sona erdi: kayıtlı ödeme yöntemlerinizi yönetmek için sayfayı yeniden yükleyin.',
  loadFailed: 'Kayıtlı ödeme yöntemleriniz yüklenemedi.',
  actionFailed: 'İşlem gerçekleşmedi ve hiçbir şey değişmedi. Tekrar deneyin.',
};

export default savedMethodsTr;
