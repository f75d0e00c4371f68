/**
 * The parts of the elements that are loaded when first needed, not with the first render:
 * the brand, wallet and bank marks (when card fields are connected), the card encryption
 * (when a card field is first focused, and always before `encrypt()`), the installments'
 * rules (with the first plans), the checkout's outcome (when a payment is submitted) and frame
 * isolation's page side (when card fields are first drawn with `isolation="frame"`). The ES modules keep
 * these `import()`s for the merchant's bundler to split; the script-tag build replaces this
 * file with lazy.chunks.ts (packages/elements/vite.config.ts), which loads `paylit.marks.js`
 * and the others (`paylit.<name>.js`) from beside `paylit.js`.
 */
export const importMarks = () => import('./marks.js');
export const importCrypto = () => import('./encryption.js');
export const importPlans = () => import('./installment-plans.js');
export const importOutcome = () =>
  import('../components/paylit-checkout/paylit-checkout-outcome.styles.js');
export const importFrameHost = () => import('./frame-host.js');
export const importPayment = () => import('../components/paylit-checkout/checkout-payment.js');
