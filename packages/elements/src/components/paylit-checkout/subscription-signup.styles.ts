/**
 * The look of `<paylit-subscription>` (the mandate's terms, the card consent, the mandate's
 * status): the same custom properties as the payer's fields and the pending view, light and
 * dark by `light-dark()`, laid out for a 320 px phone (every row wraps before it would overflow).
 */
import { css } from 'lit';

export const subscriptionStyles = css`
  :host {
    display: block;
    min-inline-size: 0;
    --_border: var(--paylit-color-border, light-dark(#94a3b8, #64748b));
    --_accent: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
    --_muted: var(--paylit-color-muted, light-dark(#475569, #94a3b8));
    --_error: var(--paylit-color-error, light-dark(#b91c1c, #f87171));
    --_radius: var(--paylit-radius, 8px);
    color: var(--paylit-color-text, inherit);
    font-family: var(--paylit-font, inherit);
  }
  .subscription,
  .status {
    display: grid;
    gap: 0.75rem;
    text-align: start;
    overflow-wrap: anywhere;
  }
  p,
  h2,
  dl {
    margin: 0;
  }
  h2 {
    font-size: 1.0625rem;
  }
  /* The terms' heading: an <h2> as the checkout's other headings are, at a label's size. */
  .terms {
    font-size: var(--paylit-label-size, 0.875rem);
    font-weight: 600;
  }
  .methods {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1.25rem;
    margin: 0;
    padding: 0;
    border: 0;
  }
  .methods legend {
    padding: 0;
    margin-block-end: 0.5rem;
    font-size: var(--paylit-label-size, 0.875rem);
    font-weight: 600;
  }
  label {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    cursor: pointer;
  }
  input {
    inline-size: 1.125rem;
    block-size: 1.125rem;
    margin: 0;
    flex: none;
    accent-color: var(--_accent);
  }
  input:focus-visible {
    outline: 3px solid color-mix(in srgb, var(--_accent) 40%, transparent);
    outline-offset: 2px;
  }
  .mandate {
    display: grid;
    gap: 0.5rem;
    padding: 0.75rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  dl {
    display: grid;
    grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
    gap: 0.25rem 1rem;
    font-size: 0.875rem;
  }
  dt {
    color: var(--_muted);
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
  .consent {
    display: grid;
    gap: 0.25rem;
  }
  .consent label {
    align-items: flex-start;
    font-size: var(--paylit-label-size, 0.875rem);
    font-weight: 600;
  }
  .consent input {
    margin-block-start: 0.125rem;
  }
  .consent .note,
  .consent .error {
    padding-inline-start: 1.625rem;
  }
  .note {
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .error {
    font-size: 0.8125rem;
    color: var(--_error);
  }
  .error:empty {
    display: none;
  }
  a {
    color: var(--_accent);
  }
  a:focus-visible,
  h2:focus-visible {
    outline: 3px solid color-mix(in srgb, var(--_accent) 40%, transparent);
    outline-offset: 2px;
  }
  @media (max-width: 360px) {
    dl {
      grid-template-columns: minmax(0, 1fr);
    }
    dd {
      margin-block-end: 0.25rem;
    }
  }
`;
