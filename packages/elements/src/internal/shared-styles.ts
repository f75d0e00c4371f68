/** Styles every element shares: the host's type, colours (light and dark from the page's color-scheme), and radio groups. */
import { css } from 'lit';

export const hostStyles = css`
  :host {
    display: block;
    font: var(--paylit-font, inherit);
    color: var(--paylit-color-text, light-dark(#0f172a, #e2e8f0));
    color-scheme: inherit;
  }
  /* The page's size, unless it is none (a row's font-size: 0, the inline-block trick): then 1rem. */
  :host > * {
    font-size: calc(1em + (1 - sign(1em)) * 1rem);
  }
  :host([hidden]),
  .hidden {
    display: none;
  }
`;

/** A group of choices as native radios in labelled boxes (installments, payment methods). */
export const choiceStyles = css`
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--_choice-gap, 0.375rem);
  }
  legend {
    font-size: var(--paylit-label-size, 0.875rem);
    font-weight: 600;
    margin-bottom: 0.25rem;
  }
  label {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    padding: 0.5rem 0.75rem;
    border: 1px solid var(--paylit-color-border, light-dark(#94a3b8, #64748b));
    border-radius: var(--paylit-radius, 8px);
    cursor: pointer;
  }
  label:has(input:checked) {
    border-color: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
  }
  input:focus-visible {
    outline: 3px solid color-mix(in srgb, var(--paylit-color-accent, light-dark(#2563eb, #60a5fa)) 40%, transparent);
    outline-offset: 1px;
  }
`;

/** Text for screen readers only: the accepted brands' names, the CVV hint's words, the live region. */
export const srOnly = css`
  .sr-only {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
