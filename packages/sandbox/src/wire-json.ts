/**
 * The sandbox's JSON writer: every answer and notification body goes through it. It writes
 * what `JSON.stringify` writes, except money: the API's amounts are decimals of scale 2
 * ("Length 10,2") and the recorded wire answers them with both decimals (`"amount":1.00`),
 * which clients in Python or PHP decode as a float where `1` would be an int. Amounts are kept
 * as numbers rounded to their currency; `toFixed(2)` of such a number (at most 10 digits)
 * is its exact decimal text.
 */
import { AMOUNT_SCALE } from '@paylit/core/money';

/** The members that hold money, wherever they appear in a record. */
const MONEY = new Set([
  'amount',
  'amount_refunded',
  'installment_amount',
  'total_amount',
  'user_payment_amount',
]);
/**
 * An `amount` that is an object (an enrollment's `subscription.amount`): its bounds, in the
 * local currency, are money too.
 */
const AMOUNT_BOUNDS = new Set(['value', 'min_value', 'max_value']);

function write(value: unknown, money: boolean): string | undefined {
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    value = (value as { toJSON(): unknown }).toJSON();
  switch (typeof value) {
    case 'number':
      return money && Number.isFinite(value) ? value.toFixed(AMOUNT_SCALE) : JSON.stringify(value);
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value))
        return `[${value.map((item) => write(item, false) ?? 'null').join(',')}]`;
      return `{${Object.entries(value)
        .flatMap(([key, item]) => {
          const text = write(item, MONEY.has(key) || (money && AMOUNT_BOUNDS.has(key)));
          return text === undefined ? [] : [`${JSON.stringify(key)}:${text}`];
        })
        .join(',')}}`;
    default:
      return undefined; // undefined, functions and symbols: left out, as JSON.stringify does
  }
}

/** `value` as the API writes it: JSON, money with its two decimals. */
export function wireJson(value: unknown): string {
  return write(value, false) ?? 'null';
}
