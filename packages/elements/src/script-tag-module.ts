/**
 * The script-tag file's module, `paylit.module.js`: the one entry of the script-tag build, which
 * Rollup splits into the chunks beside it (Lit, core and the rest, each loaded once). `paylit.js`
 * (script-tag.ts) imports it from its own URL; a page may also load it directly with
 * `<script type="module">`. Importing it defines `<paylit-checkout>` and `<paylit-card-fields>`;
 * `<paylit-wallet-select>` and `<paylit-installments>` are chunks of their own, which a checkout
 * loads (and so defines) when it draws one or holds one: a card-only order never runs them.
 *
 * Its values (script-tag-api.ts) are its named exports and, as one object, its default export:
 * the page's `paylit` global once it has loaded. The build lets Rollup add exports of its own to
 * this module (`preserveEntrySignatures: 'allow-extension'`, vite.config.ts): the modules the
 * first load and the later chunks share then live here, not in small chunks of their own, so the
 * first load is fewer files, each compressed better. Those added names are the chunks' business,
 * not the page's: the global takes the default export alone.
 */
import './internal/script-loaders.js';
import * as api from './script-tag-api.js';

export * from './script-tag-api.js';
/**
 * The module's values as one plain object, the names script-tag-api.ts gives (the type holds the
 * two lists the same): not the module namespace `api` itself, which the bundler writes as an
 * object of getters made by a helper of its own, about 97 B of every first load gzipped.
 */
const values: typeof api = {
  PaylitCardFields: api.PaylitCardFields,
  CardFieldsInvalidError: api.CardFieldsInvalidError,
  resolveLocale: api.resolveLocale,
  format: api.format,
  locales: api.locales,
  messagesFor: api.messagesFor,
  PaylitCheckout: api.PaylitCheckout,
  checkoutContext: api.checkoutContext,
  PaylitDeclinedEvent: api.PaylitDeclinedEvent,
  PaylitErrorEvent: api.PaylitErrorEvent,
  PaylitPaymentEvent: api.PaylitPaymentEvent,
  PaylitRedirectEvent: api.PaylitRedirectEvent,
  PaylitSubmitEvent: api.PaylitSubmitEvent,
};
export default values;
