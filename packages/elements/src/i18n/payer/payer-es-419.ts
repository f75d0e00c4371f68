import type { PayerMessages } from './payer-en.js';
import { payerEs } from './payer-es.js';

export const payerEs419: PayerMessages = {
  ...payerEs,
  name: 'Nombre completo',
  email: 'Correo electrónico',
  state: 'Estado o provincia',
  emailInvalid: 'Ingresa un correo electrónico, como nombre@ejemplo.com.',
  phoneInvalid: 'Ingresa un número de teléfono con su código de área.',
  zipInvalid: 'Ingresa un código postal, como {example}.',
  dateInvalid: 'Ingresa una fecha de nacimiento válida.',
  refused: 'La tienda no pudo aceptar este dato. Revísalo e intenta de nuevo.',
  needName: 'Ingresa tu nombre completo: para pagar con {method}, el pago se hace a tu nombre.',
  needEmail:
    'Ingresa tu correo electrónico: para pagar con {method}, el comprobante se envía a esa dirección.',
  needDocument:
    'Ingresa tu {type}: para pagar con {method}, el pago se registra con ese documento.',
  needPhone:
    'Ingresa tu número de teléfono: para pagar con {method}, es la forma de contactarte sobre este pago.',
  needBirthDate:
    'Ingresa tu fecha de nacimiento: para pagar con {method}, confirma quién hace el pago.',
};

export default payerEs419;
