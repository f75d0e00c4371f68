/** Latin American Spanish words of signing up to a subscription (see `subscription-en.ts`). */
import type { SubscriptionMessages } from './subscription-en.js';

const words: SubscriptionMessages = {
  how: '¿Cómo quieres pagar la suscripción?',
  card: 'Tarjeta',
  terms: 'Autorización de Pix Automático',
  payee: 'Beneficiario',
  frequency: 'Frecuencia',
  amount: 'Monto',
  upTo: 'Hasta {amount} por cobro',
  starts: 'Primer cobro',
  ends: 'Finaliza',
  noEnd: 'Hasta que la canceles',
  cancelInBank: 'Puedes cancelarla cuando quieras en la app de tu banco.',
  authorize: 'Autorizar Pix Automático',
  waitingTitle: 'Autoriza en tu banco',
  waitingSteps: 'Abre la app de tu banco y aprueba la autorización de Pix Automático.',
  openBank: 'Ir a la página de tu banco para autorizar',
  waiting: 'Esta página se actualiza sola cuando tu banco responda.',
  active: 'Pix Automático activado',
  activeDetail: 'El primer cobro será el {date}.',
  rejected: 'Tu banco rechazó la autorización. No se cobrará nada.',
  cancelled: 'La autorización se canceló. No se cobrará nada.',
  failed: 'No se pudo activar Pix Automático. Inténtalo de nuevo.',
  consentFixed:
    'Autorizo a la tienda a cobrar {amount} {every} a esta tarjeta hasta que lo cancele.',
  consentVariable:
    'Autorizo a la tienda a cobrar hasta {amount} {every} a esta tarjeta hasta que lo cancele.',
  consentTerms:
    'La tarjeta queda guardada para pagar cada período desde el {date}. Para cancelar, comunícate con la tienda: no se cobra ningún período después de cancelar.',
  consentRequired:
    'Para suscribirte con esta tarjeta, marca la casilla y acepta los cobros recurrentes.',
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
