import { css } from 'lit';
import { hostStyles } from '../../internal/shared-styles.js';

export const styles = [
  hostStyles,
  css`
  :host {
    --_accent: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
    --_radius: var(--paylit-radius, 8px);
  }
  .body {
    display: grid;
    gap: var(--paylit-checkout-gap, 1rem);
  }
  button {
    font: inherit;
    font-weight: 600;
    width: 100%;
    padding: 0.75rem 1rem;
    border: 0;
    border-radius: var(--_radius);
    color: var(--paylit-button-text, light-dark(#fff, #0f172a));
    background: var(--paylit-button-background, var(--_accent));
    cursor: pointer;
  }
  button:focus-visible {
    outline: 3px solid color-mix(in srgb, var(--_accent) 40%, transparent);
    outline-offset: 2px;
  }
  button[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
  .retry {
    color: var(--_accent);
    background: transparent;
    box-shadow: inset 0 0 0 1px currentColor;
  }
  .message {
    font-size: 0.875rem;
  }
  .message.error {
    color: var(--paylit-color-error, light-dark(#b91c1c, #fca5a5));
  }
  .outcome {
    display: grid;
    justify-items: center;
    gap: 0.5rem;
    text-align: center;
  }
  svg {
    width: 3rem;
    fill: none;
    stroke: var(--paylit-color-success, light-dark(#15803d, #4ade80));
    stroke-width: 3;
  }
  h2,
  p {
    margin: 0;
  }
  h2 {
    font-size: 1.125rem;
  }
`,
];
