/**
 * `@paylit/elements`: the checkout web components. Importing this module defines them.
 */
export { PaylitCardFields, CardFieldsInvalidError } from './components/paylit-card-fields/paylit-card-fields.js';
export type { CardSubmission } from './components/paylit-card-fields/paylit-card-fields.js';
export { resolveLocale, format, catalogs } from './i18n/index.js';
export type { Locale, Messages } from './i18n/index.js';
