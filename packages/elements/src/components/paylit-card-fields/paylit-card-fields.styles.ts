import { css } from 'lit';
import { hostStyles } from '../../internal/shared-styles.js';

export const styles = [
  hostStyles,
  css`
  :host {
    --_border: var(--paylit-color-border, light-dark(#94a3b8, #64748b));
    --_accent: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
    --_error: var(--paylit-color-error, light-dark(#b91c1c, #fca5a5));
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
  label {
    font-size: var(--paylit-label-size, 0.875rem);
    font-weight: 600;
  }
  .control {
    position: relative;
    display: flex;
    align-items: center;
  }
  input {
    box-sizing: border-box;
    width: 100%;
    font: inherit;
    font-size: var(--paylit-input-size, 1rem);
    padding: 0.6rem 0.75rem;
    color: inherit;
    background: var(--paylit-color-surface, light-dark(#fff, #0f172a));
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    font-variant-numeric: tabular-nums;
  }
  .control .icon {
    position: absolute;
    inset-inline-end: 0.5rem;
    display: flex;
    color: var(--paylit-color-muted, light-dark(#475569, #94a3b8));
    pointer-events: none;
  }
  .control input.number {
    padding-inline-end: 3.25rem;
  }
  input:focus-visible {
    outline: 3px solid color-mix(in srgb, var(--_accent) 40%, transparent);
    outline-offset: 1px;
    border-color: var(--_accent);
  }
  input[aria-invalid='true'] {
    border-color: var(--_error);
  }
  input:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  .error {
    min-height: 1.25em;
    margin: 0;
    font-size: 0.8125rem;
    color: var(--_error);
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`,
];
