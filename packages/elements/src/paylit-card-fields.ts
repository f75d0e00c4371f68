/**
 * `@paylit/elements/paylit-card-fields`: importing it defines `<paylit-card-fields>` alone, for
 * a form of the merchant's own (`encrypt(publicKey)` gives the JWE to post).
 *
 * ```ts
 * import { CardFieldsInvalidError } from '@paylit/elements/paylit-card-fields';
 * ```
 */
import './internal/module-loaders.js';
import './frame/module-frame-loaders.js';
export {
  PaylitCardFields,
  CardFieldsInvalidError,
} from './components/paylit-card-fields/paylit-card-fields.js';
export type {
  CardSubmission,
  SavedCardSubmission,
} from './components/paylit-card-fields/paylit-card-fields.js';
