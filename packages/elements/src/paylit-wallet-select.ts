/**
 * `@paylit/elements/paylit-wallet-select`: importing it defines `<paylit-wallet-select>` alone,
 * to place inside a `<paylit-checkout>` whose own module is loaded apart.
 */
import './internal/module-loaders.js';
export { PaylitWalletSelect } from './components/paylit-wallet-select/paylit-wallet-select.js';
