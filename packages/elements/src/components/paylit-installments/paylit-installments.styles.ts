import { css } from 'lit';
import { choiceStyles, hostStyles } from '../../internal/shared-styles.js';

export const styles = [
  hostStyles,
  choiceStyles,
  css`
    :host {
      --_choice-gap: var(--paylit-installments-gap, 0.375rem);
    }
    label {
      align-items: baseline;
    }
    .total {
      margin-inline-start: auto;
      font-size: 0.8125rem;
      color: var(--paylit-color-muted, light-dark(#475569, #94a3b8));
    }
  `,
];
