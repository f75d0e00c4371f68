/** Spanish (Spain) words of signing up to a subscription (see `subscription-en.ts`). */
import type { SubscriptionMessages } from './subscription-en.js';

const words: SubscriptionMessages = {
  how: '¿Cómo quieres pagar la suscripción?',
  card: 'Tarjeta',
  terms: 'Autorización de Pix Automático',
  payee: 'Beneficiario',
  frequency: 'Frecuencia',
  amount: 'Importe',
  upTo: 'Hasta {amount} por cargo',
  starts: 'Primer cargo',
  ends: 'Finaliza',
  noEnd: 'Hasta que la canceles',
  cancelInBank: 'Puedes cancelarla cuando quieras en la app de tu banco.',
  authorize: 'Autorizar Pix Automático',
  waitingTitle: 'Autoriza en tu banco',
  waitingSteps: 'Abre la app de tu banco y aprueba la autorización de Pix Automático.',
  openBank: 'Ir a la página de tu banco para autorizar',
  waiting: 'Esta página se actualiza sola en cuanto tu banco responda.',
  active: 'Pix Automático activado',
  activeDetail: 'El primer cargo será el {date}.',
  rejected: 'Tu banco ha rechazado la autorización. No se cobrará nada.',
  cancelled: 'La autorización se ha cancelado. No se cobrará nada.',
  failed: 'No se ha podido activar Pix Automático. Inténtalo de nuevo.',
  consentFixed:
    'Autorizo a la tienda a cargar {amount} {every} en esta tarjeta hasta que lo cancele.',
  consentVariable:
    'Autorizo a la tienda a cargar hasta {amount} {every} en esta tarjeta hasta que lo cancele.',
  consentTerms:
    'La tarjeta se guarda para pagar cada periodo a partir del {date}. Para cancelar, ponte en contacto con la tienda: no se cobra ningún periodo después de cancelar.',
  consentRequired:
    'Para suscribirte con esta tarjeta, marca la casilla y acepta los cargos periódicos.',
  every: {
    WEEKLY: 'cada semana',
    MONTHLY: 'cada mes',
    QUARTERLY: 'cada tres meses',
    SEMI_ANNUAL: 'cada seis meses',
    ANNUAL: 'cada año',
  },
  frequencies: {
    WEEKLY: 'Semanal',
    MONTHLY: 'Mensual',
    QUARTERLY: 'Trimestral',
    SEMI_ANNUAL: 'Semestral',
    ANNUAL: 'Anual',
  },
};

export default words;
