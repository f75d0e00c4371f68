/**
 * The installments' own look, beside `hostStyles` and `choiceStyles` (internal/shared-styles.ts),
 * which the element adopts with it the first time it shows plans. Logical properties only
 * (inline/block, start/end): the group mirrors in right-to-left languages.
 *
 * It travels in the installments' chunk (internal/installment-plans.ts), since nobody sees the
 * look before there are plans to show.
 */
import { css } from 'lit';

export const styles = css`
  :host {
    --_choice-gap: var(--paylit-installments-gap, 0.375rem);
    --_accent: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
    --_muted: var(--paylit-color-muted, light-dark(#475569, #94a3b8));
  }
  legend {
    margin-block-end: 0.25rem;
    padding: 0;
  }
  /* One column on a phone, as many as fit on a wide form; boxes of a row share its height. */
  .options {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr));
    gap: var(--_choice-gap);
  }
  /* The radio beside its words at every width: a column of its own, the words in the other. */
  label {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    align-items: start;
    column-gap: 0.5rem;
  }
  input[type='radio'] {
    accent-color: var(--_accent);
    margin: 0;
    margin-block-start: 0.1875rem;
    inline-size: 1rem;
    block-size: 1rem;
  }
  .body {
    display: flex;
    flex-direction: column;
    gap: 0.125rem;
    min-inline-size: 0;
    text-align: start;
  }
  .head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.125rem 0.5rem;
  }
  .text {
    font-weight: 600;
    overflow-wrap: break-word;
  }
  .note {
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .free .note {
    color: var(--paylit-color-success, light-dark(#15803d, #4ade80));
    font-weight: 600;
  }
  .total {
    font-size: 0.8125rem;
    color: var(--_muted);
  }
  .rates {
    display: block;
    font-size: 0.8125rem;
    line-height: 1.35;
    color: var(--_muted);
    text-align: start;
  }
  .rates [part='rate'] + [part='rate'] {
    margin-inline-start: 0.75rem;
  }
  /* Argentina's CFT: bold, at least twice the size of the other rates (BCRA, electronic offers), in the plan's box. */
  .cft {
    display: block;
    margin-block-start: 0.25rem;
    font-size: 2em;
    line-height: 1.15;
    font-weight: 700;
    color: var(--paylit-color-text, light-dark(#0f172a, #e2e8f0));
  }
  .group {
    display: grid;
    gap: 0.25rem;
  }
  .cft .gloss {
    font-size: 0.5em;
    font-weight: 400;
    color: var(--_muted);
  }
  .select-label {
    display: block;
    padding: 0;
    border: 0;
    font-size: var(--paylit-label-size, 0.875rem);
    font-weight: 600;
    cursor: default;
  }
  /* As tall as the card fields' inputs: their type size, padding and border, one line high. */
  select {
    font: inherit;
    font-size: var(--paylit-input-size, 1rem);
    color: inherit;
    background: var(--paylit-color-surface, light-dark(#fff, #0f172a));
    box-sizing: border-box;
    inline-size: 100%;
    block-size: calc(1lh + 1.2rem + 2px);
    padding-block: 0.6rem;
    padding-inline: 0.75rem;
    border: 1px solid var(--paylit-color-border, light-dark(#94a3b8, #64748b));
    border-radius: var(--paylit-radius, 8px);
    accent-color: var(--_accent);
  }
  @media (max-width: 640px), (pointer: coarse) {
    select {
      font-size: max(16px, var(--paylit-input-size, 1rem));
    }
  }
  select:focus-visible {
    outline: 3px solid color-mix(in srgb, var(--_accent) 40%, transparent);
    outline-offset: 1px;
  }
`;
