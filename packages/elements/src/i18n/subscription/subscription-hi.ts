/** Hindi words of signing up to a subscription (see `subscription-en.ts`). */
import type { SubscriptionMessages } from './subscription-en.js';

const words: SubscriptionMessages = {
  how: 'आप अपनी सदस्यता का भुगतान कैसे करना चाहते हैं?',
  card: 'कार्ड',
  terms: 'Pix Automático अनुमति',
  payee: 'प्राप्तकर्ता',
  frequency: 'आवृत्ति',
  amount: 'राशि',
  upTo: 'हर शुल्क पर अधिकतम {amount}',
  starts: 'पहला शुल्क',
  ends: 'समाप्ति',
  noEnd: 'जब तक आप रद्द न करें',
  cancelInBank: 'आप अपने बैंक के ऐप में इसे कभी भी रद्द कर सकते हैं।',
  authorize: 'Pix Automático की अनुमति दें',
  waitingTitle: 'अपने बैंक में अनुमति दें',
  waitingSteps: 'अपने बैंक का ऐप खोलें और Pix Automático की अनुमति स्वीकार करें।',
  openBank: 'अनुमति देने के लिए अपने बैंक के पेज पर जाएँ',
  waiting: 'आपके बैंक का जवाब आते ही यह पेज अपने आप अपडेट हो जाएगा।',
  active: 'Pix Automático चालू हो गया है',
  activeDetail: 'पहला शुल्क {date} को लिया जाएगा।',
  rejected: 'आपके बैंक ने अनुमति अस्वीकार कर दी। कोई शुल्क नहीं लिया जाएगा।',
  cancelled: 'अनुमति रद्द कर दी गई। कोई शुल्क नहीं लिया जाएगा।',
  failed: 'Pix Automático चालू नहीं हो सका। फिर से कोशिश करें।',
  consentFixed: 'मैं स्टोर को अनुमति देता/देती हूँ कि जब तक मैं रद्द न करूँ, वह इस कार्ड से {every} {amount} ले।',
  consentVariable:
    'मैं स्टोर को अनुमति देता/देती हूँ कि जब तक मैं रद्द न करूँ, वह इस कार्ड से {every} अधिकतम {amount} ले।',
  consentTerms:
    'यह कार्ड {date} से हर अवधि का भुगतान करने के लिए सहेजा जाता है। रद्द करने के लिए स्टोर से संपर्क करें: रद्द करने के बाद किसी अवधि का शुल्क नहीं लिया जाएगा।',
  consentRequired: 'इस कार्ड से सदस्यता लेने के लिए, बॉक्स पर निशान लगाकर नियमित शुल्क स्वीकार करें।',
  every: {
    WEEKLY: 'हर हफ़्ते',
    MONTHLY: 'हर महीने',
    QUARTERLY: 'हर तीन महीने',
    SEMI_ANNUAL: 'हर छह महीने',
    ANNUAL: 'हर साल',
  },
  frequencies: {
    WEEKLY: 'साप्ताहिक',
    MONTHLY: 'मासिक',
    QUARTERLY: 'त्रैमासिक',
    SEMI_ANNUAL: 'छमाही',
    ANNUAL: 'वार्षिक',
  },
};

export default words;
