/** `payer` and its `address` (also the shape of `additional_risk_data.shipping.address`). */
import { z } from 'zod';
import { dmyDate, text } from './common.js';

export const addressSchema = z.strictObject({
  state: text(10).optional(),
  city: text(100).optional(),
  zip_code: text(10).optional(),
  street: text(100).optional(),
  number: text(20).optional(),
});
export type Address = z.infer<typeof addressSchema>;

export const payerSchema = z.strictObject({
  name: text(100),
  email: text(100).pipe(z.email('must be an e-mail address')),
  birth_date: dmyDate.optional(),
  phone: text(20).optional(),
  document: text(30),
  document2: text().optional(),
  user_reference: text(125).optional(),
  address: addressSchema.optional(),
  ip: text(39).optional(),
  ip_port: text(5).regex(/^\d+$/, 'must be a port number').optional(),
  device_id: text(25).optional(),
});
export type Payer = z.infer<typeof payerSchema>;
