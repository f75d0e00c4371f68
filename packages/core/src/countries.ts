/**
 * The country rules of the API (spec "Payer", "Address", "Limits"; api-behaviour.md
 * "REDIRECT flow, 3-D Secure"). Data only, no zod: the schemas, the sandbox and the
 * elements read them from here.
 */

/** Countries where every card payment goes through 3-D Secure. */
export const threeDSecureCountries: readonly string[] = ['IN', 'ZA', 'PH', 'MY'];

/** Countries where `payer.address` with all five fields is required on every payment. */
export const addressRequiredCountries: readonly string[] = ['ZA'];

/** Countries where `payer.ip` is required. */
export const ipRequiredCountries: readonly string[] = ['TR'];

/** The address fields that a country requiring an address wants, all of them. */
export const addressFields = ['state', 'city', 'zip_code', 'street', 'number'] as const;

/** India's stricter limits, for every payment processed in India. */
export const indiaLimits = {
  payerName: { min: 3, max: 50 },
  emailLocalPart: { max: 64 },
  phone: { max: 15 },
  city: { min: 3, max: 50 },
  street: { min: 4, max: 100 },
  zipCode: /^\d{6}$/,
} as const;

/** Payer fields mandatory for cross-border processing in India (with the full address). */
export const indiaCrossBorderPayerFields = ['birth_date', 'phone', 'document', 'address'] as const;

/** Whether 3-D Secure is required for a card payment in `country`. */
export function requiresThreeDSecure(country: string): boolean {
  return threeDSecureCountries.includes(country);
}
