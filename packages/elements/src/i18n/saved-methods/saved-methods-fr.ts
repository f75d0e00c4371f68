import type { SavedMethodsMessages } from './saved-methods-en.js';

export const savedMethodsFr: SavedMethodsMessages = {
  title: 'Moyens de paiement enregistrés',
  loading: 'Chargement de vos moyens de paiement enregistrés…',
  empty: 'Vous n’avez ni carte ni abonnement enregistrés.',
  cards: 'Cartes',
  subscriptions: 'Abonnements',
  expires: 'Expire le {date}',
  remove: 'Supprimer',
  removeAsk: 'Supprimer {card} ? Elle ne vous sera plus proposée au paiement.',
  removeYes: 'Oui, la supprimer',
  keep: 'Non, la garder',
  removed: '{card} a été supprimée.',
  cardInUse:
    '{card} règle un abonnement toujours en cours, elle n’a donc pas été supprimée. Résiliez d’abord l’abonnement.',
  cancel: 'Résilier l’abonnement',
  cancelAsk: 'Résilier votre abonnement à {payee} ? Plus rien ne sera prélevé.',
  cancelYes: 'Oui, résilier',
  cancelled: 'Votre abonnement à {payee} a été résilié.',
  working: 'Un instant…',
  card: 'Carte',
  upTo: 'Jusqu’à {amount}',
  weekly: 'Chaque semaine',
  monthly: 'Chaque mois',
  quarterly: 'Tous les 3 mois',
  semiAnnual: 'Tous les 6 mois',
  annual: 'Chaque année',
  pending: 'En attente de l’autorisation de votre banque',
  pastDue: 'Un paiement est en retard',
  sessionEnded:
    'Votre session a expiré : rechargez la page pour gérer vos moyens de paiement enregistrés.',
  loadFailed: 'Vos moyens de paiement enregistrés n’ont pas pu être chargés.',
  actionFailed: 'Cela n’a pas fonctionné et rien n’a été modifié. Réessayez.',
};

export default savedMethodsFr;
