import { css } from 'lit';
import { choiceStyles, hostStyles } from '../../internal/shared-styles.js';

export const styles = [
  hostStyles,
  choiceStyles,
  css`
    :host {
      --_choice-gap: var(--paylit-wallet-select-gap, 0.375rem);
    }
    label {
      gap: 0.625rem;
    }
    .logo {
      display: inline-flex;
      width: 40px;
      height: 26px;
    }
    .logo img,
    .logo svg {
      width: 40px;
      height: 26px;
      border-radius: 4px;
    }
  `,
];
