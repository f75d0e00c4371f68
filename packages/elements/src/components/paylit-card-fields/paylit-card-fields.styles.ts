import { css } from 'lit';
import { hostStyles, srOnly } from '../../internal/shared-styles.js';

export const styles = [
  hostStyles,
  srOnly,
  css`
  :host {
    --_border: var(--paylit-color-border, light-dark(#94a3b8, #64748b));
    --_accent: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
    --_error: var(--paylit-color-error, light-dark(#b91c1c, #fca5a5));
    --_muted: var(--paylit-color-muted, light-dark(#475569, #94a3b8));
    --_radius: var(--paylit-radius, 8px);
    --_gap: var(--paylit-card-fields-gap, 0.75rem);
  }
  .grid {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: var(--_gap);
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    min-width: 0;
  }
  .field.wide,
  .saved .field {
    grid-column: 1 / -1;
  }
  .field[hidden] {
    display: none;
  }
  /* The label, and beside it at the inline end the accepted brands: one line as tall as a mark, shown or not. */
  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.25rem 0.75rem;
    min-block-size: 18px;
  }
  label {
    font-size: var(--paylit-label-size, 0.875rem);
    font-weight: 600;
  }
  .accepted {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
  }
  /* A mark's place: the same box before the marks load and after (no layout shift). */
  .mark {
    display: inline-flex;
    inline-size: 40px;
    block-size: 26px;
  }
  .accepted .mark,
  .accepted svg {
    inline-size: 28px;
    block-size: 18px;
  }
  .mark svg {
    border-radius: 4px;
  }
  .control {
    position: relative;
    display: flex;
    align-items: center;
  }
  input {
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
    font-variant-numeric: tabular-nums;
    text-align: start;
  }
  input::placeholder {
    color: var(--_muted);
    opacity: 0.75;
  }
  /* No zoom on focus on phones: iOS zooms into an input under 16px. */
  @media (max-width: 640px), (pointer: coarse) {
    input {
      font-size: max(16px, var(--paylit-input-size, 1rem));
    }
  }
  .control .icon {
    position: absolute;
    inset-inline-end: 0.5rem;
    display: flex;
    color: var(--_muted);
    pointer-events: none;
  }
  .control .cvv-card {
    inline-size: auto;
    block-size: auto;
  }
  .control input.number {
    padding-inline-end: 3.25rem;
  }
  .control input.cvv {
    padding-inline-end: 3rem;
  }
  /*
   * Right to left, the number, expiry and CVV stay dir="ltr" (Latin digits, read as
   * printed), so their own inline sides are the physical ones: the mark sits on the left
   * (the mirrored inline end) and the digits align right, under the right-aligned labels,
   * as Arabic card forms align them.
   */
  .root[dir='rtl'] input[dir='ltr'] {
    text-align: right;
  }
  .root[dir='rtl'] .control input.number,
  .root[dir='rtl'] .control input.cvv {
    padding-inline: 3.25rem 0.75rem;
  }
  input:focus-visible {
    outline: 3px solid color-mix(in srgb, var(--_accent) 40%, transparent);
    outline-offset: 1px;
    border-color: var(--_accent);
  }
  /* A field in error keeps the error's colour when focused: its ring too, one state at a time. */
  input[aria-invalid='true'] {
    border-color: var(--_error);
    outline-color: color-mix(in srgb, var(--_error) 40%, transparent);
  }
  input:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  .error {
    margin: 0;
    font-size: 0.8125rem;
    color: var(--_error);
  }
  /* The message's space opens only for a message. */
  .error:empty {
    display: none;
  }
  .encrypted {
    display: flex;
    align-items: center;
    gap: 0.375rem;
    margin-block: 0.75rem 0;
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .encrypted svg {
    flex: none;
  }
`,
];
