import type { SavedMethodsMessages } from './saved-methods-en.js';

export const savedMethodsMs: SavedMethodsMessages = {
  title: 'Kaedah pembayaran yang disimpan',
  loading: 'Memuatkan kaedah pembayaran yang anda simpan…',
  empty: 'Anda tiada kad atau langganan yang disimpan.',
  cards: 'Kad',
  subscriptions: 'Langganan',
  expires: 'Tamat tempoh {date}',
  remove: 'Buang',
  removeAsk: 'Buang {card}? Kad ini tidak akan ditawarkan lagi semasa anda membayar.',
  removeYes: 'Ya, buang',
  keep: 'Tidak, simpan',
  removed: '{card} telah dibuang.',
  cardInUse:
    '{card} membayar langganan yang masih aktif, jadi kad ini tidak dibuang. Batalkan langganan itu dahulu.',
  cancel: 'Batalkan langganan',
  cancelAsk: 'Batalkan langganan anda kepada {payee}? Tiada caj lagi akan dikenakan.',
  cancelYes: 'Ya, batalkan',
  cancelled: 'Langganan anda kepada {payee} telah dibatalkan.',
  working: 'Sebentar…',
  card: 'Kad',
  upTo: 'Sehingga {amount}',
  weekly: 'Mingguan',
  monthly: 'Bulanan',
  quarterly: 'Setiap 3 bulan',
  semiAnnual: 'Setiap 6 bulan',
  annual: 'Tahunan',
  pending: 'Menunggu kebenaran bank anda',
  pastDue: 'Ada bayaran yang tertunggak',
  sessionEnded:
    'Sesi anda telah tamat: muat semula halaman untuk mengurus kaedah pembayaran yang disimpan.',
  loadFailed: 'Kaedah pembayaran yang anda simpan tidak dapat dimuatkan.',
  actionFailed: 'Tidak berjaya, dan tiada apa-apa yang diubah. Cuba lagi.',
};

export default savedMethodsMs;
