/**
 * `payment.additional_risk_data`: what fraud prevention reads. Dates are YYYYMMDD. No
 * member is required (the API pays a submerchant sent with its `name` alone); a member
 * that is present must be of its type.
 */
import { z } from 'zod';
import { addressSchema } from './payer.js';
import {
  compactDate,
  country,
  flag,
  int32,
  numberAsText,
  partialObject,
  reputation,
  text,
  textAsNumber,
} from './common.js';

/** A string of the risk data, which a typed client may send as a number (read as its text). */
const s = numberAsText(z.string());
/** A number of the risk data, which a client may send as its decimal text (read as the number). */
const num = textAsNumber(z.number());
const int = textAsNumber(z.number().int('must be an integer'));

export const riskDeviceSchema = partialObject({
  event_uuid: text(),
  user_agent: s,
  geolocation: s,
  locale: s,
  advertising_id: s,
  vendor_id: s,
  android_id: numberAsText(z.string().regex(/^[0-9a-fA-F]{1,16}$/, 'must be a 64-bit hex string')),
  media_drm_id: s,
});

export const riskPayerSchema = partialObject({
  account_creation_date: compactDate,
  is_positive: flag,
  phone_is_valid: flag,
  email_is_valid: flag,
  first_purchase_date: compactDate,
  last_order_id: s,
  total_order_count: int32,
  total_order_amount: int32,
  last_updated_date: s,
  reputation,
});

export const basketItemSchema = partialObject({
  unit_price: num,
  category: s,
  item_reference: s,
  product_name: s,
  url: s,
  brand: s,
  subcategory: s,
  quantity: int,
  published_date: compactDate,
  rating: textAsNumber(
    z.number().int('must be an integer').min(1, 'must be 1 to 5').max(5, 'must be 1 to 5'),
  ),
  count_reviews: int,
});

export const shippingSchema = partialObject({
  address: addressSchema,
  cost: int32,
  delivery_company: s,
  method: s,
  delivery_date: compactDate,
  /** Spelled as the API spells it. */
  is_fowarding_address: flag,
  geolocation: s,
});

export const beneficiarySchema = partialObject({
  email: text(),
  name: text(),
  phone: text(),
  document: text(),
  account_id: text(),
  created_date: compactDate,
});

export const riskSubscriptionSchema = partialObject({
  id: s,
  period: z
    .string()
    .regex(
      /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/,
      'must be an ISO 8601 duration such as P1M',
    ),
  current_period: s,
  end_date: compactDate,
});

export const riskSubmerchantSchema = partialObject({
  merchant_reference: text(),
  website: text(),
  document: text(),
  email: text(),
  name: text(),
  onboarding_email: text(),
  phone: s,
  industry: int32,
  nationality: country,
  username: s,
  created_date: compactDate,
  total_order_count: int32,
  total_order_amount: num,
  ship_from_address: partialObject({ street: s, number: s, city: s, zip_code: s, state: s }),
  device_id: s,
  last_updated_date: compactDate,
  onboarding_ip_address: s,
  reputation,
  last_login: s,
  kyc_review: flag,
  fraud_review: flag,
  fraud_review_type: s,
  fraud_review_description: s,
  submerchant_description: s,
  checkout_type: s,
  checkout_subtype: s,
  industry_name: s,
  registered_company: flag,
  bank_account: partialObject({
    beneficiary_name: s,
    beneficiary_document: s,
    account: int32,
    branch: s,
    beneficiary_email: s,
    beneficiary_phone: int32,
  }),
});

export const purchaseSchema = partialObject({
  is_retry: flag,
  channel: s,
  time_in_session: textAsNumber(
    z.number().int('must be an integer').min(0, 'must not be negative'),
  ),
});

export const additionalRiskDataSchema = partialObject({
  device: riskDeviceSchema,
  payer: riskPayerSchema,
  basket: z.array(basketItemSchema),
  shipping: shippingSchema,
  beneficiary: beneficiarySchema,
  subscription: z.array(riskSubscriptionSchema),
  submerchant: riskSubmerchantSchema,
  purchase: purchaseSchema,
});
export type AdditionalRiskData = z.infer<typeof additionalRiskDataSchema>;
