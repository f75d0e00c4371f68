import type { PropertyDeclarations } from 'lit';
/**
 * What the elements placed inside `<paylit-checkout>` share: the checkout they are in (its
 * context, given again at every change) and its language, which they speak unless their own
 * `lang` says otherwise.
 */
import { consumeCheckout, type CheckoutContextValue } from '../context/checkout-context.js';
import { inheritedLang, intlLang } from './lang.js';
import { LocalizedElement } from './localized.js';

export class CheckoutChildElement extends LocalizedElement {
  static override properties: PropertyDeclarations = {
    checkout: { attribute: false },
  };
  /** The checkout around the element; undefined when it stands alone. */
  protected checkout: CheckoutContextValue | undefined;
  readonly #consumer = consumeCheckout(this, (checkout) => (this.checkout = checkout));

  /** Its own `lang`, else the checkout's, else the nearest ancestor's or the page's. */
  protected override requestedLang(): string | undefined {
    return intlLang(this.lang || this.checkout?.lang || inheritedLang(this));
  }
}
