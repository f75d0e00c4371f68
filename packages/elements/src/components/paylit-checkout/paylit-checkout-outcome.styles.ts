/**
 * The look of the checkout's outcome (the success and waiting states that replace the form),
 * in the chunk that reads a payment's answer (checkout-payment.ts re-exports it): the checkout
 * starts loading it when a payment is sent, and shows an outcome only once it is here (lazy.ts
 * `importPayment`).
 *
 * - The waiting state has no check mark: a clock face drawn in CSS, in `--_pending`, set on
 *   the host here (only an outcome uses it).
 */
import { css } from 'lit';

export const outcomeStyles = css`
  :host {
    --_pending: var(--paylit-color-pending, light-dark(#b45309, #fbbf24));
  }
  .outcome {
    display: grid;
    justify-items: center;
    gap: 0.5rem;
    padding-block: 1rem;
    padding-inline: 1rem;
    text-align: center;
  }
  .outcome > svg {
    inline-size: 3rem;
    block-size: 3rem;
    padding: 0.5rem;
    box-sizing: border-box;
    border-radius: 50%;
    fill: none;
    stroke: var(--paylit-color-success, light-dark(#15803d, #4ade80));
    background: color-mix(in srgb, var(--paylit-color-success, light-dark(#15803d, #4ade80)) 12%, transparent);
    stroke-width: 3;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .outcome.pending::before {
    content: '';
    box-sizing: border-box;
    inline-size: 3rem;
    block-size: 3rem;
    border-radius: 50%;
    border: 3px solid var(--_pending);
    background:
      linear-gradient(var(--_pending), var(--_pending)) 50% 30% / 3px 35% no-repeat,
      linear-gradient(var(--_pending), var(--_pending)) 62% 50% / 28% 3px no-repeat;
  }
  h2,
  p {
    margin: 0;
  }
  h2 {
    font-size: 1.125rem;
    line-height: 1.3;
  }
  h2:focus {
    outline: none;
  }
  h2:focus-visible {
    outline: 3px solid color-mix(in srgb, var(--_accent) 40%, transparent);
    outline-offset: 2px;
    border-radius: 2px;
  }
  .outcome > p {
    color: color-mix(in srgb, currentColor 75%, transparent);
  }
`;
