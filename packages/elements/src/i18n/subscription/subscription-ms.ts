/** Malay words of signing up to a subscription (see `subscription-en.ts`). */
import type { SubscriptionMessages } from './subscription-en.js';

const words: SubscriptionMessages = {
  how: 'Bagaimanakah anda mahu membayar langganan?',
  card: 'Kad',
  terms: 'Kebenaran Pix Automático',
  payee: 'Penerima',
  frequency: 'Kekerapan',
  amount: 'Jumlah',
  upTo: 'Tidak melebihi {amount} bagi setiap caj',
  starts: 'Caj pertama',
  ends: 'Tamat',
  noEnd: 'Sehingga anda membatalkannya',
  cancelInBank: 'Anda boleh membatalkannya pada bila-bila masa dalam aplikasi bank anda.',
  authorize: 'Beri kebenaran Pix Automático',
  waitingTitle: 'Beri kebenaran di bank anda',
  waitingSteps: 'Buka aplikasi bank anda dan luluskan kebenaran Pix Automático.',
  openBank: 'Pergi ke halaman bank anda untuk memberi kebenaran',
  waiting: 'Halaman ini dikemas kini secara automatik sebaik sahaja bank anda menjawab.',
  active: 'Pix Automático telah diaktifkan',
  activeDetail: 'Caj pertama pada {date}.',
  rejected: 'Bank anda menolak kebenaran itu. Tiada apa-apa akan dicaj.',
  cancelled: 'Kebenaran itu telah dibatalkan. Tiada apa-apa akan dicaj.',
  failed: 'Pix Automático tidak dapat diaktifkan. Cuba lagi.',
  consentFixed:
    'Saya membenarkan kedai mengecaj {amount} {every} pada kad ini sehingga saya membatalkannya.',
  consentVariable:
    'Saya membenarkan kedai mengecaj tidak melebihi {amount} {every} pada kad ini sehingga saya membatalkannya.',
  consentTerms:
    'Kad ini disimpan untuk membayar setiap tempoh mulai {date}. Untuk membatalkan, hubungi kedai: tiada tempoh akan dicaj selepas anda membatalkannya.',
  consentRequired: 'Untuk melanggan dengan kad ini, tandakan kotak untuk menerima caj berulang.',
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
    QUARTERLY: 'Setiap tiga bulan',
    SEMI_ANNUAL: 'Setiap enam bulan',
    ANNUAL: 'Tahunan',
  },
};

export default words;
