/**
 * English words of the payer's details (`<paylit-payer-fields>`): a chunk of their own, loaded by
 * that element alone (payer-words.ts) for an English shopper, or to stand in for a language that
 * cannot be loaded: a checkout whose order lacks nothing of the payer downloads none of them.
 */
export const payerEn = {
  details: 'Your details',
  name: 'Full name',
  email: 'Email',
  documentType: 'Document type',
  document: 'Document number',
  phone: 'Phone',
  birthDate: 'Date of birth',
  street: 'Street',
  number: 'Number',
  city: 'City',
  state: 'State or province',
  zip: 'Postal code',
  required: 'This field is required.',
  /** What a missing detail is for, said on its field: `{method}` is the way the shopper pays (a method's name, or `byCard`). */
  byCard: 'card',
  needName: 'Enter your full name: to pay with {method}, the payment is made out in your name.',
  needEmail: 'Enter your email: to pay with {method}, your receipt is sent to it.',
  needDocument: 'Enter your {type}: to pay with {method}, the payment is registered under it.',
  needPhone:
    'Enter your phone number: to pay with {method}, it is how you are reached about this payment.',
  needBirthDate: 'Enter your date of birth: to pay with {method}, it confirms who is paying.',
  needAddress: '{field}: part of the billing address needed to pay with {method}.',
  emailInvalid: 'Enter an email address, like name@example.com.',
  documentInvalid: 'This {type} is not valid: check the digits.',
  documentFormat: "This doesn't look like a {type}: check its length and characters.",
  phoneInvalid: 'Enter a phone number with its area code.',
  zipInvalid: 'Enter a postal code, like {example}.',
  dateInvalid: 'Enter a valid date of birth.',
  lengthBetween: 'Use {min} to {max} characters.',
  refused: 'The store could not accept this detail. Check it and try again.',
  saveCard: 'Save this card for next time',
  saveCardTerms:
    "The store keeps this card to charge it again only when you choose it at checkout. The card's number stays with the payment provider, not the store. You can ask the store to remove it at any time.",
};

export type PayerMessages = typeof payerEn;

export default payerEn;
