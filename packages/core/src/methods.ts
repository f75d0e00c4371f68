/**
 * `@paylit/core/methods`: which of a country's payment methods an order can be paid with in
 * the checkout, and why the others cannot. The one place that says what a method needs:
 *
 * | the method | the flow the checkout pays it in | it also needs |
 * |---|---|---|
 * | a new card (`CARD` and the brands) | DIRECT (the card in a JWE) | nothing |
 * | a wallet | REDIRECT (the payer approves on the wallet's page) | `payer.phone`; an order that charges now |
 * | a payer's saved wallet | DIRECT (its token) | `payer.phone`; an order that charges now |
 *
 * | a cash voucher, Pix, a bank transfer the API takes DIRECT | DIRECT (the code, the voucher or the account shown in the checkout) | an order that charges now |
 * | any other bank transfer or voucher | REDIRECT (the bank's page, the voucher's) | an order that charges now |
 *
 * What the payer lacks does not hide a method: the checkout asks for it (`payerNeeds` of
 * `@paylit/core/payer`, which reads `needsPhone`), for the ways the order can be paid (`payingWays`).
 *
 * A method whose `allowed_flows` lacks that flow is refused by the API (5010): Apple Pay and
 * Google Pay are DIRECT only, with a token the wallet's own script makes, which a checkout
 * without it cannot. Only a card can be authorized and captured later, or verified at zero
 * amount: any other method would charge an `authorize` order at once, and a `verify` order's
 * zero amount is refused for it. Every method must be one the order's `methods` allows
 * (`CARD` allows every brand). Data and plain functions, no zod: it runs in the browser too.
 *
 * @example
 * const { offered, hidden } = payableMethods(order, await client.paymentMethods.list({ country: 'BR' }));
 * // hidden: [{ id: 'AP', reason: 'the API takes AP only in the DIRECT flow…' }, …]
 */
import type { PaymentFlow } from './countries.js';

/** What of an order decides which methods it can be paid with. */
export interface PayingOrder {
  /** capture (the default): charge now; authorize: capture later; verify: a zero-amount card check. */
  readonly intent?: 'capture' | 'authorize' | 'verify';
  /** The methods the order allows (`CARD` for any card); absent: every method. */
  readonly methods?: readonly string[] | undefined;
  /** The order's plan, when it is a subscription: a card subscribes (Pix Automático is signed up apart). */
  readonly plan?: object | undefined;
}

/** An item of `GET /payments-methods`, as far as this module reads it. */
export interface ListedMethod {
  readonly id: string;
  readonly type: string;
  readonly allowed_flows: readonly string[];
}

/** A method the checkout does not offer, and why, in words for the merchant's developer. */
export interface HiddenMethod {
  readonly id: string;
  /** Set for a payer's saved wallet (paid with its token), absent for a method of the country's list. */
  readonly saved?: true;
  readonly reason: string;
}

/**
 * The flow the checkout pays a method of this type in (the table above). `allowed`: the
 * method's `allowed_flows`; a voucher, Pix or transfer the API takes DIRECT is shown in the
 * checkout, without leaving the shop.
 */
export function checkoutFlow(
  type: string,
  saved = false,
  allowed: readonly string[] = [],
): PaymentFlow {
  if (type === 'CARD' || saved) return 'DIRECT';
  return (type === 'TICKET' || type === 'BANK_TRANSFER') && allowed.includes('DIRECT')
    ? 'DIRECT'
    : 'REDIRECT';
}

/** How the shopper pays: the submission's method types (`card`, `saved_card`, `wallet`, `redirect`). */
export type PayingWith = 'card' | 'saved_card' | 'wallet' | 'redirect';

/**
 * The way a method of this type is paid in the checkout (the submission's method type): a
 * card typed anew, a wallet, or any other method (a bank, a voucher, Pix: `redirect`, whether
 * the checkout shows it in the page or sends the payer to its page).
 */
export function payingWay(type: string): Exclude<PayingWith, 'saved_card'> {
  return type === 'CARD' ? 'card' : type === 'WALLET' ? 'wallet' : 'redirect';
}

/**
 * The ways an order can be paid in the checkout (card, saved card, wallet, redirect, in that
 * order): those of the methods it offers (`payableMethods`' `offered`), a saved card wherever a
 * card is (the payer's saved cards are offered with it), a wallet also when the payer has a
 * saved one it can pay with (`savedWallets`: how many). What the checkout draws (no card fields
 * for an order no card can pay) and what it asks of the payer (only for these ways) read it.
 *
 * @example
 * payingWays([{ type: 'TICKET' }, { type: 'BANK_TRANSFER' }])  // ['redirect']
 * payingWays([{ type: 'CARD' }, { type: 'WALLET' }])           // ['card', 'saved_card', 'wallet']
 */
