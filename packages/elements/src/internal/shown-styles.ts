/**
 * The look of an element that often has nothing to show (the installments before a BIN, the
 * wallet select without wallets): its class declares `hostStyles` alone, and its full styles
 * are adopted the first time it draws something. Parsing a stylesheet is a good share of a
 * first render (bench/elements.mjs), and nobody sees the look of an empty element.
 */
import { adoptStyles, type CSSResultOrNative } from 'lit';

export function adoptWhenShown(
  element: { renderRoot: HTMLElement | DocumentFragment },
  adopted: WeakSet<object>,
  styles: CSSResultOrNative[],
): void {
  if (adopted.has(element) || !(element.renderRoot instanceof ShadowRoot)) return;
  adopted.add(element);
  adoptStyles(element.renderRoot, styles);
}
