/**
 * A subscription's plan, as an order carries it, and the rules every package reads it by:
 * when each period is billed, which ways to pay can subscribe in a country, when a period is
 * due for charging, and the API's `enrollment.subscription` made from it. Defined once here:
 * the companion server validates orders with `planSchema` and charges by `billingDates` and
 * `periodDue`; the checkout shows `subscribingMethods`.
 */
import { z } from 'zod';
import { currencyDecimals } from '../money.js';
import { amount, frequency, isoDate } from '../schemas/common.js';
import { SCHEDULED_DAYS } from '../schemas/payment-request.js';

/** The API's enumeration of frequencies (`subscription.frequency`). */
export const planFrequencies = frequency.options;
export type PlanFrequency = (typeof planFrequencies)[number];

const positive = amount.refine((v) => Number(v) > 0, 'must be greater than 0');

/**
 * The plan of an order that is a subscription:
 * - `frequency`: `WEEKLY`, `MONTHLY`, `QUARTERLY`, `SEMI_ANNUAL` or `ANNUAL`;
 * - `amount`: `{type: 'FIXED', value}` charged each period, or `{type: 'VARIABLE', max, min?}`,
 *   where `max` is the most one period's charge may be (the mandate's limit) and the merchant
 *   names each period's amount within it;
 * - `startDate` (YYYY-MM-DD): the first period's billing date; `endDate`: the last day a period
 *   may be billed (optional: until cancelled);
 * - `firstCharge`: `now` (default) the order's own payment pays the first period, or `start`
 *   the order only signs the payer up and the first period is charged on `startDate`.
 */
export const planSchema = z
  .strictObject({
    frequency,
    amount: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('FIXED'), value: positive }),
      z.strictObject({
        type: z.literal('VARIABLE'),
        max: positive,
        min: positive.optional(),
      }),
    ]),
    startDate: isoDate,
    endDate: isoDate.optional(),
    firstCharge: z.enum(['now', 'start']).default('now'),
  })
  .superRefine((plan, ctx) => {
    if (plan.endDate !== undefined && plan.endDate < plan.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
    if (
      plan.amount.type === 'VARIABLE' &&
      plan.amount.min !== undefined &&
      Number(plan.amount.min) > Number(plan.amount.max)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['amount', 'min'],
        message: 'must not be more than max',
      });
  });
export type PlanInput = z.input<typeof planSchema>;
export type Plan = z.output<typeof planSchema>;

/** The ways to pay that can subscribe, by the API's method ids: Pix Automático (`XA`) and cards (`CARD`). */
export type SubscribingMethod = 'XA' | 'CARD';

/**
 * Which ways to pay can subscribe in `country`: Pix Automático (`XA`, the instant-payment
 * recurring scheme) in Brazil only; a card wherever the country takes cards, charged later with
 * `stored_credential_type: SUBSCRIPTION` (`FIRST`, then `USED`). `cardCountry`: whether the
 * country's methods include cards (the caller knows its list). The one rule of who can subscribe.
 */
export function subscribingMethods(country: string, cardCountry = true): SubscribingMethod[] {
  return [
    ...(country === 'BR' ? (['XA'] as const) : []),
    ...(cardCountry ? (['CARD'] as const) : []),
  ];
}

const MONTHS: Record<PlanFrequency, number> = {
  WEEKLY: 0,
  MONTHLY: 1,
  QUARTERLY: 3,
  SEMI_ANNUAL: 6,
  ANNUAL: 12,
};
const DAY_MS = 24 * 60 * 60 * 1000;

function ymd(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Period `k`'s billing date (k = 0 is `startDate`): weeks add 7 days; months keep the start's day,
 * or the month's last day when it has fewer (31 January, then 28 or 29 February, then 31 March).
 */
export function billingDate(plan: Pick<Plan, 'frequency' | 'startDate'>, k: number): string {
  const start = new Date(`${plan.startDate}T00:00:00Z`);
  if (plan.frequency === 'WEEKLY') return ymd(new Date(start.getTime() + 7 * k * DAY_MS));
  const months = start.getUTCMonth() + MONTHS[plan.frequency] * k;
  const year = start.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return ymd(new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), last))));
}

/** The billing dates of periods `from`, `from + 1`… up to and including `until` (YYYY-MM-DD) and the plan's end. */
export function billingDates(
  plan: Pick<Plan, 'frequency' | 'startDate' | 'endDate'>,
  from: number,
  until: string,
): string[] {
  const dates: string[] = [];
  for (let k = from; ; k++) {
    const date = billingDate(plan, k);
    if (date > until || (plan.endDate !== undefined && date > plan.endDate)) return dates;
    dates.push(date);
  }
}

