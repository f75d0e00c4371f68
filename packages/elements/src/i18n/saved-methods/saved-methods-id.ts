import type { SavedMethodsMessages } from './saved-methods-en.js';

export const savedMethodsId: SavedMethodsMessages = {
  title: 'Metode pembayaran tersimpan',
  loading: 'Memuat metode pembayaran tersimpan Anda…',
  empty: 'Anda tidak punya kartu atau langganan tersimpan.',
  cards: 'Kartu',
  subscriptions: 'Langganan',
  expires: 'Berlaku hingga {date}',
  remove: 'Hapus',
  removeAsk: 'Hapus {card}? Kartu ini tidak akan ditawarkan lagi saat Anda membayar.',
  removeYes: 'Ya, hapus',
  keep: 'Tidak, simpan',
  removed: '{card} telah dihapus.',
  cardInUse:
    '{card} membayar langganan yang masih berjalan, jadi kartu ini tidak dihapus. Batalkan langganannya terlebih dahulu.',
  cancel: 'Batalkan langganan',
  cancelAsk: 'Batalkan langganan Anda ke {payee}? Tidak akan ada tagihan lagi.',
  cancelYes: 'Ya, batalkan',
  cancelled: 'Langganan Anda ke {payee} telah dibatalkan.',
  working: 'Sebentar…',
  card: 'Kartu',
  upTo: 'Maksimal {amount}',
  weekly: 'Mingguan',
  monthly: 'Bulanan',
  quarterly: 'Setiap 3 bulan',
  semiAnnual: 'Setiap 6 bulan',
  annual: 'Tahunan',
  pending: 'Menunggu otorisasi dari bank Anda',
  pastDue: 'Ada pembayaran yang terlambat',
  sessionEnded:
    'Sesi Anda telah berakhir: muat ulang halaman untuk mengelola metode pembayaran tersimpan Anda.',
  loadFailed: 'Metode pembayaran tersimpan Anda tidak dapat dimuat.',
  actionFailed: 'Tidak berhasil, dan tidak ada yang diubah. Coba lagi.',
};

export default savedMethodsId;
