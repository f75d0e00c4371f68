import type { PayerMessages } from './payer-en.js';

export const payerMs: PayerMessages = {
  details: 'Butiran anda',
  name: 'Nama penuh',
  email: 'E-mel',
  documentType: 'Jenis dokumen',
  document: 'Nombor dokumen',
  phone: 'Telefon',
  birthDate: 'Tarikh lahir',
  street: 'Jalan',
  number: 'Nombor rumah',
  city: 'Bandar',
  state: 'Negeri',
  zip: 'Poskod',
  required: 'Medan ini wajib diisi.',
  byCard: 'kad',
  needName:
    'Masukkan nama penuh anda: untuk membayar dengan {method}, pembayaran dibuat atas nama anda.',
  needEmail:
    'Masukkan e-mel anda: untuk membayar dengan {method}, resit anda dihantar ke e-mel ini.',
  needDocument:
    'Masukkan {type} anda: untuk membayar dengan {method}, pembayaran direkodkan dengan nombor ini.',
  needPhone:
    'Masukkan nombor telefon anda: untuk membayar dengan {method}, anda dihubungi melalui nombor ini tentang pembayaran ini.',
  needBirthDate:
    'Masukkan tarikh lahir anda: untuk membayar dengan {method}, tarikh ini mengesahkan siapa yang membayar.',
  needAddress:
    '{field}: sebahagian daripada alamat pengebilan yang wajib untuk membayar dengan {method}.',
  emailInvalid: 'Masukkan alamat e-mel, contohnya nama@contoh.com.',
  documentInvalid: '{type} ini tidak sah: semak digitnya.',
  documentFormat: 'Ini bukan {type}: semak panjang dan aksaranya.',
  phoneInvalid: 'Masukkan nombor telefon bersama kod kawasannya.',
  zipInvalid: 'Masukkan poskod, contohnya {example}.',
  dateInvalid: 'Masukkan tarikh lahir yang sah.',
  lengthBetween: 'Gunakan {min} hingga {max} aksara.',
  refused: 'Kedai tidak dapat menerima maklumat ini. Semak dan cuba lagi.',
  saveCard: 'Simpan kad ini untuk pembayaran seterusnya',
  saveCardTerms:
    'Kedai menyimpan kad ini untuk mengenakan caj padanya semula hanya apabila anda memilihnya semasa membayar. Nombor kad disimpan oleh penyedia pembayaran, bukan oleh kedai. Anda boleh meminta kedai memadamkannya pada bila-bila masa.',
};

export default payerMs;
