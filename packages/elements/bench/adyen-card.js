// Adyen Card's first part, as a merchant's bundler builds it from npm (@adyen/adyen-web, pinned
// in the root package.json): the checkout core and the Card component (the size limit Adyen
// itself keeps for "core + Card"), and Adyen's stylesheet. The bench builds this with Vite
// (minified, one IIFE and one CSS file) and serves both to its Adyen page.
import { AdyenCheckout, Card } from '@adyen/adyen-web';
import '@adyen/adyen-web/styles/adyen.css';

window.benchAdyen = { AdyenCheckout, Card };
