/** `payer` and its `address` (also the shape of `additional_risk_data.shipping.address`). */
import { z } from 'zod';
import { apiDocumentProblem, documentMessage, type DocumentProblem } from '../documents.js';
import { dmyDate, optional, partialObject, plainText, text } from './common.js';

/** Every field one plain line (`plainText`: no control, bidirectional or other format character). */
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
 * (it is required except in DO and PA).
 */
export const payerSchema = z.object({
  /** One plain line (`plainText`), as the card holder's name. */
  name: plainText(100),
  email: optional(text(100).pipe(z.email('must be an e-mail address'))),
  birth_date: optional(dmyDate),
  phone: optional(text(20)),
  document: optional(text(30)),
  document2: optional(text()),
  user_reference: optional(text(125)),
  address: optional(addressSchema),
  ip: optional(text(39)),
  ip_port: optional(text(5).regex(/^\d+$/, 'must be a port number')),
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
