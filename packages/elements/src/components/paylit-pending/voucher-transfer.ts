/**
 * What `<paylit-pending>` shows for a cash voucher (its reference or typed line, its barcode,
 * where to pay, the printable voucher) and a bank transfer (bank, account, beneficiary,
 * reference and amount, each copyable): a chunk of its own (`paylit.voucher-transfer.js`), which
 * the element loads before it draws such a payment, so that a Pix code never downloads it.
 * Plain functions of the view's own parts (`PendingParts`: its words, the payment, its copyable
 * fields, its amount and due lines), which the element hands in; the barcodes (barcodes.ts) are a
 * chunk of their own, loaded beside this one for a voucher that has one.
 */
import type { BankTransferView, PaymentView, TicketView } from '@paylit/core/checkout';
import { css, html, nothing, svg, type TemplateResult } from 'lit';
import { format } from '../../i18n/format.js';
import type { Messages } from '../../i18n/index.js';
import type * as Barcodes from './barcodes.js';

/** The parts of the pending view these views are drawn with (paylit-pending.ts). */
export interface PendingParts {
  readonly t: Messages['pendingView'];
  readonly payment: PaymentView;
  /** A value to copy: its label, the value, a Copy button (`shown`: as read; `lines`: wraps). */
  copyable(
    label: string,
    value: string,
    options?: { button?: string; shown?: string; lines?: boolean },
  ): TemplateResult;
  /** The amount, as a fact. */
  amountLine(ticket?: TicketView): TemplateResult;
  /** When it falls due. */
  due(iso: string | undefined): TemplateResult | typeof nothing;
  /** An amount in the shopper's locale (the payment's by default). */
  amount(amount?: number, currency?: string): string;
}

/**
 * What only these views draw, added to the element's look (paylit-pending.styles.ts) once this
 * chunk is here: a Pix code downloads none of it.
 */
export const awayStyles = css`
  /* Black on white for the scanner in every theme: a contrast theme would give the card its own
     background (black in a dark one) and leave the bars black. */
  .barcode {
    margin: 0;
    display: grid;
    gap: 0.25rem;
    padding: 0.75rem;
    background: #fff;
    color: #000;
    border-radius: var(--_radius);
    forced-color-adjust: none;
  }
  .barcode svg {
    inline-size: 100%;
    block-size: 4.5rem;
    fill: #000;
  }
  .barcode figcaption {
    font-family: ui-monospace, monospace;
    font-size: 0.75rem;
    text-align: center;
    letter-spacing: 0.05em;
    overflow-wrap: anywhere;
  }
  /* The Boleto's line: as tall as its lines, wrapped between its groups, never cut off. */
  textarea {
    field-sizing: content;
    resize: none;
    overflow: hidden;
    line-height: 1.4;
    white-space: pre-wrap;
    overflow-wrap: normal;
    word-break: normal;
  }
  .link {
    justify-self: center;
    color: var(--_accent);
    font-weight: 600;
  }
`;

/** A CLABE (18 digits) as Mexican banks print it: bank, branch, account, check digit (3-3-11-1). */
export const clabe = (account: string): string =>
  account.replace(/^(\d{3})(\d{3})(\d{11})(\d)$/, '$1 $2 $3 $4');

/**
 * A Boleto's typed line ("linha digitável") in its printed groups: the 47 digits of a bank slip
 * as `00000.00000 00000.000000 00000.000000 0 00000000000000`, the 48 of a collection slip as four
 * blocks of eleven and their check digit. Another line is left as it is.
 */
export function typedLine(line: string): string {
  const digits = line.replace(/\D/g, '');
  if (digits.length === 47)
    return digits.replace(
      /^(\d{5})(\d{5})(\d{5})(\d{6})(\d{5})(\d{6})(\d)(\d{14})$/,
      '$1.$2 $3.$4 $5.$6 $7 $8',
    );
  if (digits.length === 48) return digits.replace(/(\d{11})(\d)(?=\d|$)/g, '$1-$2 ').trim();
  return line;
}

/** A cash voucher: `provider` where it is paid; `barcodes` when its barcode can be drawn. */
export function voucherView(
  view: PendingParts,
  ticket: TicketView,
  provider: string,
  barcodes: typeof Barcodes | undefined,
): TemplateResult {
  const t = view.t;
  const boleto = view.payment.payment_method_id === 'BL' || ticket.format === 'ITF';
  const bars = ticket.barcode ? barcodes?.barcodeBars(ticket.format, ticket.barcode) : undefined;
  return html`<p class="steps">${boleto ? t.payBoleto : format(t.payAtCounter, { provider })}</p>
      ${
        ticket.number
          ? boleto
            ? view.copyable(t.typedLine, ticket.number.replace(/\D/g, ''), {
                shown: typedLine(ticket.number),
                lines: true,
              })
            : view.copyable(t.reference, ticket.number)
          : nothing
      }
      ${
        bars
          ? html`<figure class="barcode"><svg viewBox="0 0 ${bars.width} 1" preserveAspectRatio="none" role="img"
          aria-label=${format(t.barcode, { provider })} part="barcode">${svg`<path d=${barcodes!.barsPath(bars)}></path>`}</svg>
          <figcaption dir="ltr" aria-hidden="true">${ticket.barcode}</figcaption></figure>`
          : nothing
      }
      ${view.amountLine(ticket)}${view.due(ticket.expiration_date)}
      ${
        ticket.image_url
          ? html`<a href=${ticket.image_url} target="_blank" rel="noopener noreferrer" part="print" class="link">${t.print}<span class="sr-only"> ${t.newTab}</span></a>`
          : nothing
      }`;
}

/** An account to copy: a CLABE read in its groups (on a narrow phone, over two lines), copied as its digits. */
function account(view: PendingParts, label: string, digits: string): TemplateResult {
  return view.copyable(label, digits, { shown: clabe(digits), lines: true });
}

/** A bank transfer: the bank, the accounts, the reference and the amount to send. */
export function transferView(view: PendingParts, bank: BankTransferView): TemplateResult {
  const t = view.t;
  const amount = view.amount(bank.user_payment_amount, bank.currency);
  const fact = (term: string, value: string | undefined) =>
    value ? html`<dt>${term}</dt><dd>${value}</dd>` : nothing;
  return html`<p class="steps">${t.transferSteps}</p>
      <dl class="facts">${fact(t.bank, bank.bank_name)}${fact(t.beneficiary, bank.beneficiary_name)}</dl>
      ${bank.bank_account ? account(view, bank.bank_account_label ?? t.bank, bank.bank_account) : nothing}
      ${bank.bank_account2 ? account(view, bank.bank_account2_label ?? t.bank, bank.bank_account2) : nothing}
      ${bank.reference ? view.copyable(t.reference, bank.reference) : nothing}
      ${view.copyable(t.amount, String(bank.user_payment_amount ?? view.payment.amount), { shown: amount })}
      ${view.due(bank.expiration_date)}
      ${
        bank.redirect_url
          ? html`<a href=${bank.redirect_url} target="_blank" rel="noopener noreferrer" part="instructions" class="link">${t.instructions}<span class="sr-only"> ${t.newTab}</span></a>`
          : nothing
      }`;
}
