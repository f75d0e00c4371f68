/**
 * `<paylit-payer-fields>`' look, as the card fields' (the same custom properties): the payer's
 * details (`part="payer"`, a fieldset) and the consent to save a new card (`part="save-card"`),
 * one gap apart, as the checkout's parts are.
 */
import { css } from 'lit';

export const styles = css`
:host {
  display: grid;
  gap: var(--paylit-checkout-gap, 1rem);
}
:host([hidden]) {
  display: none;
}
.payer {
  --_border: var(--paylit-color-border, light-dark(#94a3b8, #64748b));
  --_accent: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
  --_error: var(--paylit-color-error, light-dark(#b91c1c, #fca5a5));
  --_muted: var(--paylit-color-muted, light-dark(#475569, #94a3b8));
  --_radius: var(--paylit-radius, 8px);
  border: 0;
  margin: 0;
  padding: 0;
  min-inline-size: 0;
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: var(--paylit-card-fields-gap, 0.75rem);
}
.payer legend {
  padding: 0;
  margin-block-end: 0.5rem;
  font-size: var(--paylit-label-size, 0.875rem);
  font-weight: 700;
}
.payer .field {
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  min-inline-size: 0;
  grid-column: 1 / -1;
}
.payer .document_type,
.payer .document_type + .document,
.payer .number,
.payer .state,
.payer .zip_code,
.payer .city,
.payer .birth_date {
  grid-column: auto;
}
.payer label {
  font-size: var(--paylit-label-size, 0.875rem);
  font-weight: 600;
}
.payer input,
.payer select {
  box-sizing: border-box;
  inline-size: 100%;
  font: inherit;
  font-size: var(--paylit-input-size, 1rem);
  padding-block: 0.6rem;
  padding-inline: 0.75rem;
  color: inherit;
  background: var(--paylit-color-surface, light-dark(#fff, #0f172a));
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
  text-align: start;
}
.payer select {
  /* A native select draws its own height: set to the inputs' (one line, their padding and border). */
  block-size: calc(1lh + 1.2rem + 2px);
}
.payer input::placeholder {
  color: var(--_muted);
  opacity: 0.75;
}
@media (max-width: 640px), (pointer: coarse) {
  .payer input,
  .payer select {
    font-size: max(16px, var(--paylit-input-size, 1rem));
  }
}
.payer [dir='rtl'] input[dir='ltr'],
[dir='rtl'].payer input[dir='ltr'] {
  text-align: right;
}
.payer input:focus-visible,
.payer select:focus-visible {
  outline: 3px solid color-mix(in srgb, var(--_accent) 40%, transparent);
  outline-offset: 1px;
  border-color: var(--_accent);
}
.payer [aria-invalid='true'] {
  border-color: var(--_error);
  outline-color: color-mix(in srgb, var(--_error) 40%, transparent);
}
.payer .prefixed {
  display: flex;
  align-items: stretch;
}
.payer .prefix {
  display: flex;
  align-items: center;
  padding-inline: 0.625rem;
  border: 1px solid var(--_border);
  border-inline-end: 0;
  border-start-start-radius: var(--_radius);
  border-end-start-radius: var(--_radius);
  color: var(--_muted);
  font-variant-numeric: tabular-nums;
}
.payer .prefixed input {
  border-start-start-radius: 0;
  border-end-start-radius: 0;
}
.payer .error {
  margin: 0;
  font-size: 0.8125rem;
  color: var(--_error);
}
.payer .error:empty {
  display: none;
}
.save-card {
  display: grid;
  gap: 0.25rem;
}
.save-card label {
  display: flex;
  align-items: center;
  gap: 0.5rem;
  font-size: var(--paylit-label-size, 0.875rem);
  font-weight: 600;
  cursor: pointer;
}
.save-card input {
  inline-size: 1.125rem;
  block-size: 1.125rem;
  margin: 0;
  accent-color: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
}
.save-card input:focus-visible {
  outline: 3px solid color-mix(in srgb, var(--paylit-color-accent, light-dark(#2563eb, #60a5fa)) 40%, transparent);
  outline-offset: 2px;
}
.save-card .terms {
  margin: 0;
  padding-inline-start: 1.625rem;
  font-size: 0.8125rem;
  color: var(--paylit-color-muted, light-dark(#475569, #94a3b8));
}
@media (max-width: 360px) {
  .payer .field {
    grid-column: 1 / -1;
  }
}
`;
