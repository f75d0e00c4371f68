/** Indonesian words of signing up to a subscription (see `subscription-en.ts`). */
import type { SubscriptionMessages } from './subscription-en.js';

const words: SubscriptionMessages = {
  how: 'Bagaimana Anda ingin membayar langganan?',
  card: 'Kartu',
  terms: 'Otorisasi Pix Automático',
  payee: 'Penerima',
  frequency: 'Frekuensi',
  amount: 'Jumlah',
  upTo: 'Hingga {amount} per tagihan',
  starts: 'Tagihan pertama',
  ends: 'Berakhir',
  noEnd: 'Sampai Anda membatalkannya',
  cancelInBank: 'Anda dapat membatalkannya kapan saja di aplikasi bank Anda.',
  authorize: 'Otorisasi Pix Automático',
  waitingTitle: 'Otorisasi di bank Anda',
  waitingSteps: 'Buka aplikasi bank Anda dan setujui otorisasi Pix Automático.',
  openBank: 'Buka halaman bank Anda untuk mengotorisasi',
  waiting: 'Halaman ini diperbarui otomatis setelah bank Anda menjawab.',
  active: 'Pix Automático sudah aktif',
  activeDetail: 'Tagihan pertama pada {date}.',
  rejected: 'Bank Anda menolak otorisasi. Tidak ada yang akan ditagih.',
  cancelled: 'Otorisasi dibatalkan. Tidak ada yang akan ditagih.',
  failed: 'Pix Automático tidak dapat diaktifkan. Coba lagi.',
  consentFixed:
    'Saya mengizinkan toko menagih {amount} {every} ke kartu ini sampai saya membatalkannya.',
  consentVariable:
    'Saya mengizinkan toko menagih hingga {amount} {every} ke kartu ini sampai saya membatalkannya.',
  consentTerms:
    'Kartu disimpan untuk membayar setiap periode mulai {date}. Untuk membatalkan, hubungi toko: tidak ada periode yang ditagih setelah Anda membatalkan.',
  consentRequired:
    'Untuk berlangganan dengan kartu ini, centang kotak untuk menyetujui tagihan berulang.',
  every: {
    WEEKLY: 'setiap minggu',
    MONTHLY: 'setiap bulan',
    QUARTERLY: 'setiap tiga bulan',
    SEMI_ANNUAL: 'setiap enam bulan',
    ANNUAL: 'setiap tahun',
  },
  frequencies: {
    WEEKLY: 'Mingguan',
    MONTHLY: 'Bulanan',
    QUARTERLY: 'Tiga bulanan',
    SEMI_ANNUAL: 'Enam bulanan',
    ANNUAL: 'Tahunan',
  },
};

export default words;
