import type { SavedMethodsMessages } from './saved-methods-en.js';
import { savedMethodsEs } from './saved-methods-es.js';

export const savedMethodsEs419: SavedMethodsMessages = {
  ...savedMethodsEs,
  title: 'Medios de pago guardados',
  loading: 'Cargando tus medios de pago guardados…',
  expires: 'Vence {date}',
  removeAsk: '¿Eliminar {card}? Ya no aparecerá como opción al pagar.',
  removed: 'Se eliminó {card}.',
  cardInUse:
    '{card} paga una suscripción que sigue activa, así que no se eliminó. Cancela primero la suscripción.',
  cancelled: 'Se canceló tu suscripción a {payee}.',
  pending: 'Esperando la autorización de tu banco',
  sessionEnded:
    'Tu sesión expiró: vuelve a cargar la página para administrar tus medios de pago guardados.',
  loadFailed: 'No se pudieron cargar tus medios de pago guardados.',
  actionFailed: 'No funcionó y no se cambió nada. Vuelve a intentarlo.',
};

export default savedMethodsEs419;
