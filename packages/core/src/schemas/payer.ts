/** `payer` and its `address` (also the shape of `additional_risk_data.shipping.address`). */
import { z } from 'zod';
import { apiDocumentProblem, documentMessage, type DocumentProblem } from '../documents.js';
import {
  dmyDate,
  limitedString,
  numberAsText,
  optional,
  partialObject,
  plainText,
  text,
} from './common.js';

/**
 * Every field one plain line (`plainText`: no control, bidirectional or other format
 * character), each also taken as a JSON number (`"number": 2`, `"zip_code": 8001`: its text).
 */
export const addressSchema = partialObject({
  state: plainText(10),
  city: plainText(100),
  zip_code: plainText(10),
  street: plainText(100),
  number: plainText(20),
});
export type Address = z.infer<typeof addressSchema>;

/**
 * `payer`. The spec marks `email` required, but that is a rule of merchants: the API paid
 * Brazilian payers without one, so it is optional here.
 * The document's rule depends on the country, which the request holds: `checkPayerDocument`
 * (it is required except in DO and PA); so does the name's: `checkPayerName` (required except
 * in PA). The document and the phone may come as JSON numbers (their text).
 */
export const payerSchema = z.object({
  /** One plain line (`plainText`), as the card holder's name. */
  name: optional(plainText(100)),
  email: optional(text(100).pipe(z.email('must be an e-mail address'))),
  birth_date: optional(dmyDate),
  phone: optional(text(20)),
  document: optional(text(30)),
  document2: optional(text()),
  user_reference: optional(text(125)),
  address: optional(addressSchema),
  ip: optional(text(39)),
  ip_port: optional(numberAsText(limitedString(5).regex(/^\d+$/, 'must be a port number'))),
  device_id: optional(text(25)),
});
export type Payer = z.infer<typeof payerSchema>;

/**
 * The API's rule for `payer.document` in `country` (`apiDocumentProblem`: Brazil's CPF or
 * CNPJ, India's PAN and South Africa's ID in full, the length and characters elsewhere;
 * required except in DO and PA), reported at `path`. `rule` may be a stricter one, such as
 * the country's own `documentProblem`.
 */
export function checkPayerDocument(
  country: string,
  payer: Pick<Payer, 'document'>,
  ctx: z.RefinementCtx,
  path: PropertyKey[] = ['payer', 'document'],
  rule: (
    country: string,
    value: string | undefined,
  ) => DocumentProblem | undefined = apiDocumentProblem,
): void {
  const problem = rule(country, payer.document);
  if (problem) ctx.addIssue({ code: 'custom', path, message: documentMessage(country, problem) });
}

/**
 * The countries where a card payment was served with no payer name and no card holder name
 * (`"payer":{"name":null,…}` and `"holder_name":""`, recorded on the API's sandbox in
 * Panama). Elsewhere both stay required, as the spec has them.
 */
export const nameOptionalCountries: readonly string[] = ['PA'];

/** The API's rule for `payer.name` in `country`: required except in `nameOptionalCountries`. */
export function checkPayerName(
  country: string,
  payer: Pick<Payer, 'name'>,
  ctx: z.RefinementCtx,
  path: PropertyKey[] = ['payer', 'name'],
): void {
  if (payer.name === undefined && !nameOptionalCountries.includes(country))
    ctx.addIssue({ code: 'custom', path, message: 'is required' });
}
