import type { InstallmentMessages } from './installments-en.js';
import { installmentsEs } from './installments-es.js';

export const installmentsEs419: InstallmentMessages = {
  ...installmentsEs,
  monthsInterestFree: '{count} meses sin intereses de {amount}',
  monthsWithInterest: '{count} meses con intereses de {amount}',
  chooseInstallments: 'Cantidad de cuotas',
  rateCet: 'CET (costo efectivo total) {rate} anual',
};

export default installmentsEs419;
