/** `payment.additional_risk_data`: what fraud prevention reads. Dates are YYYYMMDD. */
import { z } from 'zod';
import { addressSchema } from './payer.js';
import { compactDate, country, int32, reputation, text } from './common.js';

const s = z.string();
const int = z.number().int('must be an integer');

export const riskDeviceSchema = z.strictObject({
  event_uuid: text(),
  user_agent: s.optional(),
  geolocation: s.optional(),
  locale: s.optional(),
  advertising_id: s.optional(),
  vendor_id: s.optional(),
  android_id: z.string().regex(/^[0-9a-fA-F]{1,16}$/, 'must be a 64-bit hex string').optional(),
  media_drm_id: s.optional(),
});

export const riskPayerSchema = z.strictObject({
  account_creation_date: compactDate,
  is_positive: z.boolean(),
  phone_is_valid: z.boolean(),
  email_is_valid: z.boolean(),
  first_purchase_date: compactDate,
  last_order_id: s,
  total_order_count: int32,
  total_order_amount: int32,
  last_updated_date: s,
  reputation,
}).partial();

export const basketItemSchema = z.strictObject({
  unit_price: z.number(),
  category: s,
  item_reference: s,
  product_name: s,
  url: s,
  brand: s,
  subcategory: s,
  quantity: int,
  published_date: compactDate,
  rating: z.number().int('must be an integer').min(1, 'must be 1 to 5').max(5, 'must be 1 to 5'),
  count_reviews: int,
}).partial();

export const shippingSchema = z.strictObject({
  address: addressSchema,
  cost: int32,
  delivery_company: s,
  method: s,
  delivery_date: compactDate,
  /** Spelled as the API spells it. */
  is_fowarding_address: z.boolean(),
  geolocation: s,
}).partial();

export const beneficiarySchema = z.strictObject({
  email: text(),
  name: text(),
  phone: text(),
  document: text(),
  account_id: text(),
  created_date: compactDate,
});

export const riskSubscriptionSchema = z.strictObject({
  id: s,
  period: z.string().regex(/^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/, 'must be an ISO 8601 duration such as P1M'),
  current_period: s,
  end_date: compactDate,
}).partial();

export const riskSubmerchantSchema = z.strictObject({
  merchant_reference: text(),
  website: text(),
  document: text(),
  email: text(),
  name: text(),
  onboarding_email: text(),
  phone: s.optional(),
  industry: int32.optional(),
  nationality: country.optional(),
  username: s.optional(),
  created_date: compactDate.optional(),
  total_order_count: int32.optional(),
  total_order_amount: z.number().optional(),
  ship_from_address: z.strictObject({ street: s, number: s, city: s, zip_code: s, state: s }).partial().optional(),
  device_id: s.optional(),
  last_updated_date: compactDate.optional(),
  onboarding_ip_address: s.optional(),
  reputation: reputation.optional(),
  last_login: s.optional(),
  kyc_review: z.boolean().optional(),
  fraud_review: z.boolean().optional(),
  fraud_review_type: s.optional(),
  fraud_review_description: s.optional(),
  submerchant_description: s.optional(),
  checkout_type: s.optional(),
  checkout_subtype: s.optional(),
  industry_name: s.optional(),
  registered_company: z.boolean().optional(),
  bank_account: z.strictObject({
    beneficiary_name: s,
    beneficiary_document: s,
    account: int32,
    branch: s,
    beneficiary_email: s,
    beneficiary_phone: int32,
  }).partial().optional(),
});

export const purchaseSchema = z.strictObject({
  is_retry: z.boolean(),
  channel: s,
  time_in_session: z.number().int('must be an integer').min(0, 'must not be negative'),
}).partial();

export const additionalRiskDataSchema = z.strictObject({
  device: riskDeviceSchema,
  payer: riskPayerSchema,
  basket: z.array(basketItemSchema),
  shipping: shippingSchema,
  beneficiary: beneficiarySchema,
  subscription: z.array(riskSubscriptionSchema),
  submerchant: riskSubmerchantSchema,
  purchase: purchaseSchema,
}).partial();
export type AdditionalRiskData = z.infer<typeof additionalRiskDataSchema>;
