import type { PayerMessages } from './payer-en.js';

export const payerTr: PayerMessages = {
  details: 'Bilgileriniz',
  name: 'Ad soyad',
  email: 'E-posta',
  documentType: 'Belge türü',
  document: 'Belge numarası',
  phone: 'Telefon',
  birthDate: 'Doğum tarihi',
  street: 'Cadde/Sokak',
  number: 'Bina no',
  city: 'Şehir',
  state: 'İl veya eyalet',
  zip: 'Posta kodu',
  required: 'Bu alan zorunludur.',
  byCard: 'kart',
  needName: 'Adınızı ve soyadınızı girin: {method} ile ödemede ödeme sizin adınıza yapılır.',
  needEmail: 'E-posta adresinizi girin: {method} ile ödemede makbuzunuz bu adrese gönderilir.',
  needDocument: '{type} bilgisini girin: {method} ile ödemede ödeme bu bilgiyle kaydedilir.',
  needPhone:
    'Telefon numaranızı girin: {method} ile ödemede bu ödemeyle ilgili size bu numaradan ulaşılır.',
  needBirthDate: 'Doğum tarihinizi girin: {method} ile ödemede ödemeyi kimin yaptığını doğrular.',
  needAddress: '{field}: {method} ile ödeme için gereken fatura adresinin bir parçasıdır.',
  emailInvalid: 'ad@ornek.com gibi bir e-posta adresi girin.',
  documentInvalid: 'Bu {type} geçerli değil: rakamları kontrol edin.',
  documentFormat: 'Bu bir {type} değil: uzunluğunu ve karakterlerini kontrol edin.',
  phoneInvalid: 'Alan koduyla birlikte bir telefon numarası girin.',
  zipInvalid: '{example} gibi bir posta kodu girin.',
  dateInvalid: 'Geçerli bir doğum tarihi girin.',
  lengthBetween: 'En az {min}, en fazla {max} karakter kullanın.',
  refused: 'Mağaza bu bilgiyi kabul edemedi. Kontrol edip yeniden deneyin.',
  saveCard: 'Bu kartı sonraki alışverişler için kaydet',
  saveCardTerms:
    'Mağaza bu kartı, yalnızca ödeme sırasında siz seçtiğinizde karttan yeniden tahsilat yapmak için saklar. Kart numarası mağazada değil, ödeme hizmeti sağlayıcısında kalır. Mağazadan kartı silmesini dilediğiniz zaman isteyebilirsiniz.',
};

export default payerTr;
