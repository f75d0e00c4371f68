/**
 * `@paylit/elements/paylit-installments`: importing it defines `<paylit-installments>` alone,
 * to place inside a `<paylit-checkout>` whose own module is loaded apart.
 */
import './internal/module-loaders.js';
export { PaylitInstallments } from './components/paylit-installments/paylit-installments.js';
