import type { SavedMethodsMessages } from './saved-methods-en.js';

export const savedMethodsEs: SavedMethodsMessages = {
  title: 'Métodos de pago guardados',
  loading: 'Cargando tus métodos de pago guardados…',
  empty: 'No tienes tarjetas ni suscripciones guardadas.',
  cards: 'Tarjetas',
  subscriptions: 'Suscripciones',
  expires: 'Caduca {date}',
  remove: 'Eliminar',
  removeAsk: '¿Eliminar {card}? Ya no se te ofrecerá al pagar.',
  removeYes: 'Sí, eliminarla',
  keep: 'No, conservarla',
  removed: 'Se ha eliminado {card}.',
  cardInUse:
    '{card} paga una suscripción que sigue activa, así que no se ha eliminado. Cancela primero la suscripción.',
  cancel: 'Cancelar suscripción',
  cancelAsk: '¿Cancelar tu suscripción a {payee}? No se te cobrará nada más.',
  cancelYes: 'Sí, cancelarla',
  cancelled: 'Se ha cancelado tu suscripción a {payee}.',
  working: 'Un momento…',
  card: 'Tarjeta',
  upTo: 'Hasta {amount}',
  weekly: 'Semanal',
  monthly: 'Mensual',
  quarterly: 'Cada 3 meses',
  semiAnnual: 'Cada 6 meses',
  annual: 'Anual',
  pending: 'Pendiente de autorización por tu banco',
  pastDue: 'Hay un pago vencido',
  sessionEnded:
    'Tu sesión ha caducado: vuelve a cargar la página para gestionar tus métodos de pago guardados.',
  loadFailed: 'No se han podido cargar tus métodos de pago guardados.',
  actionFailed: 'No ha funcionado y no se ha cambiado nada. Inténtalo de nuevo.',
};

export default savedMethodsEs;
