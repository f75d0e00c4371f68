// A second baseline: the checkout's form as the shopper sees it (the same DOM and CSS, read from
// a rendered <paylit-checkout> by the bench), drawn by one bare Lit element with no logic. What
// drawing this much form costs with Lit, whoever writes it.
import { LitElement, unsafeCSS } from 'lit';
import { html, unsafeStatic } from 'lit/static-html.js';

const { markup, css } = window.benchForm;
class BareForm extends LitElement {
  static styles = css.map((text) => unsafeCSS(text));
  render() {
    return html`${unsafeStatic(markup)}`;
  }
}
customElements.define('bare-form', BareForm);
