/**
 * The wallet picker's look, in the picker's own chunk (a card-only order downloads neither): the
 * picker draws its options once the methods' marks are here, and adopts this with them, after
 * `hostStyles` and the shared `choiceStyles`.
 *
 * Logical properties only, so that `dir="rtl"` on the root mirrors every option. Each option
 * is a button-like box, the whole of it the target (44px at least), with the focus ring round
 * the box rather than the small radio; the mark's box has its size from the start.
 *
 * A name wraps between its words (hyphenated where the language's rules allow), never inside
 * one: the tiles are wide enough for "Transferencia" beside its mark, so on a phone they stack
 * in one column rather than cut a word, and a word breaks only if it is wider than a whole tile.
 * At most two columns, of one width; the rows of one height.
 */
import { css } from 'lit';

export const walletSelectLook = css`
    :host {
      --_choice-gap: var(--paylit-wallet-select-gap, 0.375rem);
      --_accent: var(--paylit-color-accent, light-dark(#2563eb, #60a5fa));
      --_border: var(--paylit-color-border, light-dark(#94a3b8, #64748b));
    }
    legend {
      margin-block-end: 0.25rem;
      padding: 0;
    }
    .list,
    .tiles {
      display: grid;
      gap: var(--_choice-gap);
    }
    /* Two columns where two tiles fit, else one; every row as tall as the tallest (a name on
       two lines makes no row of its own taller), and an odd last tile as wide as its row. */
    .tiles {
      grid-template-columns: repeat(auto-fill, minmax(min(100%, max(var(--paylit-wallet-select-tile-width, 12rem), (100% - var(--_choice-gap)) / 2)), 1fr));
      grid-auto-rows: 1fr;
    }
    .tiles > :last-child:nth-child(odd) {
      grid-column: 1 / -1;
    }
    label {
      box-sizing: border-box;
      min-block-size: 2.75rem;
      gap: 0.625rem;
      padding-block: 0.5rem;
      padding-inline: 0.75rem;
      border-color: var(--_border);
      transition:
        border-color 120ms ease,
        background-color 120ms ease,
        box-shadow 120ms ease;
    }
    label:hover {
      border-color: color-mix(in srgb, var(--_accent) 60%, var(--_border));
    }
    label:has(input:checked) {
      border-color: var(--_accent);
      box-shadow: inset 0 0 0 1px var(--_accent);
      background: color-mix(in srgb, var(--_accent) 7%, transparent);
    }
    label:has(input:focus-visible) {
      outline: 3px solid color-mix(in srgb, var(--_accent) 40%, transparent);
      outline-offset: 1px;
    }
    input:focus-visible {
      outline: none;
    }
    label:has(input:disabled) {
      opacity: 0.6;
      cursor: not-allowed;
    }
    input {
      flex: none;
      margin: 0;
      inline-size: 1rem;
      block-size: 1rem;
      accent-color: var(--_accent);
    }
    .mark {
      flex: none;
      display: inline-flex;
      inline-size: 40px;
      block-size: 26px;
      border-radius: 4px;
      overflow: hidden;
    }
    .mark > img,
    .mark > svg {
      inline-size: 40px;
      block-size: 26px;
      object-fit: contain;
    }
    .name {
      min-inline-size: 0;
      overflow-wrap: break-word;
      hyphens: auto;
      line-height: 1.3;
    }
    @media (prefers-reduced-motion: reduce) {
      label {
        transition: none;
      }
    }
  `;
