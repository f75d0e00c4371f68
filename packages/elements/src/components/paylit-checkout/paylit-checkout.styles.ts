import { css } from 'lit';
import { hostStyles, srOnly } from '../../internal/shared-styles.js';

/**
 * Logical properties only (inline/block, start/end), so that `dir="rtl"` on the root
 * mirrors the whole checkout with no second set of rules. (Notes here, not in the CSS:
 * Lit ships the CSS text as written, comments included.)
 *
 * - `.collapsed`: a part of the checkout's own with nothing to show (installments before a
 *   BIN) takes back the gap after it.
 * - In forced colours the theme draws every background in its own colour and drops shadows:
 *   the buttons get an edge in its text colour, or they would read as plain text.
 * - A busy button is not an unavailable one: it keeps most of its colour while the spinner
 *   turns; under `prefers-reduced-motion` the spinner fades instead of turning.
 * - The live region (`.message`) is on the page from the start, so that what appears in it
 *   is announced, but out of the flow (no room, no gap) until it has something to show.
 * - A decline or error: an exclamation mark in a circle at the line's start, read by no one
 *   (`content: '!' / ''`), the text says it all.
 * - The outcome's look (paylit-checkout-outcome.styles.ts) comes in the chunk that reads a
 *   payment's answer (checkout-payment.ts), adopted with it.
 */
export const styles = [
  hostStyles,
  srOnly,
  css`
  :host {
    --_accent: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
    --_radius: var(--paylit-radius, 8px);
    --_error: var(--paylit-color-error, light-dark(#b91c1c, #fca5a5));
    --_gap: var(--paylit-checkout-gap, 1rem);
  }
  .body {
    display: flex;
    flex-direction: column;
    gap: var(--_gap);
    text-align: start;
  }
  .body > .collapsed {
    margin-block-end: calc(-1 * var(--_gap));
  }
  button {
    font: inherit;
    font-weight: 600;
    inline-size: 100%;
    min-block-size: 2.75rem;
    padding-block: 0.75rem;
    padding-inline: 1rem;
    border: 0;
    border-radius: var(--_radius);
    color: var(--paylit-button-text, light-dark(#fff, #0f172a));
    background: var(--paylit-button-background, var(--_accent));
    cursor: pointer;
    display: flex;
    align-items: center;
    justify-content: center;
    gap: 0.5rem;
    transition: filter 120ms ease;
  }
  @media (forced-colors: active) {
    button {
      border: 1px solid;
    }
  }
  button:hover:not([aria-disabled='true']) {
    filter: brightness(0.93);
  }
  button:focus-visible {
    outline: 3px solid color-mix(in srgb, var(--_accent) 40%, transparent);
    outline-offset: 2px;
  }
  button[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
  button[aria-busy='true'] {
    opacity: 0.85;
    cursor: progress;
  }
  .spinner {
    flex: none;
    box-sizing: border-box;
    inline-size: 1.125em;
    block-size: 1.125em;
    border: 2px solid currentColor;
    border-block-start-color: transparent;
    border-radius: 50%;
    animation: spin 0.8s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(1turn);
    }
  }
  @keyframes pulse {
    from {
      opacity: 1;
    }
    to {
      opacity: 0.35;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: pulse 1.2s ease-in-out infinite alternate;
    }
    button {
      transition: none;
    }
  }
  .retry {
    color: var(--_accent);
    background: transparent;
    box-shadow: inset 0 0 0 1px currentColor;
  }
  .message:not(.open) {
    position: absolute;
    inline-size: 1px;
    block-size: 0;
    overflow: hidden;
  }
  .message {
    font-size: 0.875rem;
    line-height: 1.4;
  }
  .message.error {
    color: var(--_error);
    display: flex;
    align-items: start;
    gap: 0.5rem;
    padding-block: 0.625rem;
    padding-inline: 0.75rem;
    border-radius: var(--_radius);
    background: color-mix(in srgb, var(--_error) 9%, transparent);
    border-inline-start: 3px solid var(--_error);
  }
  .message.error::before {
    content: '!' / '';
    flex: none;
    display: grid;
    place-items: center;
    inline-size: 1.125rem;
    block-size: 1.125rem;
    margin-block-start: 0.0625rem;
    border-radius: 50%;
    font-size: 0.75rem;
    font-weight: 700;
    line-height: 1;
    color: light-dark(#fff, #1e293b);
    background: var(--_error);
  }
`,
];
