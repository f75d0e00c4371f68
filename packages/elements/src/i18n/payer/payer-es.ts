import type { PayerMessages } from './payer-en.js';

export const payerEs: PayerMessages = {
  details: 'Tus datos',
  name: 'Nombre y apellidos',
  email: 'Correo electrónico',
  documentType: 'Tipo de documento',
  document: 'Número de documento',
  phone: 'Teléfono',
  birthDate: 'Fecha de nacimiento',
  street: 'Calle',
  number: 'Número',
  city: 'Ciudad',
  state: 'Provincia o estado',
  zip: 'Código postal',
  required: 'Este campo es obligatorio.',
  byCard: 'tarjeta',
  needName: 'Introduce tu nombre completo: para pagar con {method}, el pago se hace a tu nombre.',
  needEmail:
    'Introduce tu correo electrónico: para pagar con {method}, el justificante se envía a esa dirección.',
  needDocument:
    'Introduce tu {type}: para pagar con {method}, el pago se registra con ese documento.',
  needPhone:
    'Introduce tu número de teléfono: para pagar con {method}, es la forma de contactarte sobre este pago.',
  needBirthDate:
    'Introduce tu fecha de nacimiento: para pagar con {method}, confirma quién hace el pago.',
  needAddress:
    '{field}: forma parte de la dirección de facturación necesaria para pagar con {method}.',
  emailInvalid: 'Introduce un correo electrónico, como nombre@ejemplo.com.',
  documentInvalid: 'Este número de {type} no es válido: revisa los dígitos.',
  documentFormat: 'Esto no es un número de {type}: revisa su longitud y sus caracteres.',
  phoneInvalid: 'Introduce un número de teléfono con su prefijo.',
  zipInvalid: 'Introduce un código postal, como {example}.',
  dateInvalid: 'Introduce una fecha de nacimiento válida.',
  lengthBetween: 'Usa entre {min} y {max} caracteres.',
  refused: 'La tienda no ha podido aceptar este dato. Revísalo e inténtalo de nuevo.',
  saveCard: 'Guardar esta tarjeta para la próxima vez',
  saveCardTerms:
    'La tienda guarda esta tarjeta para volver a cobrarte con ella solo cuando la elijas al pagar. El número de la tarjeta lo guarda el proveedor de pagos, no la tienda. Puedes pedir a la tienda que la elimine cuando quieras.',
};

export default payerEs;
