/**
 * English, the card's own words: what the card fields draw (page and frame isolation alike), the
 * only words the card frame holds and is sent (`CardWords`, card-words.ts). Part of the English
 * catalog (en.ts), kept apart so that the card frame's first script carries these and no other.
 */
export const enCard = {
  cardNumber: 'Card number',
  expiry: 'Expiration date',
  expiryPlaceholder: 'MM/YY',
  cvv: 'Security code',
  /** Where the security code is printed, by brand: most on the back, American Express on the front. */
  cvvWhereBack: 'The last {digits} digits in the signature strip on the back of the card.',
  cvvWhereFront: 'The {digits} digits printed above the number on the front of the card.',
  /** The row of brand marks shown while the number is empty. */
  acceptedCards: 'Cards accepted',
  /** The small line under the form, beside a lock. */
  encrypted: 'Card details are encrypted in your browser before they are sent.',
  holder: 'Name on card',
  savedCardCvv: 'Security code of the {brand} card ending in {last4}',
  brandDetected: '{brand} card',
  /** Under the number, when a longer pasted text (a card line) held a card number and only the number was kept. Never repeats the text. */
  numberTaken: 'Only the card number was taken from what you pasted.',
  errors: {
    number: {
      empty: 'Enter the card number.',
      not_digits: 'The card number can only have digits.',
      incomplete: 'The card number is incomplete.',
      too_long: 'The card number is too long.',
      luhn: 'The card number is not valid. Check it and try again.',
    },
    expiry: {
      empty: 'Enter the expiration date.',
      incomplete: 'Enter the expiration date as MM/YY.',
      invalid_month: 'The month must be 01 to 12.',
      expired: 'The card has expired.',
      too_far: 'The expiration date is too far in the future.',
    },
    cvv: {
      empty: 'Enter the security code.',
      not_digits: 'The security code can only have digits.',
      wrong_length: 'The security code has {digits} digits.',
    },
    holder: {
      empty: 'Enter the name as it appears on the card.',
      /** A run of four digits or more in the name: a card number typed in the wrong field, never sent. */
      digits: 'Enter the name on the card, not a number.',
    },
  },
};