export function payingWays(
  offered: readonly { readonly type: string }[],
  savedWallets = 0,
): PayingWith[] {
  const ways = new Set<PayingWith>(offered.map((method) => payingWay(method.type)));
  if (ways.has('card')) ways.add('saved_card');
  if (savedWallets > 0) ways.add('wallet');
  return (['card', 'saved_card', 'wallet', 'redirect'] as const).filter((way) => ways.has(way));
}

/** Whether the checkout pays this type of method with the payer's phone required: wallets. */
export function needsPhone(type: string): boolean {
  return type === 'WALLET';
}

/**
 * Why the order cannot be paid with `method` in the checkout (a sentence naming what is
 * missing), or undefined when it can. `saved`: the payer's saved wallet of this method.
 */
export function methodProblem(
  order: PayingOrder,
  method: ListedMethod,
  saved = false,
): string | undefined {
  const card = method.type === 'CARD';
  const allowed =
    order.methods === undefined ||
    order.methods.includes(method.id) ||
    (card && order.methods.includes('CARD'));
  if (!allowed)
    return `the order's methods (${order.methods!.join(', ')}) do not include ${card ? 'CARD' : method.id}`;
  const flow = checkoutFlow(method.type, saved, method.allowed_flows);
  if (!method.allowed_flows.includes(flow)) {
    const how = saved
      ? 'a saved wallet is paid with its token in the DIRECT flow'
      : card
        ? 'the checkout sends the card in the DIRECT flow'
        : 'the checkout sends the payer to its page in the REDIRECT flow';
    return `the API takes ${method.id} only in the ${method.allowed_flows.join(' and ') || 'no'} flow${method.allowed_flows.length > 1 ? 's' : ''}, and ${how}${method.type === 'WALLET' && !saved ? " (a DIRECT wallet payment needs a token made by the wallet's own script)" : ''}`;
  }
  const intent = order.intent ?? 'capture';
  if (!card && intent !== 'capture') {
    return intent === 'verify'
      ? `a verify order checks a card at zero amount; ${method.id} (${method.type}) cannot be verified`
      : `an authorize order is captured later, which only a card payment can be; ${method.id} (${method.type}) would be charged at once`;
  }
  if (!card && order.plan !== undefined)
    return `the order is a subscription, which a card subscribes to (Pix Automático is signed up apart); ${method.id} (${method.type}) would pay once and start none`;
  return undefined;
}

/**
 * The methods of `list` the order can be paid with, in their order, and the others with why.
 * `savedWallets`: the payer's saved wallets (by method id), checked as paid with their token.
 */
export function payableMethods<M extends ListedMethod, W extends { readonly methodId: string }>(
  order: PayingOrder,
  list: readonly M[],
  savedWallets: readonly W[] = [],
): { offered: M[]; hidden: HiddenMethod[]; savedWallets: W[] } {
  const offered: M[] = [];
  const hidden: HiddenMethod[] = [];
  for (const method of list) {
    const reason = methodProblem(order, method);
    if (reason === undefined) offered.push(method);
    else hidden.push({ id: method.id, reason });
  }
  const wallets: W[] = [];
  for (const wallet of savedWallets) {
    const method = list.find((m) => m.id === wallet.methodId);
    const reason = method
      ? methodProblem(order, method, true)
      : `${wallet.methodId} is not a payment method of the order's country`;
    if (reason === undefined) wallets.push(wallet);
    else hidden.push({ id: wallet.methodId, saved: true, reason });
  }
  return { offered, hidden, savedWallets: wallets };
}

/**
 * The methods as the shopper chooses among them: one choice per way to pay. Pix is one way,
 * whichever of its two methods the API lists: `PX` (paid on the bank's page) and `PQ` (its QR
 * and copy-and-paste code, which the checkout shows in the page). Both offered, the shopper
 * sees one choice, named "Pix", where Pix first stands, which pays by `PQ`: how the code is shown (the QR, the code to
 * copy) is the waiting view's business, not a second choice. `PQ` alone is named "Pix" too;
 * `PX` alone stays as it is.
 *
 * @example
 * choices([{ id: 'PX', name: 'Pix' }, { id: 'PQ', name: 'Pix QR' }])  // [{ id: 'PQ', name: 'Pix' }]
 */
export function choices<M extends { readonly id: string; readonly name?: string }>(
  offered: readonly M[],
): M[] {
  const code = offered.find((m) => m.id === 'PQ');
  const pix = code && { ...code, name: 'Pix' };
  const page = offered.some((m) => m.id === 'PX');
  // The one choice stands where Pix first stands in the list.
  return offered.flatMap((m) =>
    m.id === 'PQ' ? (page ? [] : [pix!]) : m.id === 'PX' && pix ? [pix] : [m],
  );
}
