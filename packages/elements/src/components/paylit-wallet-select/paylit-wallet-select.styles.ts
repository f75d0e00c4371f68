import { css } from 'lit';
import { hostStyles } from '../../internal/shared-styles.js';

/**
 * What the element needs before it has anything to show. Its look (paylit-wallet-select.look.ts)
 * comes with the marks' chunk, which it waits for before drawing its first options.
 */
export const emptyStyles = [
  hostStyles,
  css`
    :host(:state(empty)) {
      display: none;
    }
  `,
];
