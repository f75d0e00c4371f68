/**
 * English words of a returning payer's saved cards and subscriptions (`<paylit-saved-methods>`):
 * a module of their own, loaded by that element's chunk alone (saved-methods-words.ts), so that a
 * checkout without a payer session downloads none of them.
 */
export const savedMethodsEn = {
  title: 'Saved payment methods',
  loading: 'Loading your saved payment methods…',
  empty: 'You have no saved cards or subscriptions.',
  cards: 'Cards',
  subscriptions: 'Subscriptions',
  expires: 'Expires {date}',
  remove: 'Remove',
  removeAsk: 'Remove {card}? It will no longer be offered when you pay.',
  removeYes: 'Yes, remove it',
  keep: 'No, keep it',
  removed: '{card} was removed.',
  cardInUse:
    '{card} pays a subscription that is still running, so it was not removed. Cancel the subscription first.',
  cancel: 'Cancel subscription',
  cancelAsk: 'Cancel your subscription to {payee}? Nothing more will be charged.',
  cancelYes: 'Yes, cancel it',
  cancelled: 'Your subscription to {payee} was cancelled.',
  working: 'One moment…',
  card: 'Card',
  upTo: 'Up to {amount}',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Every 3 months',
  semiAnnual: 'Every 6 months',
  annual: 'Yearly',
  pending: 'Waiting for your bank to authorize it',
  pastDue: 'A payment is overdue',
  sessionEnded: 'Your session has ended: reload the page to manage your saved payment methods.',
  loadFailed: 'Your saved payment methods could not be loaded.',
  actionFailed: 'That did not work, and nothing was changed. Try again.',
};

export type SavedMethodsMessages = typeof savedMethodsEn;

export default savedMethodsEn;
