/**
 * What the wallet picker offers, as a plain rule the checkout reads too: the checkout draws
 * `<paylit-wallet-select>` (and loads its chunk) only when the order offers a choice, so this
 * rule lives apart from the element, in the checkout's first load.
 */
import type { CheckoutContextValue, PaymentMethodView } from '../../context/checkout-context.js';

/** Method types shown by the picker; cards are the card fields' (the "new card" option). */
const REDIRECT_TYPES = new Set(['BANK_TRANSFER', 'TICKET']);

/** The wallets and banks of the order the picker offers (the card is the card fields'). */
export function walletMethods(checkout: CheckoutContextValue | undefined): PaymentMethodView[] {
  return (checkout?.paymentMethods ?? []).filter(
    (m) => m.type === 'WALLET' || REDIRECT_TYPES.has(m.type),
  );
}

/**
 * Whether the picker has anything to offer: a wallet or bank of the order, or a saved card or
 * wallet. Without, it takes no room; the checkout does not even draw it.
 */
export function offersChoice(checkout: CheckoutContextValue | undefined): boolean {
  return (
    checkout !== undefined &&
    walletMethods(checkout).length + checkout.savedCards.length + checkout.savedWallets.length > 0
  );
}
