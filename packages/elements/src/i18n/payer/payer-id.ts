import type { PayerMessages } from './payer-en.js';

export const payerId: PayerMessages = {
  details: 'Data Anda',
  name: 'Nama lengkap',
  email: 'Email',
  documentType: 'Jenis dokumen',
  document: 'Nomor dokumen',
  phone: 'Telepon',
  birthDate: 'Tanggal lahir',
  street: 'Jalan',
  number: 'Nomor rumah',
  city: 'Kota/Kabupaten',
  state: 'Provinsi',
  zip: 'Kode pos',
  required: 'Kolom ini wajib diisi.',
  byCard: 'kartu',
  needName:
    'Masukkan nama lengkap Anda: untuk membayar dengan {method}, pembayaran dibuat atas nama Anda.',
  needEmail:
    'Masukkan email Anda: untuk membayar dengan {method}, bukti pembayaran dikirim ke email ini.',
  needDocument:
    'Masukkan {type} Anda: untuk membayar dengan {method}, pembayaran dicatat dengan nomor ini.',
  needPhone:
    'Masukkan nomor telepon Anda: untuk membayar dengan {method}, Anda dihubungi melalui nomor ini tentang pembayaran ini.',
  needBirthDate:
    'Masukkan tanggal lahir Anda: untuk membayar dengan {method}, tanggal ini memastikan siapa yang membayar.',
  needAddress: '{field}: bagian dari alamat penagihan yang wajib untuk membayar dengan {method}.',
  emailInvalid: 'Masukkan alamat email, misalnya nama@contoh.com.',
  documentInvalid: '{type} ini tidak valid: periksa angkanya.',
  documentFormat: 'Ini bukan {type}: periksa panjang dan karakternya.',
  phoneInvalid: 'Masukkan nomor telepon beserta kode areanya.',
  zipInvalid: 'Masukkan kode pos, misalnya {example}.',
  dateInvalid: 'Masukkan tanggal lahir yang benar.',
  lengthBetween: 'Gunakan {min} sampai {max} karakter.',
  refused: 'Toko tidak dapat menerima data ini. Periksa lalu coba lagi.',
  saveCard: 'Simpan kartu ini untuk pembayaran berikutnya',
  saveCardTerms:
    'Toko menyimpan kartu ini dan hanya akan menagihkan pembayaran lagi ke kartu ini jika Anda memilihnya saat membayar. Nomor kartu disimpan oleh penyedia pembayaran, bukan oleh toko. Anda dapat meminta toko menghapusnya kapan saja.',
};

export default payerId;
