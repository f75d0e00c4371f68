/**
 * An order's client secret: what the page hands `<paylit-checkout order="…">` instead of the
 * order id, and the only name under which the browser routes read or pay an order. An order id
 * is often guessable (`A-1042`, the next one `A-1043`); its secret is not.
 *
 * It is `<order id>_secret_<32 hex digits>`, the digits an HMAC-SHA256 of the order id under
 * the merchant's secret key with a label of its own (`PaymentsClient.clientSecretDigest`). Made
 * again rather than stored, it holds across restarts, instances and a lost store, and only who
 * holds the secret key can make one. Rotating the secret key invalidates every secret handed out.
 */
import { CLIENT_SECRET_PATTERN } from '@paylit/core/checkout';
import type { PaymentsClient } from './client/payments-client.js';
import { CheckoutError } from './middleware/errors.js';

/**
 * The client secret of `orderId`, for a merchant with their own `resolveOrder`: render it into
 * the page as `<paylit-checkout order="…">`. The order API answers it as `clientSecret`.
 *
 * @example
 * const secret = await clientSecretFor(client, order.id);
 * res.send(`<paylit-checkout endpoint="/paylit" order="${secret}"></paylit-checkout>`);
 */
export async function clientSecretFor(client: PaymentsClient, orderId: string): Promise<string> {
  return `${orderId}_secret_${await client.clientSecretDigest(orderId)}`;
}

/**
 * Client secrets found good lately, per client (its secret key): a checkout's view, the decline
 * limit and the payment that follows each name the order by its secret, and one HMAC serves
 * them all. Only secrets made with the client's key are kept (a wrong one is checked every
 * time), at most `REMEMBERED` per client, the oldest dropped first: enough for the views of a
 * busy shop while its shoppers type their cards (50 views a second, paid within 5 minutes),
 * about 0.3 MB when full with ids of a dozen characters. A secret forgotten costs one HMAC again.
 */
const verified = new WeakMap<PaymentsClient, Map<string, string>>();
const REMEMBERED = 16_384;

function remember(
  client: PaymentsClient,
  known: Map<string, string> | undefined,
  reference: string,
  orderId: string,
): void {
  if (known === undefined) verified.set(client, (known = new Map()));
  if (known.size >= REMEMBERED) known.delete(known.keys().next().value!);
  known.set(reference, orderId);
}

/** Equal strings in a time that does not depend on where they differ (a secret's digest against the one made again; payer sessions too). */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The order id of a client secret found good lately (no HMAC, no promise), else undefined. */
export function rememberedOrderOf(client: PaymentsClient, reference: string): string | undefined {
  return verified.get(client)?.get(reference);
}

/**
 * The order id the browser's `order` names, when it is that order's client secret. A bare
 * order id, or a secret not made with this merchant's key, is refused with the same 404
 * whatever the order (the answer does not tell whether the order exists).
 */
export async function orderOfClientSecret(
  client: PaymentsClient,
  reference: string,
): Promise<string> {
  const known = verified.get(client);
  const remembered = known?.get(reference);
  if (remembered !== undefined) return remembered;
  const match = CLIENT_SECRET_PATTERN.exec(reference);
  if (match && sameText(await client.clientSecretDigest(match[1]!), match[2]!)) {
    remember(client, known, reference, match[1]!);
    return match[1]!;
  }
  throw new CheckoutError(404, {
    type: 'not_found',
    message:
      'order must be the order\'s client secret ("<order id>_secret_…", from POST /orders or clientSecretFor), not its id: no order has this client secret',
    param: 'order',
  });
}
