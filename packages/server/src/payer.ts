/**
 * The payer of a payment: the order's own details, and what the shopper typed for the details
 * the order lacks (core's `payerNeeds`). The browser may only add what the order left out; a
 * detail the order has is the merchant's and cannot be changed from the page. What the shopper
 * typed is normalized (a document without punctuation, a phone with its calling code, a postal
 * code compact) and checked with the country's rules, every problem named at once.
 */
import type { ValidationIssue } from '@paylit/core/errors';
import type { Ask, AsksView, CollectedPayer } from '@paylit/core/checkout';
import { normalizeDigits } from '@paylit/core/card';
import {
  compactDocument,
  documentMessage,
  documentProblem,
  documentTypes,
} from '@paylit/core/documents';
import {
  hasPayerDetail,
  missingPayerDetails,
  normalizePhone,
  compactPostalCode,
  payerNeeds,
  postalCodeExample,
  postalCodeProblem,
  type PayerDetail,
  type PayingWith,
} from '@paylit/core/payer';
import { countrySchema, payerInCountryIssues, payerSchema, type Payer } from '@paylit/core/schemas';
import { compiled } from './compiled.js';
import { CheckoutError } from './middleware/errors.js';
import type { MerchantOrder } from './order.js';

/**
 * The order's payer with what the shopper gave for the rest: the order's details always win.
 * A new card's holder is the payer's name when the order has none.
 */
export function mergedPayer(
  order: Pick<MerchantOrder, 'payer'>,
  collected: CollectedPayer | undefined,
  holderName?: string,
): Partial<Payer> {
  const own = order.payer;
  // Object.assign rather than spreads: V8 (Node 20) makes a new hidden class for each object
  // spread that then takes keys its source lacks, about 1 µs each time. The same keys, in the
  // same order: what was collected (but its document type), then the order's, then the name
  // and the address.
  const merged: Record<string, unknown> & Partial<Payer> = {};
  if (collected)
    for (const key in collected)
      if (key !== 'document_type') merged[key] = collected[key as keyof CollectedPayer];
  const givenAddress = merged.address;
  Object.assign(merged, own);
  const address =
    own.address || givenAddress ? Object.assign({}, givenAddress, own.address) : undefined;
  const name = own.name ?? holderName ?? merged.name;
  if (name) merged.name = name;
  if (address) merged.address = address;
  return merged;
}

/**
 * The view's `asks`: for each way the order can be paid (`ways`, core's `payingWays` of the
 * methods it offers), what the payer still lacks, and for a new card the consent to save it
 * when the order offers that; undefined when nothing. A way the order cannot be paid asks
 * nothing: a card-only order is not asked a phone for wallets it does not offer.
 */
export function asksView(
  order: MerchantOrder,
  collected: CollectedPayer | undefined,
  ways: readonly PayingWith[],
): AsksView | undefined {
  const payer = mergedPayer(order, collected);
  const view: AsksView = {};
  for (const way of ways) {
    const asks: Ask[] = missingPayerDetails(payer, payerNeeds(order.country, way));
    // A new card may be saved, with the shopper's consent, when the order offers it.
    if (way === 'card' && order.offerToSaveCard) asks.push('save_card');
    if (asks.length > 0) view[way] = asks;
  }
  return Object.keys(view).length > 0 ? view : undefined;
}

/**
 * The payer rules a payment in the payer's country is held to (core's `payerInCountryIssues`,
 * the payment request's own rules on its payer), on the details present: a detail that is
 * absent is the checkout's to ask for, not a fault of the payer's. Paths are `payer.…`. The
 * payer is parsed once, by its own schema (each of its details is optional there).
 */
export function payerRuleIssues(country: unknown, payer: unknown): ValidationIssue[] {
  if (!countrySchema.safeParse(country).success) return [];
  const parsed = compiled(payerSchema).safeParse(payer);
  if (!parsed.success) return [];
  const given = parsed.data as Record<string, unknown>;
  // A placeholder name, for the rules of the other details: the name's own are the real one's
  // (a payer that has one is checked as it is, without a copy).
  const issues = payerInCountryIssues(
    country as string,
    parsed.data.name === undefined ? { name: 'Payer Rules', ...parsed.data } : parsed.data,
  );
  if (issues.length === 0) return [];
  // A detail left out whole is the checkout's to collect, and the IP the server's to add; one
  // given in part (an address without its city, where the full one is needed) is the order's to fix.
  const present = (path: string) => {
    const detail = path.split('.')[1];
    return detail === undefined || (given[detail] !== undefined && given[detail] !== null);
  };
  return issues.filter(
    (issue) => (issue.path === 'payer' || issue.path.startsWith('payer.')) && present(issue.path),
  );
}

function postalMessage(country: string): string {
  const example = postalCodeExample(country);
  return example ? `must be a postal code of ${country}, like ${example}` : 'must be a postal code';
}

