/**
 * The look of `<paylit-saved-methods>`: the checkout's custom properties, light and dark by
 * `light-dark()`, adopted as a constructed sheet (CSP's `style-src 'self'` allows it). Laid out
 * for a 320 px phone: a row's button goes under its card or subscription when they do not fit
 * side by side; logical properties mirror it in Arabic.
 */
import { css } from 'lit';

export const savedMethodsStyles = css`
  :host {
    display: block;
    min-inline-size: 0;
  }
  :host([hidden]) {
    display: none;
  }
  .saved {
    --_border: var(--paylit-color-border, light-dark(#94a3b8, #64748b));
    --_accent: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
    --_muted: var(--paylit-color-muted, light-dark(#475569, #94a3b8));
    --_error: var(--paylit-color-error, light-dark(#b91c1c, #fca5a5));
    --_radius: var(--paylit-radius, 8px);
    display: grid;
    gap: 0.5rem;
    color: var(--paylit-color-text, inherit);
    font-family: var(--paylit-font, inherit);
    text-align: start;
    border-block-start: 1px solid var(--_border);
    padding-block-start: 0.75rem;
  }
  h2,
  h3,
  p {
    margin: 0;
  }
  h2 {
    font-size: 1rem;
  }
  h2:focus {
    outline: none;
  }
  h3 {
    font-size: 0.875rem;
    color: var(--_muted);
    font-weight: 600;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.5rem;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
    padding: 0.5rem 0.75rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .item {
    display: grid;
    gap: 0.125rem;
    flex: 1 1 10rem;
    min-inline-size: 0;
    overflow-wrap: anywhere;
  }
  .name {
    font-weight: 600;
  }
  .detail,
  .quiet {
    font-size: 0.875rem;
    color: var(--_muted);
  }
  .status {
    color: var(--_error);
  }
  .error {
    color: var(--_error);
  }
  button {
    font: inherit;
    font-size: 0.875rem;
    font-weight: 600;
    padding-block: 0.5rem;
    padding-inline: 0.875rem;
    min-block-size: 2.75rem;
    color: var(--_accent);
    background: transparent;
    border: 1px solid currentColor;
    border-radius: var(--_radius);
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.6;
    cursor: default;
  }
  button[aria-disabled='true'] {
    opacity: 0.7;
    cursor: progress;
  }
  button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .confirm {
    flex: 1 1 100%;
    display: grid;
    gap: 0.5rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .actions button {
    flex: 1 1 8rem;
  }
  .confirm .yes {
    color: var(--paylit-color-on-accent, light-dark(#fff, #0f172a));
    background: var(--_error);
    border-color: var(--_error);
  }
  .retry {
    justify-self: start;
  }
  .said:empty {
    display: none;
  }
  .said {
    font-size: 0.875rem;
  }
`;
