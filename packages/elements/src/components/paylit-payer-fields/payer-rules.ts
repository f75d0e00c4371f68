/**
 * What `<paylit-payer-fields>` asks and how it checks it, as plain functions of what the
 * shopper typed: the fields shown for the payer's details an order lacks (the document with
 * its type where the country has several; the address in the country's order), each field's
 * label, `autocomplete` token and longest value, why a value cannot be sent (core's documents,
 * phone and postal-code rules, India's limits), and the details as the submission sends them,
 * normalized. No DOM and no Lit: the element draws what these answer.
 */
import type { CollectedPayer } from '@paylit/core/checkout';
import { normalizeDigits, reformatDigits, type FieldState } from '@paylit/core/card';
import {
  compactDocument,
  documentProblem,
  documentTypes,
  formatDocumentAsTyped,
} from '@paylit/core/documents';
import {
  apiBirthDate,
  indiaLimits,
  normalizePhone,
  postalCodeExample,
  postalCodeProblem,
  type PayerDetail,
} from '@paylit/core/payer';
import { format } from '../../i18n/format.js';
import type { PayerMessages } from '../../i18n/payer/payer-en.js';

export type AddressField = 'street' | 'number' | 'city' | 'state' | 'zip_code';
/** A field the shopper fills: a detail, the document's type, or one of the address's five. */
export type Field = Exclude<PayerDetail, 'address'> | 'document_type' | AddressField;

/** What the shopper typed, by field. */
export type Typed = ReadonlyMap<Field, string>;

/** The address in the order a country writes it: Brazil's CEP first (it names the street). */
const addressOrder = (country: string): AddressField[] =>
  country === 'BR'
    ? ['zip_code', 'street', 'number', 'city', 'state']
    : ['street', 'number', 'city', 'state', 'zip_code'];

/** Each field's label key, `autocomplete` token, input type, longest value (the API's) and keyboard. */
export const fieldSpec: Readonly<
  Record<
    Field,
    { label: keyof PayerMessages; auto?: string; type?: string; max?: number; mode?: string }
  >
> = {
  name: { label: 'name', auto: 'name', max: 100 },
  email: { label: 'email', auto: 'email', type: 'email', max: 100, mode: 'email' },
  document_type: { label: 'documentType' },
  document: { label: 'document', auto: 'off', max: 30 },
  phone: { label: 'phone', auto: 'tel', type: 'tel', max: 20, mode: 'tel' },
  birth_date: { label: 'birthDate', auto: 'bday', type: 'date' },
  street: { label: 'street', auto: 'address-line1', max: 100 },
  number: { label: 'number', max: 20 },
  city: { label: 'city', auto: 'address-level2', max: 100 },
  state: { label: 'state', auto: 'address-level1', max: 10 },
  zip_code: { label: 'zip', auto: 'postal-code', max: 10 },
};

/** The fields shown for `needs`: each in `needs`' order, the address's five in the country's. */
export function fieldsFor(needs: readonly PayerDetail[], country: string): Field[] {
  const several = documentTypes(country).length > 1;
  return needs.flatMap((need): Field[] =>
    need === 'address'
      ? addressOrder(country)
      : need === 'document' && several
        ? ['document_type', 'document']
        : [need],
  );
}

/** The document type chosen where the country has several: the shopper's, else the first (the select's). */
export function documentType(country: string, typed: Typed): string | undefined {
  const types = documentTypes(country);
  return typed.get('document_type') ?? (types.length > 1 ? types[0] : undefined);
}

/**
 * The chosen document type's name (`CPF`), or "Document number" where the country has none of
 * its own: a name of its own (CPF, RUT, PAN, cédula) is said as it is; one that only describes
 * the document in English words (citizen ID, My Number) is the shopper's "Document number".
 */
export function documentName(country: string, typed: Typed, t: PayerMessages): string {
  const types = documentTypes(country);
  const name = documentType(country, typed) ?? (types.length === 1 ? types[0] : undefined);
  return name && !/[a-z] /.test(name) ? name : t.document;
}

/**
 * The document written as its type is, as it is typed (`530.333.1`), the caret kept after the
 * same character (core's caret rule: Backspace on a separator deletes the character before it,
 * Delete the one after it).
 */
