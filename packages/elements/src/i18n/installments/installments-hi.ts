import type { InstallmentMessages } from './installments-en.js';

export const installmentsHi: InstallmentMessages = {
  installments: 'EMI (किस्तें)',
  installmentOption: '{count} × {amount}',
  installmentTotal: 'कुल {amount}',
  interestFree: 'बिना ब्याज',
  interestFreeArgentina: 'बिना ब्याज',
  issuerPlan: '{name}: {plan}',
  withInterest: 'ब्याज सहित',
  monthsInterestFree: '{amount} की {count} मासिक किस्तें, बिना ब्याज',
  monthsWithInterest: '{amount} की {count} मासिक किस्तें, ब्याज सहित',
  chooseInstallments: 'किस्तों की संख्या',
  rateTna: 'TNA (नाममात्र वार्षिक ब्याज दर) {rate}',
  rateTea: 'TEA (प्रभावी वार्षिक ब्याज दर) {rate}',
  rateCft: 'CFT (कुल वित्तीय लागत, VAT सहित) {rate}',
  rateCat: 'CAT (कुल वार्षिक लागत) {rate}, VAT के बिना, केवल जानकारी के लिए',
  rateCet: 'CET (कुल प्रभावी लागत) {rate} प्रति वर्ष',
  bankSetsInterest: 'ब्याज आपका बैंक तय करता है',
  payInFull: 'एक बार में पूरा भुगतान',
  payWithPlan: '{amount} का भुगतान करें ({plan})',
  installmentsWithLast: '{plan}, आख़िरी किस्त {amount}',
};

export default installmentsHi;
