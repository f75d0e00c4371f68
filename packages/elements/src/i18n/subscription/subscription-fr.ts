/** French words of signing up to a subscription (see `subscription-en.ts`). */
import type { SubscriptionMessages } from './subscription-en.js';

const words: SubscriptionMessages = {
  how: 'Comment voulez-vous payer votre abonnement ?',
  card: 'Carte',
  terms: 'Autorisation Pix Automático',
  payee: 'Bénéficiaire',
  frequency: 'Fréquence',
  amount: 'Montant',
  upTo: "Jusqu'à {amount} par prélèvement",
  starts: 'Premier prélèvement',
  ends: 'Fin',
  noEnd: "Jusqu'à votre résiliation",
  cancelInBank: "Vous pouvez l'annuler à tout moment dans l'application de votre banque.",
  authorize: 'Autoriser Pix Automático',
  waitingTitle: 'Autorisez-le dans votre banque',
  waitingSteps: "Ouvrez l'application de votre banque et approuvez l'autorisation Pix Automático.",
  openBank: 'Aller sur la page de votre banque pour autoriser',
  waiting: 'Cette page se met à jour automatiquement dès que votre banque répond.',
  active: 'Pix Automático est activé',
  activeDetail: 'Le premier prélèvement aura lieu le {date}.',
  rejected: "Votre banque a refusé l'autorisation. Rien ne sera prélevé.",
  cancelled: "L'autorisation a été annulée. Rien ne sera prélevé.",
  failed: "Impossible d'activer Pix Automático. Réessayez.",
  consentFixed:
    "J'autorise la boutique à débiter {amount} {every} sur cette carte jusqu'à ce que j'annule.",
  consentVariable:
    "J'autorise la boutique à débiter au plus {amount} {every} sur cette carte jusqu'à ce que j'annule.",
  consentTerms:
    "La carte est enregistrée pour payer chaque période à partir du {date}. Pour annuler, contactez la boutique : aucune période n'est prélevée après l'annulation.",
  consentRequired:
    'Pour vous abonner avec cette carte, cochez la case pour accepter les prélèvements récurrents.',
  every: {
    WEEKLY: 'chaque semaine',
    MONTHLY: 'chaque mois',
    QUARTERLY: 'tous les trois mois',
    SEMI_ANNUAL: 'tous les six mois',
    ANNUAL: 'chaque année',
  },
  frequencies: {
    WEEKLY: 'Hebdomadaire',
    MONTHLY: 'Mensuelle',
    QUARTERLY: 'Trimestrielle',
    SEMI_ANNUAL: 'Semestrielle',
    ANNUAL: 'Annuelle',
  },
};

export default words;
