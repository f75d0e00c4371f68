/**
 * English words of signing up to a subscription (`<paylit-subscription>`): a module of their own,
 * loaded by the sign-up's chunk alone, so that a one-time order's checkout downloads none of
 * them. `{amount}` is a formatted amount, `{every}` one of `every`, `{date}` a calendar date in
 * the shopper's locale.
 */
export const subscriptionEn = {
  how: 'How do you want to pay for your subscription?',
  card: 'Card',
  terms: 'Pix Automático authorization',
  payee: 'Payee',
  frequency: 'Frequency',
  amount: 'Amount',
  upTo: 'Up to {amount} per charge',
  starts: 'First charge',
  ends: 'Ends',
  noEnd: 'Until you cancel',
  cancelInBank: "You can cancel it at any time in your bank's app.",
  authorize: 'Authorize Pix Automático',
  waitingTitle: 'Authorize it in your bank',
  waitingSteps: "Open your bank's app and approve the Pix Automático authorization.",
  openBank: "Go to your bank's page to authorize",
  waiting: 'This page updates automatically once your bank answers.',
  active: 'Pix Automático is set up',
  activeDetail: 'The first charge is on {date}.',
  rejected: 'Your bank declined the authorization. Nothing will be charged.',
  cancelled: 'The authorization was cancelled. Nothing will be charged.',
  failed: 'Pix Automático could not be set up. Try again.',
  consentFixed: 'I authorize the store to charge {amount} {every} to this card until I cancel.',
  consentVariable:
    'I authorize the store to charge up to {amount} {every} to this card until I cancel.',
  consentTerms:
    'The card is saved to pay each period from {date}. To cancel, contact the store: no period is charged after you cancel.',
  consentRequired: 'To subscribe with this card, tick the box to accept the recurring charges.',
  every: {
    WEEKLY: 'every week',
    MONTHLY: 'every month',
    QUARTERLY: 'every three months',
    SEMI_ANNUAL: 'every six months',
    ANNUAL: 'every year',
  },
  frequencies: {
    WEEKLY: 'Weekly',
    MONTHLY: 'Monthly',
    QUARTERLY: 'Every three months',
    SEMI_ANNUAL: 'Every six months',
    ANNUAL: 'Yearly',
  },
};

export type SubscriptionMessages = typeof subscriptionEn;

export default subscriptionEn;
