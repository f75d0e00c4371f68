import type { SavedMethodsMessages } from './saved-methods-en.js';

export const savedMethodsHi: SavedMethodsMessages = {
  title: 'सहेजे गए भुगतान तरीके',
  loading: 'आपके सहेजे गए भुगतान तरीके लोड हो रहे हैं…',
  empty: 'आपके पास कोई सहेजा गया कार्ड या सदस्यता नहीं है।',
  cards: 'कार्ड',
  subscriptions: 'सदस्यताएँ',
  expires: 'समाप्ति {date}',
  remove: 'हटाएँ',
  removeAsk: '{card} हटाएँ? भुगतान करते समय यह कार्ड अब नहीं दिखेगा।',
  removeYes: 'हाँ, हटाएँ',
  keep: 'नहीं, रखें',
  removed: '{card} हटा दिया गया।',
  cancel: 'सदस्यता रद्द करें',
  cancelAsk: '{payee} की अपनी सदस्यता रद्द करें? इसके बाद कोई राशि नहीं काटी जाएगी।',
  cancelYes: 'हाँ, रद्द करें',
  cancelled: '{payee} की आपकी सदस्यता रद्द कर दी गई।',
  working: 'एक क्षण…',
  card: 'कार्ड',
  upTo: 'अधिकतम {amount}',
  weekly: 'साप्ताहिक',
  monthly: 'मासिक',
  quarterly: 'हर 3 महीने',
  semiAnnual: 'हर 6 महीने',
  annual: 'वार्षिक',
  pending: 'आपके बैंक की अनुमति की प्रतीक्षा है',
  pastDue: 'एक भुगतान बकाया है',
  sessionEnded: 'आपका सत्र समाप्त हो गया है: सहेजे गए भुगतान तरीके प्रबंधित करने के लिए पेज फिर से लोड करें।',
  loadFailed: 'आपके सहेजे गए भुगतान तरीके लोड नहीं हो सके।',
  actionFailed: 'यह नहीं हो सका, और कुछ भी नहीं बदला गया। फिर से कोशिश करें।',
};

export default savedMethodsHi;
