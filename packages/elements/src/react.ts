/**
 * `@paylit/elements/react`: the four elements as React components, each event a typed
 * `on<Event>` prop (`onPaylitPaid`, `onPaylitDeclined`…), so a misspelt event or a handler
 * for the wrong event class is a type error. Importing this module defines the elements.
 * The build adds, to its declarations, the JSX types of the tags themselves
 * (`<paylit-checkout onpaylit-paid={…}>`).
 */
import { createComponent } from '@lit/react';
import * as React from 'react';
import {
  PaylitCardFields as CardFieldsElement,
  PaylitCheckout as CheckoutElement,
  PaylitInstallments as InstallmentsElement,
  PaylitWalletSelect as WalletSelectElement,
} from './index.js';
import { reactEvents } from './react-events.js';

/** `<paylit-checkout>`: `onPaylitSubmit`, `onPaylitPaid`, `onPaylitAuthorized`, `onPaylitVerified`, `onPaylitPending`, `onPaylitRedirect`, `onPaylitDeclined`, `onPaylitError`. */
export const PaylitCheckout = createComponent({
  react: React,
  tagName: 'paylit-checkout',
  elementClass: CheckoutElement,
  events: reactEvents['paylit-checkout'],
  displayName: 'PaylitCheckout',
});

/** `<paylit-card-fields>`: `onInput` (any field changed; read `brand`, `bin`, `complete`), `onChange`. */
export const PaylitCardFields = createComponent({
  react: React,
  tagName: 'paylit-card-fields',
  elementClass: CardFieldsElement,
  events: reactEvents['paylit-card-fields'],
  displayName: 'PaylitCardFields',
});

/** `<paylit-installments>`: `onChange` (the shopper chose a plan). */
export const PaylitInstallments = createComponent({
  react: React,
  tagName: 'paylit-installments',
  elementClass: InstallmentsElement,
  events: reactEvents['paylit-installments'],
  displayName: 'PaylitInstallments',
});

/** `<paylit-wallet-select>`. */
export const PaylitWalletSelect = createComponent({
  react: React,
  tagName: 'paylit-wallet-select',
  elementClass: WalletSelectElement,
  events: reactEvents['paylit-wallet-select'],
  displayName: 'PaylitWalletSelect',
});
