/**
 * What `<paylit-checkout>` shares with the elements inside it, through `@lit/context`:
 * the order's public view, the choices made so far, and the operations that need the
 * server. Consumers may be defined and connected before the checkout: a shared
 * `ContextRoot` holds their requests until the provider appears.
 *
 * The server's messages are typed by core's checkout protocol (`@paylit/core/checkout`),
 * imported as types only: no zod reaches the browser.
 */
import { ContextConsumer, ContextRoot, createContext } from '@lit/context';
import type { ReactiveElement } from 'lit';
import type * as Checkout from '@paylit/core/checkout';
import { payingWay, payingWays } from '@paylit/core/methods';

/** The order's public view, as `GET <endpoint>/checkout` answers it. */
export type OrderView = Checkout.OrderView;
/** A payment method of the order's country. */
export type PaymentMethodView = Checkout.PaymentMethodView;
/** A returning payer's saved card: brand, last four, expiry. */
export type SavedCardView = Checkout.SavedCardView;
/** One choice of an installment plan. */
export type InstallmentOption = Checkout.InstallmentOption;
/** The plans for a BIN and the order's amount, as `POST <endpoint>/installments` answers them. */
export type InstallmentsPlan = Checkout.InstallmentsPlan;

/** How the shopper pays: a new card (the card fields), a saved card, a wallet, or a redirect method. */
export type Selection =
  | { type: 'card' }
  | { type: 'saved_card'; cardId: string }
  | { type: 'wallet'; methodId: string; useSaved?: boolean }
  | { type: 'redirect'; methodId: string };

export interface CheckoutContextValue {
  status: 'loading' | 'ready' | 'error' | 'standalone';
  order: OrderView | undefined;
  paymentMethods: readonly PaymentMethodView[];
  savedCards: readonly SavedCardView[];
  savedWallets: readonly Checkout.SavedWalletView[];
  /** The language the checkout speaks (its `lang` or the page's). */
  lang: string | undefined;
  selection: Selection;
  /** The BIN the card fields offer: 6 or 8 digits, never more. */
  bin: string | undefined;
  /** The installment option chosen, if any. */
  plan: InstallmentOption | undefined;
  setBin(bin: string | undefined): void;
  choosePlan(plan: InstallmentOption | undefined): void;
  select(selection: Selection): void;
  /** The plans for a BIN and the order's amount; `null` when the order has none. */
  loadPlans(bin: string): Promise<InstallmentsPlan | null>;
}

/**
 * Whether the shopper can pay with a card typed anew: an order without a server (the
 * checkout's attributes) always, one loaded from the server when its view offers a card (the
 * server's `payableMethods`, read with core's `payingWays`, never judged again here). Until the
 * view is here, the card fields show, disabled, as they would for most orders.
 */
export function takesCards(
  checkout: Pick<CheckoutContextValue, 'status' | 'paymentMethods'> | undefined,
): boolean {
  return checkout?.status !== 'ready' || payingWays(checkout.paymentMethods).includes('card');
}

/**
 * The way to pay chosen when a view arrives: a new card where the order takes one; else the
 * first other way the shopper is shown (a saved wallet, then the methods in the view's order).
 */
export function firstSelection(
  view: Pick<CheckoutContextValue, 'paymentMethods' | 'savedWallets'>,
): Selection {
  if (takesCards({ status: 'ready', paymentMethods: view.paymentMethods })) return { type: 'card' };
  const saved = view.savedWallets[0];
  if (saved) return { type: 'wallet', methodId: saved.methodId, useSaved: true };
  const method = view.paymentMethods[0];
  const way = method ? payingWay(method.type) : 'card';
  return way === 'card' ? { type: 'card' } : { type: way, methodId: method!.id };
}

/** What a checkout holds before its order is loaded; the checkout and the card frame start from it. */
export const emptyCheckout: Omit<
  CheckoutContextValue,
  'setBin' | 'choosePlan' | 'select' | 'loadPlans'
> = {
  status: 'loading',
  order: undefined,
  paymentMethods: [],
  savedCards: [],
  savedWallets: [],
  lang: undefined,
  selection: { type: 'card' },
  bin: undefined,
  plan: undefined,
};

export const checkoutContext = createContext<CheckoutContextValue>(
  Symbol.for('paylit-checkout-context'),
);

const ROOT = Symbol.for('paylit-context-root');

/** Attaches one ContextRoot to the document, once, so providers that upgrade late still serve early consumers. */
export function ensureContextRoot(): void {
  const g = globalThis as unknown as Record<symbol, boolean | undefined>;
  if (g[ROOT] || typeof document === 'undefined') return;
  g[ROOT] = true;
  new ContextRoot().attach(document.documentElement);
}

/**
 * The checkout around `host`, given to `take` now and at every change: @lit/context's consumer
 * as a controller (its `@consume` decorator's code is more of the first load than this).
 */
export function consumeCheckout(
  host: ReactiveElement,
  take: (checkout: CheckoutContextValue) => void,
): ContextConsumer<typeof checkoutContext, ReactiveElement> {
  return new ContextConsumer(host, { context: checkoutContext, subscribe: true, callback: take });
}