/** The shopper's details normalized and checked alone (the country's own rules); problems by path. */
function normalize(
  country: string,
  given: CollectedPayer,
  issues: ValidationIssue[],
): CollectedPayer {
  const out: CollectedPayer = {};
  if (given.name !== undefined) out.name = given.name.trim().replace(/\s+/g, ' ');
  if (given.email !== undefined) out.email = given.email.trim();
  if (given.birth_date !== undefined) out.birth_date = given.birth_date;
  const types = documentTypes(country);
  if (given.document_type !== undefined) {
    if (!types.includes(given.document_type))
      issues.push({
        path: 'payer.document_type',
        message: `must be ${types.length > 1 ? 'one of ' : ''}${types.join(', ') || 'absent'} in ${country}`,
      });
    else out.document_type = given.document_type;
  }
  if (given.document !== undefined) {
    // Digits typed in the shopper's script (full-width, Devanagari…) are those digits, as the phone's and postal code's are.
    const document = normalizeDigits(given.document);
    const problem = documentProblem(country, document, out.document_type);
    if (problem)
      issues.push({
        path: 'payer.document',
        message: documentMessage(country, problem, out.document_type),
      });
    out.document = compactDocument(document);
  }
  if (given.phone !== undefined) {
    const phone = normalizePhone(country, given.phone);
    if (phone === undefined)
      issues.push({
        path: 'payer.phone',
        message: 'must be a phone number: 6 to 15 digits, with the country code or without',
      });
    out.phone = phone ?? given.phone;
  }
  if (given.address !== undefined) {
    const address = { ...given.address };
    for (const [key, value] of Object.entries(address))
      if (typeof value === 'string') address[key as keyof typeof address] = value.trim();
    if (address.zip_code !== undefined) {
      if (postalCodeProblem(country, address.zip_code))
        issues.push({ path: 'payer.address.zip_code', message: postalMessage(country) });
      address.zip_code = compactPostalCode(address.zip_code);
    }
    out.address = address;
  }
  return out;
}

/** The details of `submitted` the order has already: the page cannot change them. */
function ownedByOrder(order: MerchantOrder, submitted: CollectedPayer): string[] {
  const owned: string[] = [];
  for (const [detail, value] of Object.entries(submitted)) {
    if (value === undefined) continue;
    if (detail === 'document_type') continue;
    if (detail !== 'address') {
      if (hasPayerDetail(order.payer, detail as PayerDetail)) owned.push(`payer.${detail}`);
      continue;
    }
    for (const [field, v] of Object.entries(value as Record<string, unknown>))
      if (v !== undefined && order.payer.address?.[field as 'city'] !== undefined)
        owned.push(`payer.address.${field}`);
  }
  return owned;
}

/** 400 naming every field refused (`fields`), the first as `param`. */
export function payerRefusal(issues: readonly ValidationIssue[]): CheckoutError {
  const named = issues.map((issue) => `${issue.path} ${issue.message}`);
  return new CheckoutError(400, {
    type: 'invalid_request',
    message: named.length === 1 ? named[0]! : `${named.length} problems: ${named.join('; ')}`,
    param: issues[0]!.path,
    fields: issues.map((issue) => ({ param: issue.path, message: issue.message })),
  });
}

/**
 * The payer of a payment made `paying`: the order's details, then what the shopper gave
 * before (`stored`, from the order's charge state), then what this submission brings. Answers
 * the details collected (to store with the charge state) and the whole payer. Refuses a detail
 * the order has (403), and a payer that is missing a detail or holds a wrong one (400, every
 * field named).
 */
export function payerOfSubmission(
  order: MerchantOrder,
  paying: PayingWith,
  submitted: CollectedPayer | undefined,
  stored: CollectedPayer | undefined,
  holderName?: string,
): { collected: CollectedPayer | undefined; payer: Partial<Payer> } {
  if (submitted) {
    const owned = ownedByOrder(order, submitted);
    if (owned.length > 0)
      throw new CheckoutError(403, {
        type: 'forbidden',
        message: `${owned.join(', ')} ${owned.length === 1 ? 'is' : 'are'} the order's, and the checkout cannot change ${owned.length === 1 ? 'it' : 'them'}`,
        param: owned[0]!,
      });
  }
  const issues: ValidationIssue[] = [];
  const fresh = submitted ? normalize(order.country, submitted, issues) : undefined;
  const collected =
    stored || fresh
      ? {
          ...stored,
          ...fresh,
          ...(stored?.address || fresh?.address
            ? { address: { ...stored?.address, ...fresh?.address } }
            : {}),
        }
      : undefined;
  const payer = mergedPayer(order, collected, holderName);
  for (const detail of missingPayerDetails(payer, payerNeeds(order.country, paying))) {
    if (detail === 'address' && payer.address) {
      for (const field of ['street', 'number', 'city', 'state', 'zip_code'] as const)
        if (!payer.address[field])
          issues.push({ path: `payer.address.${field}`, message: 'is required' });
    } else {
      issues.push({ path: `payer.${detail}`, message: 'is required' });
    }
  }
  const ruled = payerRuleIssues(order.country, payer);
  // What is already named is not named twice (a Set of paths only when there is something to add).
  if (ruled.length > 0) {
    const named = new Set(issues.map((issue) => issue.path));
    for (const issue of ruled)
      if (!named.has(issue.path)) (issues.push(issue), named.add(issue.path));
  }
  if (issues.length > 0) throw payerRefusal(issues);
  return { collected, payer };
}