export function formatDocument(
  country: string,
  typed: Typed,
  input: FieldState,
): { value: string; caret: number } {
  // Digits in the shopper's script (full-width, Devanagari…) are those digits, one for one: the caret holds.
  return reformatDigits(
    { ...input, value: normalizeDigits(input.value) },
    (kept) => formatDocumentAsTyped(country, kept, documentType(country, typed)),
    typed.get('document'),
    /[^0-9A-Za-z]/g,
  );
}

/** What each missing detail is for: its message, said with the way the shopper pays. */
const needs: Partial<Record<Field, keyof PayerMessages>> = {
  name: 'needName',
  email: 'needEmail',
  document: 'needDocument',
  phone: 'needPhone',
  birth_date: 'needBirthDate',
};

/**
 * Why `field`'s value cannot be sent, in the shopper's words; undefined when it can. Missing, it
 * says what the detail is for when paying with `method` (a method's name, or the catalog's
 * `byCard`): "Enter your CPF: to pay with Boleto Bancário, the payment is registered under it."
 */
export function fieldProblem(
  field: Field,
  country: string,
  typed: Typed,
  t: PayerMessages,
  method?: string,
): string | undefined {
  const value = (typed.get(field) ?? '').trim();
  if (field === 'document_type') return undefined;
  if (value === '')
    return method === undefined
      ? t.required
      : format(t[needs[field] ?? 'needAddress'], {
          method,
          type: documentName(country, typed, t),
          field: t[fieldSpec[field].label],
        });
  const india = country === 'IN';
  const between = (min: number, max: number) =>
    value.length < min || value.length > max ? format(t.lengthBetween, { min, max }) : undefined;
  switch (field) {
    case 'name':
      return india ? between(indiaLimits.payerName.min, indiaLimits.payerName.max) : undefined;
    case 'email': {
      const at = value.lastIndexOf('@');
      const ok =
        /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) &&
        (!india || at <= indiaLimits.emailLocalPart.max);
      return ok ? undefined : t.emailInvalid;
    }
    case 'document': {
      const type = documentName(country, typed, t);
      const problem = documentProblem(country, value, documentType(country, typed));
      if (!problem) return undefined;
      return format(problem === 'check_digit' ? t.documentInvalid : t.documentFormat, { type });
    }
    case 'phone': {
      const phone = normalizePhone(country, value);
      return phone && (!india || phone.length <= indiaLimits.phone.max)
        ? undefined
        : t.phoneInvalid;
    }
    case 'birth_date': {
      const ok =
        apiBirthDate(value) !== undefined &&
        value >= '1900-01-01' &&
        value <= new Date().toISOString().slice(0, 10);
      return ok ? undefined : t.dateInvalid;
    }
    case 'zip_code':
      return postalCodeProblem(country, value)
        ? format(t.zipInvalid, { example: postalCodeExample(country) ?? '' })
        : undefined;
    case 'city':
      return india ? between(indiaLimits.city.min, indiaLimits.city.max) : undefined;
    case 'street':
      return india ? between(indiaLimits.street.min, indiaLimits.street.max) : undefined;
    default:
      return undefined;
  }
}

/** The details of `fields` as the submission sends them (`payer`), normalized; each must be right. */
export function collectedPayer(
  fields: readonly Field[],
  country: string,
  typed: Typed,
): CollectedPayer {
  // One line each, as typed: a pasted tab or line break is a space.
  const value = (field: Field) => (typed.get(field) ?? '').trim().replace(/\s+/g, ' ');
  const payer: CollectedPayer = {};
  const address: NonNullable<CollectedPayer['address']> = {};
  for (const field of fields) {
    const v = field === 'document_type' ? (documentType(country, typed) ?? '') : value(field);
    if (field === 'phone') payer.phone = normalizePhone(country, v)!;
    else if (field === 'birth_date') payer.birth_date = apiBirthDate(v)!;
    else if (field === 'document') payer.document = compactDocument(v);
    else if (field === 'name' || field === 'email' || field === 'document_type') payer[field] = v;
    else address[field] = v;
  }
  if (Object.keys(address).length > 0) payer.address = address;
  return payer;
}