/**
 * The days ahead the server schedules a Pix Automático charge: a day inside each end of the
 * API's window (2 to 10 UTC calendar days, `SCHEDULED_DAYS`), which the API counts by its own
 * clock when the charge arrives. A run at 00:00 UTC whose API is a moment behind, or one that
 * starts at 23:59 and sends after midnight, is then still inside it, not refused as a decline.
 */
export const SCHEDULED_AIM = { min: SCHEDULED_DAYS.min + 1, max: SCHEDULED_DAYS.max - 1 } as const;

/**
 * Each served country's westernmost time zone: the last in the country to begin a day. A date
 * has begun for every payer in the country once it has begun there (Brazil's Acre, Mexico's Baja
 * California, Chile's Easter Island, Ecuador's Galápagos, Indonesia's Java and Sumatra).
 */
const lastZones: Readonly<Record<string, string>> = {
  AR: 'America/Argentina/Buenos_Aires',
  BO: 'America/La_Paz',
  BR: 'America/Rio_Branco',
  CL: 'Pacific/Easter',
  CN: 'Asia/Shanghai',
  CO: 'America/Bogota',
  CR: 'America/Costa_Rica',
  DO: 'America/Santo_Domingo',
  EC: 'Pacific/Galapagos',
  EG: 'Africa/Cairo',
  GT: 'America/Guatemala',
  HN: 'America/Tegucigalpa',
  ID: 'Asia/Jakarta',
  IN: 'Asia/Kolkata',
  JP: 'Asia/Tokyo',
  KE: 'Africa/Nairobi',
  MX: 'America/Tijuana',
  MY: 'Asia/Kuala_Lumpur',
  NG: 'Africa/Lagos',
  NI: 'America/Managua',
  PA: 'America/Panama',
  PE: 'America/Lima',
  PH: 'Asia/Manila',
  PY: 'America/Asuncion',
  SV: 'America/El_Salvador',
  TH: 'Asia/Bangkok',
  TR: 'Europe/Istanbul',
  UY: 'America/Montevideo',
  VN: 'Asia/Ho_Chi_Minh',
  ZA: 'Africa/Johannesburg',
};

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The date (YYYY-MM-DD) that has begun everywhere in `country` at `at`: the date in its
 * westernmost time zone (summer time included). UTC's date for a country not in the table.
 */
export function countryDate(country: string, at: Date): string {
  const zone = lastZones[country];
  if (zone === undefined) return ymd(at);
  let format = dayFormats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(at)) part[type] = value;
  return `${part.year}-${part.month}-${part.day}`;
}

/**
 * The last date a period may be billed for it to be due at `asOf`: a card is charged on the
 * billing date as `country` reads the calendar (once that date has begun everywhere in it,
 * `countryDate`: no payer is charged the evening before), or later, catching up. Pix
 * Automático is scheduled ahead, so its period is due as soon as the billing date is at most 9
 * days away by UTC's calendar, which the API counts its window by (`SCHEDULED_AIM`: 2 to 10).
 */
export function dueUntil(method: SubscribingMethod, asOf: Date, country: string): string {
  return method === 'XA'
    ? ymd(new Date(asOf.getTime() + SCHEDULED_AIM.max * DAY_MS))
    : countryDate(country, asOf);
}

/**
 * The `scheduled_date` of a Pix Automático charge of the period billed on `billing`, sent at
 * `asOf`: the billing date, or when a late run leaves less than 3 days before it, 3 days after
 * `asOf` (`SCHEDULED_AIM`; the period is debited late rather than not at all).
 */
export function scheduledDateFor(billing: string, asOf: Date): string {
  const earliest = ymd(new Date(asOf.getTime() + SCHEDULED_AIM.min * DAY_MS));
  return billing < earliest ? earliest : billing;
}

/** The API's `enrollment.subscription` for a Pix Automático mandate of `plan`, in `currency`. */
export function enrollmentSubscription(plan: Plan, currency: string) {
  const smallest = 10 ** -currencyDecimals(currency);
  return {
    start_date: plan.startDate,
    ...(plan.endDate !== undefined ? { end_date: plan.endDate } : {}),
    frequency: plan.frequency,
    amount:
      plan.amount.type === 'FIXED'
        ? { type: 'FIXED' as const, value: Number(plan.amount.value) }
        : {
            type: 'VARIABLE' as const,
            min_value: Number(plan.amount.min ?? smallest),
            max_value: Number(plan.amount.max),
          },
  };
}

/** The most one period of `plan` may charge: its fixed value, or its maximum. */
export function planMaximum(plan: Plan): number {
  return Number(plan.amount.type === 'FIXED' ? plan.amount.value : plan.amount.max);
}
