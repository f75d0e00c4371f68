/**
 * What a waiting payment asks of the shopper, and its one heading, read by the checkout (its
 * outcome's heading, in the first load) and by `<paylit-pending>` (in its own chunk): kept apart
 * from the element so that the checkout names the view without loading it.
 */
import type { PaymentView } from '@paylit/core/checkout';
import type { Messages } from '../../i18n/index.js';

/** A payment's kind of instructions: Pix, a voucher, a transfer; undefined for none (a card under review). */
export function kindOf(payment: PaymentView): 'pix' | 'voucher' | 'transfer' | undefined {
  if (payment.ticket)
    return payment.ticket.barcode_png || payment.ticket.provider_name?.toLowerCase() === 'pix'
      ? 'pix'
      : 'voucher';
  return payment.bank_transfer ? 'transfer' : undefined;
}

/**
 * The waiting view's heading, the outcome's only one: "Pay with Pix", "Pay with OXXO", "Pay by
 * bank transfer"; undefined for a payment with nothing to show. `name`: a method's name by its id.
 */
export function pendingTitle(
  payment: PaymentView,
  t: Messages['pendingView'],
  name: (id: string) => string,
): string | undefined {
  const kind = kindOf(payment);
  if (kind === 'pix') return t.payWithPix;
  if (kind === 'transfer') return t.payTransfer;
  if (!kind) return undefined;
  return t.payVoucher.replace(
    '{provider}',
    name(payment.ticket!.provider_name ?? payment.payment_method_id ?? ''),
  );
}
