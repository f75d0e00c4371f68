/**
 * A payer session: what the merchant's server renders into `<paylit-checkout
 * payer-session="…">` for a customer its site has signed in, so that the checkout can list and
 * remove what that customer saved (the payer routes, `routes/payer.ts`). Like an order's client
 * secret (`client-secret.ts`) it is made again rather than stored, an HMAC under the merchant's
 * secret key (`PaymentsClient.payerSessionDigest`, a label of its own): it holds across
 * restarts and instances, and only who holds the secret key can make one. Unlike it, it ends:
 * `<customer id>_payer_<expiry>_<32 hex digits>`, the expiry in Unix seconds, inside the HMAC.
 */
import { CUSTOMER_ID_PATTERN, PAYER_SESSION_PATTERN } from '@paylit/core/checkout';
import type { PaymentsClient } from './client/payments-client.js';
import { sameText } from './client-secret.js';
import { CheckoutError } from './middleware/errors.js';

/** How long a payer session is good for when the merchant does not say: 30 minutes. */
export const PAYER_SESSION_TTL_MS = 30 * 60_000;

export interface PayerSessionOptions {
  /** How long the session is good for. Default 30 minutes; at most 24 hours. */
  ttlMs?: number;
  /** The time it starts from (ms since 1970). Default now. */
  now?: number;
}

/**
 * The payer session of the customer `customerId` (the merchant's own id, as its site signed
 * them in), for `<paylit-checkout payer-session="…">`. Mint one per page, server-side, only
 * for the customer whose page it is: whoever holds it can list and remove that customer's
 * saved cards and cancel their subscriptions until it ends.
 *
 * @example
 * const session = await payerSessionFor(client, req.user.id);
 * res.send(`<paylit-checkout endpoint="/paylit" order="${secret}" payer-session="${session}">`);
 */
export async function payerSessionFor(
  client: PaymentsClient,
  customerId: string,
  options: PayerSessionOptions = {},
): Promise<string> {
  if (!CUSTOMER_ID_PATTERN.test(customerId))
    throw new TypeError(
      'payerSessionFor: customerId must be 1 to 80 letters, digits, "_", "-", "." or ":"',
    );
  const ttl = options.ttlMs ?? PAYER_SESSION_TTL_MS;
  if (!Number.isInteger(ttl) || ttl <= 0 || ttl > 24 * 60 * 60_000)
    throw new TypeError('payerSessionFor: ttlMs must be a whole number of ms from 1 to 24 hours');
  const expires = String(Math.ceil(((options.now ?? Date.now()) + ttl) / 1000));
  return `${customerId}_payer_${expires}_${await client.payerSessionDigest(customerId, expires)}`;
}

const refused = (message: string) =>
  new CheckoutError(401, { type: 'unauthorized', message, param: 'session' });

/**
 * The customer a payer session names, when it is one this merchant's key made and it has not
 * ended. A bare customer id, a session whose digest is not this key's (forged, or its customer
 * id or expiry changed) and an ended one are refused 401 `unauthorized`, each saying which.
 */
export async function customerOfPayerSession(
  client: PaymentsClient,
  session: string,
  now = Date.now(),
): Promise<string> {
  const match = PAYER_SESSION_PATTERN.exec(session);
  if (!match)
    throw refused(
      'session must be a payer session secret ("<customer id>_payer_<expiry>_…", from payerSessionFor), not a customer id',
    );
  const [, customerId, expires, digest] = match as unknown as [string, string, string, string];
  if (!sameText(await client.payerSessionDigest(customerId, expires), digest))
    throw refused("session was not made with this shop's key: no payer has this session");
  if (Number(expires) * 1000 <= now)
    throw refused('session has ended: the page must be loaded again for a new one');
  return customerId;
}
