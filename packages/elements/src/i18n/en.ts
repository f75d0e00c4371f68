import { enCard } from './en-card.js';

/** English: the reference catalog every other locale must match (`Messages`). */
export const en = {
  ...enCard,
  pay: 'Pay {amount}',
  verifyCard: 'Verify card',
  processing: 'Processing…',
  loading: 'Loading the checkout…',
  loadFailed: 'The checkout could not reach the store. Check your connection and try again.',
  loadRefused: 'The store could not open this payment. Try again, or contact the store.',
  /** The order the checkout names is unknown to the store (a client secret it does not know, an order it cannot find): no form, no amount. */
  orderNotFound: 'This order cannot be paid. Go back to the store and start again.',
  /** The store's server refuses this page's origin (its allowed origins): nothing the shopper can fix. */
  notSetUp: "This shop's checkout is not set up yet. Try again later, or contact the store.",
  retry: 'Try again',
  networkError: 'We could not reach the store. Check your connection and try again.',
  serverError: 'The payment could not be made. Try again.',
  /** Pay refused because the order changed under the page (the store replaced it, 409 order_mismatch): the checkout shows it again as it is now. */
  orderChanged: 'The order has changed since this page opened. Check the amount and pay again.',
  /** Pay refused because the server has forgotten the plans it showed (an hour on, 400 method.installmentsId): new ones are asked for. */
  plansExpired: 'The installment options have expired. Choose the installments again, then pay.',
  /** After five declines on one order (409 order_locked): the order is not tried again. */
  orderLocked:
    'The payment was declined too many times: this order can no longer be paid. Contact the store.',
  redirecting: "Continue on your bank's page to confirm the payment.",
  pending: 'The payment is pending. You will be told when it is confirmed.',
  /** The checkout's final state, by the payment's status. */
  outcomes: {
    PAID: 'Paid {amount}',
    AUTHORIZED: 'Payment authorized: {amount}',
    VERIFIED: 'Card verified',
  },
  cardEnding: '{brand} ending in {last4}',
  /** A card payment the bank did not confirm on its 3-D Secure page (the shopper left the check or failed it): the form is back, to try again. */
  threeDSecureFailed:
    'Your bank did not confirm this payment: the check on its page was not completed or did not pass. Nothing was charged, and you can try again.',
  paymentMethod: 'Payment method',
  newCard: 'New card',
  savedWallet: '{name}, saved',
  /** The title of the frame that holds the card fields in frame isolation. */
  cardFrame: 'Card details',
  apiErrors: {
    3001: 'The store could not sign in to the payment service.',
    3002: 'The store is not allowed to reach the payment service from here.',
    3003: 'This operation is not allowed for this payment.',
    4000: 'The payment was not found.',
    4001: 'The refund was not found.',
    5000: 'The payment request is not valid.',
    5001: 'Some payment details are not valid.',
    5002: 'The payment cannot be changed in its current state.',
    5003: 'Payments are not available in this country.',
    5004: 'This currency is not accepted in this country.',
    5007: 'The amount is higher than allowed.',
    5008: 'The saved card or wallet is no longer available.',
    5009: 'This order was already paid or attempted.',
    5010: 'This payment method is not available.',
    5012: 'The store cannot refund this amount right now.',
    5013: 'This operation is not supported.',
    5016: 'The amount is too low.',
    5017: 'The store uses an API version that is not supported.',
    5018: 'There is a dispute on this payment.',
    5020: 'The time to refund this payment has passed.',
    5043: 'This number of installments is not available.',
    6000: 'Too many attempts. Try again in a moment.',
    7000: 'The payment service had a problem. Try again.',
  },
  rejections: {
    '300': 'The payment was declined.',
    '301': 'The bank declined the payment.',
    '302': 'The card does not have enough funds.',
    '303': 'This card cannot be used. Try another card.',
    '304': 'The payment could not be approved. Try another card.',
    '305': 'Too many attempts. Try again later.',
    '306': 'Call your bank to authorize this payment.',
    '307': 'This payment was already made.',
    '308': 'This card is disabled. Try another card.',
    '309': 'The card has expired.',
    '310': 'This card was reported lost. Try another card.',
    '311': 'The bank asked to retain this card. Try another card.',
    '312': 'The bank restricted this card. Try another card.',
    '313': 'This card was reported stolen. Try another card.',
    '314': 'The card number is not valid.',
    '315': 'The security code is not valid.',
    '316': 'This card does not support this operation.',
    '317': 'The payment was declined for security reasons.',
    '318': 'The transaction is not valid.',
    '319': "The amount exceeds the card's limit.",
    '320': 'This payment needs 3-D Secure authentication.',
    '321': 'The payment could not be processed. Try again.',
    '322': 'This wallet is disabled.',
    '323': 'The account is not valid.',
    '324': 'The PIN is not valid.',
    '325': 'Too many payments in a short time. Try again later.',
    '326': 'The account is disabled.',
  },
  /** The payer's fields (`<paylit-payer-fields>`): `{type}` is a document type's own name (CPF, RUT, PAN), `{example}` a postal code of the country, `{min}` and `{max}` numbers. */
  /** A payment paid away from the page (`<paylit-pending>`, `<paylit-challenge-dialog>`): `{provider}` is a method's own name (OXXO, Efecty), `{time}` a countdown such as 23:59:12, `{date}` a date and time in the shopper's locale. */
  pendingView: {
    payWithPix: 'Pay with Pix',
    pixSteps: "Open your bank's app, choose Pix, and scan the QR code or paste the code.",
    pixPhoneSteps: "Copy the code, then paste it in your bank's app under Pix Copia e Cola.",
    pixCode: 'Pix code (copy and paste)',
    qrCode: 'Pix QR code',
    copy: 'Copy',
    copyCode: 'Copy code',
    copied: 'Copied',
    copyFailed: 'Could not copy: select the text and copy it.',
    amount: 'Amount',
    expiresIn: 'Expires in {time}',
    payBy: 'Pay by {date}',
    expired: 'The time to pay has run out. Nothing was charged.',
    newCode: 'Get a new code',
    newVoucher: 'Get a new voucher',
    gettingCode: 'Getting a new code…',
    payVoucher: 'Pay with {provider}',
    reference: 'Reference',
    typedLine: 'Barcode number',
    barcode: 'Barcode for {provider}',
    payAtCounter:
      'Pay in cash at any {provider} location: show the barcode, or give the reference.',
    payBoleto:
      "Pay in your bank's app or internet banking with the barcode number, or at a bank or lottery agency.",
    print: 'Print the voucher',
    payTransfer: 'Pay by bank transfer',
    transferSteps:
      'From your bank, transfer exactly this amount to this account, with the reference.',
    bank: 'Bank',
    beneficiary: 'Beneficiary',
    instructions: "The bank's instructions",
    waiting: 'This page updates automatically once your payment arrives.',
    newTab: '(opens in a new tab)',
    /** The bank's dialog's own title: not the words of the bank's page inside it. */
    bankCheck: 'Security check by your bank',
    challengeSteps: "Your bank's page is open over this one: follow its steps.",
    bankPage: "Your bank's page",
    close: 'Close',
    cancelAsk: 'Cancel the payment?',
    cancelYes: 'Yes, cancel it',
    cancelNo: 'No, go on',
    cancelled: 'The payment was cancelled. Nothing was charged.',
  },
  /** A file of the checkout refused by its integrity (`paylit-error` kind `integrity`). */
  integrityError:
    "Part of this checkout did not match the store's published files, so it was stopped and nothing was charged. Reload the page; if it happens again, contact the store.",
};

export type Messages = typeof en;

export default en;
