/**
 * A payment as the browser may see it: status, amounts, card brand and last four, and
 * the next action; never the payer, the URLs, a wallet's token, or card data. A saved card's
 * id only when this payment saved it with the shopper's consent: the merchant keeps it to
 * offer the card next time (it pays only through the merchant's server, for an order that
 * lists it).
 */
import type { z } from 'zod';
import {
  bankTransferViewSchema,
  ticketViewSchema,
  type NextAction,
  type paymentViewSchema,
} from '@paylit/core/checkout';
import { localCurrency } from '@paylit/core/countries';
import type { PaymentRecord } from '@paylit/core/schemas';
import { frameable } from '../framing.js';

/**
 * The fields of `record` that `schema` lists and takes, each read alone: a field the API sends
 * in a shape the browser should not see (an `http:` address, a barcode too long) is left out,
 * not the whole object. Undefined when none is left.
 */
function shown<S extends z.ZodObject>(
  schema: S,
  record: Record<string, unknown>,
): z.input<S> | undefined {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = record[key];
    if (value !== undefined && value !== null && (field as z.ZodType).safeParse(value).success)
      out[key] = value;
  }
  return Object.keys(out).length > 0 ? (out as z.input<S>) : undefined;
}

/**
 * What a pending Pix, voucher or transfer gives the shopper to pay with. Pix's `barcode` is its
 * QR as a PNG (`barcode_png` in the view); every other ticket's is the barcode's content. With
 * `now` (this server's clock), a ticket's time left to its `expiration_date` (`expires_in_ms`):
 * the browser counts down from it, from when the answer arrived, whatever the device's clock says.
 */
function instructions(
  record: PaymentRecord,
  now: number | undefined,
): Pick<z.input<typeof paymentViewSchema>, 'ticket' | 'bank_transfer'> {
  if (record.status !== 'PENDING') return {};
  const { ticket, bank_transfer } = record;
  const pix = ticket?.provider_name?.toLowerCase() === 'pix' || record.payment_method_id === 'PQ';
  const t =
    ticket &&
    shown(
      ticketViewSchema,
      pix ? { ...ticket, barcode: undefined, barcode_png: ticket.barcode } : ticket,
    );
  if (t) {
    const left = Date.parse(t.expiration_date ?? '') - (now ?? NaN);
    if (Number.isFinite(left)) t.expires_in_ms = left;
    else delete t.expires_in_ms;
  }
  const b = bank_transfer && shown(bankTransferViewSchema, bank_transfer);
  // The amount to send is in the country's money, which the API's transfer does not say.
  if (b?.user_payment_amount !== undefined)
    b.currency = localCurrency(record.country ?? '') ?? record.currency;
  return { ...(t ? { ticket: t } : {}), ...(b ? { bank_transfer: b } : {}) };
}

/**
 * `now`: this server's clock, for an answer the checkout shows a pending payment from (a Pix's
 * countdown starts from its `ticket.expires_in_ms`). The live connection's events leave it out:
 * each is sent only when the payment changed, and a time left would change every time.
 */
export function publicPayment(
  record: PaymentRecord,
  orderId: string,
  now?: number,
): z.input<typeof paymentViewSchema> {
  const card = record.card;
  // Set one by one, in the answer's order: no object made only to be spread.
  const view: Record<string, unknown> = {
    id: record.id,
    order: orderId,
    status: record.status,
    status_code: record.status_code,
    status_detail: record.status_detail,
    amount: record.amount,
    currency: record.currency,
    country: record.country,
    payment_method_id: record.payment_method_id,
    payment_method_type: record.payment_method_type,
    payment_method_flow: record.payment_method_flow,
  };
  if (card) {
    const shownCard: Record<string, unknown> = {
      brand: card.brand,
      last4: card.last4,
      expiration_month: card.expiration_month,
      expiration_year: card.expiration_year,
    };
    if (card.installments) shownCard.installments = card.installments;
    if (card.save === true && card.card_id) shownCard.card_id = card.card_id;
    view.card = shownCard;
  }
  if (record.status === 'PENDING') Object.assign(view, instructions(record, now));
  view.created_date = record.created_date;
  if (record.approved_date) view.approved_date = record.approved_date;
  return view as z.input<typeof paymentViewSchema>;
}

export function nextAction(record: PaymentRecord): NextAction {
  if (record.status !== 'PENDING') return null;
  const url = record.three_dsecure?.redirect_url ?? record.redirect_url;
  return url ? { type: 'redirect', url } : null;
}

/**
 * `nextAction`, and for the bank's 3-D Secure challenge whether the shopper's page (`origin`,
 * the request's `Origin`) may show it in a frame, as the bank's page itself says (framing.ts):
 * then the checkout shows it in a dialog over the page.
 */
export function nextActionFor(
  record: PaymentRecord,
  origin: string | undefined,
): NextAction | Promise<NextAction> {
  const next = nextAction(record);
  const challenge = record.three_dsecure?.redirect_url;
  // No challenge to frame (the answer of almost every payment): answered as it is, no promise.
  if (!next || !challenge || next.url !== challenge || !origin) return next;
  return framed(next, challenge, origin);
}

async function framed(
  next: NonNullable<NextAction>,
  challenge: string,
  origin: string,
): Promise<NextAction> {
  return (await frameable(challenge, origin)) ? { ...next, frame: true } : next;
}
