// The baseline: a bare Lit element with a shadow root, a style and a button.
import { LitElement, css, html } from 'lit';

class BareElement extends LitElement {
  static styles = css`button { font: inherit; padding: 0.5rem; }`;
  render() {
    return html`<button type="button">Pay</button>`;
  }
}
customElements.define('bare-element', BareElement);
