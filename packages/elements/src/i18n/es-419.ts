/** Latin American Spanish: what differs from `es` (vencimiento, ingresa, monto, billetera, dorso; the installments' words, cantidad de cuotas and costo, are in installments/installments-es-419.ts). */
import type { Messages } from './en.js';
import { es } from './es.js';

export const es419: Messages = {
  ...es,
  expiry: 'Fecha de vencimiento',
  cvvWhereBack: 'Los últimos {digits} dígitos de la franja de firma, al dorso de la tarjeta.',
  cvvWhereFront: 'Los {digits} dígitos impresos arriba del número, en el frente de la tarjeta.',
  loadFailed: 'No se pudo conectar con la tienda. Revisa tu conexión e intenta de nuevo.',
  loadRefused: 'La tienda no pudo abrir este pago. Intenta de nuevo o comunícate con la tienda.',
  orderNotFound: 'Este pedido no se puede pagar. Regresa a la tienda y vuelve a empezar.',
  notSetUp:
    'El pago de esta tienda todavía no está configurado. Intenta más tarde o comunícate con la tienda.',
  networkError: 'No pudimos conectar con la tienda. Revisa tu conexión e intenta de nuevo.',
  serverError: 'No se pudo realizar el pago. Intenta de nuevo.',
  orderChanged:
    'El pedido cambió desde que se abrió esta página. Revisa el monto y vuelve a pagar.',
  plansExpired: 'Las opciones de cuotas vencieron. Vuelve a elegir las cuotas y paga.',
  orderLocked:
    'El pago fue rechazado demasiadas veces: este pedido ya no se puede pagar. Comunícate con la tienda.',
  threeDSecureFailed:
    'Tu banco no confirmó este pago: la verificación en su página no se completó o no se pasó. No se realizó ningún cargo y puedes intentar de nuevo.',
  numberTaken: 'Solo se tomó el número de la tarjeta de lo que pegaste.',
  errors: {
    number: {
      empty: 'Ingresa el número de la tarjeta.',
      not_digits: 'El número de la tarjeta solo puede tener dígitos.',
      incomplete: 'El número de la tarjeta está incompleto.',
      too_long: 'El número de la tarjeta es demasiado largo.',
      luhn: 'El número de la tarjeta no es válido. Revísalo e intenta de nuevo.',
    },
    expiry: {
      empty: 'Ingresa la fecha de vencimiento.',
      incomplete: 'Ingresa la fecha de vencimiento como MM/AA.',
      invalid_month: 'El mes debe ser de 01 a 12.',
      expired: 'La tarjeta está vencida.',
      too_far: 'La fecha de vencimiento es demasiado lejana.',
    },
    cvv: {
      empty: 'Ingresa el código de seguridad.',
      not_digits: 'El código de seguridad solo puede tener dígitos.',
      wrong_length: 'El código de seguridad tiene {digits} dígitos.',
    },
    holder: {
      empty: 'Ingresa el nombre tal como aparece en la tarjeta.',
      digits: 'Ingresa el nombre que figura en la tarjeta, no un número.',
    },
  },
  apiErrors: {
    ...es.apiErrors,
    5007: 'El monto es mayor que el permitido.',
    5008: 'La tarjeta o la billetera guardada ya no está disponible.',
    5012: 'La tienda no puede devolver este monto ahora.',
    6000: 'Demasiados intentos. Intenta en un momento.',
    7000: 'El servicio de pagos tuvo un problema. Intenta de nuevo.',
  },
  rejections: {
    ...es.rejections,
    '305': 'Demasiados intentos. Intenta más tarde.',
    '309': 'La tarjeta está vencida.',
    '319': 'El monto supera el límite de la tarjeta.',
    '321': 'No se pudo procesar el pago. Intenta de nuevo.',
    '322': 'Esta billetera está deshabilitada.',
    '325': 'Demasiados pagos en poco tiempo. Intenta más tarde.',
  },
  pendingView: {
    ...es.pendingView,
    copyFailed: 'No se pudo copiar: selecciona el texto y cópialo.',
    amount: 'Monto',
    expiresIn: 'Vence en {time}',
    expired: 'Se venció el plazo para pagar. No se realizó ningún cargo.',
    payBoleto:
      'Paga en la app de tu banco o en la banca en línea con el número del código de barras, o en un banco o una agencia de lotería.',
    transferSteps:
      'Desde tu banco, transfiere exactamente este monto a esta cuenta e incluye la referencia.',
    cancelled: 'Se canceló el pago. No se realizó ningún cargo.',
  },
  /** A file of the checkout refused by its integrity (`paylit-error` kind `integrity`). */
  integrityError:
    'Una parte de este pago no coincide con los archivos publicados por la tienda, así que se detuvo y no se realizó ningún cargo. Vuelve a cargar la página; si pasa de nuevo, comunícate con la tienda.',
};

export default es419;
