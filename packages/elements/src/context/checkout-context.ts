/**
 * What `<paylit-checkout>` shares with the elements inside it, through `@lit/context`:
 * the order's public view, the choices made so far, and the operations that need the
 * server. Consumers may be defined and connected before the checkout: a shared
 * `ContextRoot` holds their requests until the provider appears.
 */
import { ContextRoot, createContext } from '@lit/context';

export interface OrderView {
  id: string;
  amount: number;
  currency: string;
  country: string;
  intent: 'capture' | 'authorize' | 'verify';
  description?: string;
  installments: boolean;
}

export interface PaymentMethodView {
  id: string;
  type: string;
  name: string;
  logo?: string;
  allowed_flows: string[];
  wallet_type?: string;
}

export interface SavedCardView {
  card_id: string;
  brand: string;
  last4: string;
  expiration_month: number;
  expiration_year: number;
  holder_name?: string;
}

export interface InstallmentOption {
  id: string;
  installments: number;
  installment_amount: number;
  total_amount: number;
}

export interface InstallmentsPlan {
  id: string;
  installments: InstallmentOption[];
  installments_by_bank?: boolean;
}

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
  savedWallets: readonly { methodId: string; name?: string }[];
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

export const checkoutContext = createContext<CheckoutContextValue>(Symbol.for('paylit-checkout-context'));

const ROOT = Symbol.for('paylit-context-root');

/** Attaches one ContextRoot to the document, once, so providers that upgrade late still serve early consumers. */
export function ensureContextRoot(): void {
  const g = globalThis as unknown as Record<symbol, boolean | undefined>;
  if (g[ROOT] || typeof document === 'undefined') return;
  g[ROOT] = true;
  new ContextRoot().attach(document.documentElement);
}
