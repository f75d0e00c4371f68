/**
 * The payer routes of the companion server, as `<paylit-saved-methods>` calls them: each a
 * POST with the payer session in its body (never in the URL), answered by core's
 * `saved-methods.ts` shapes, or refused as every route is (`ServerRefusal`).
 */
import type {
  CancelledSubscriptionAnswer,
  RemovedCardAnswer,
  SavedMethodsAnswer,
} from '@paylit/core/checkout';
import {
  call,
  post,
  type CompanionServer,
  type ServerRefusal,
  type ServerResult,
} from '../paylit-checkout/checkout-client.js';

/** `POST /payer/methods`: the payer's saved cards and active subscriptions. */
export function listSavedMethods(
  server: CompanionServer,
  session: string,
): Promise<ServerResult<SavedMethodsAnswer>> {
  return call<SavedMethodsAnswer>(server, '/payer/methods', post({ session }), 'cards');
}

/** `POST /payer/cards/:id/remove`: the card removed at the API (answered the same when it was already). */
export function removeSavedCard(
  server: CompanionServer,
  session: string,
  cardId: string,
): Promise<ServerResult<RemovedCardAnswer>> {
  return call<RemovedCardAnswer>(
    server,
    `/payer/cards/${encodeURIComponent(cardId)}/remove`,
    post({ session }),
    'removed',
  );
}

/** `POST /payer/subscriptions/:id/cancel`: the subscription cancelled (answered the same when it was already). */
export function cancelSubscription(
  server: CompanionServer,
  session: string,
  id: string,
): Promise<ServerResult<CancelledSubscriptionAnswer>> {
  return call<CancelledSubscriptionAnswer>(
    server,
    `/payer/subscriptions/${encodeURIComponent(id)}/cancel`,
    post({ session }),
    'subscription',
  );
}

/** A refusal the payer can do nothing about but load the page again: the session is no longer good. */
export const sessionEnded = (refusal: ServerRefusal): boolean => refusal.status === 401;
