/**
 * `<paylit-checkout>` signing a payer up to a subscription (the demo shop's "subscription"
 * scenario: a Brazilian order with a monthly plan), against the sandbox and companion server in
 * the page: Pix Automático's terms, the authorization waiting for the payer's bank, ACTIVE and
 * REJECTED (the bank played by the sandbox's tools), and a card's consent, unticked and in
 * error; each light, dark and in Arabic.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import type { PaylitCheckout } from '@paylit/elements';
import { ENDPOINT, storyBackend } from './support/backend.js';
import { loadedCheckout, payButton, until } from './support/shopper.js';

interface Args {
  scenario: string;
}

const meta: Meta<Args> = {
  title: 'Elements/Checkout/Subscription',
  component: 'paylit-checkout',
  args: { scenario: 'subscription' },
  loaders: [
    async ({ args }) => {
      const backend = await storyBackend();
      return { order: await backend.order(args.scenario), fetch: backend.fetch };
    },
  ],
  render: (_args, { loaded }) =>
    html`<paylit-checkout endpoint=${ENDPOINT} order=${loaded.order as string} .fetch=${loaded.fetch}></paylit-checkout>`,
};
export default meta;
type Story = StoryObj<Args>;

const signupOf = (checkout: PaylitCheckout) =>
  until('the sign-up is drawn', () => {
    const el = checkout.shadowRoot!.querySelector('paylit-subscription');
    return el?.shadowRoot?.querySelector('.subscription, .status') ? el : undefined;
  });

/** Chooses a way to subscribe: its radio in the sign-up. */
async function subscribeWith(checkout: PaylitCheckout, method: 'XA' | 'CARD') {
  const signup = await signupOf(checkout);
  signup.shadowRoot!.querySelector<HTMLInputElement>(`input[value=${method}]`)!.click();
  await until('the choice shows', () =>
    signup.shadowRoot!.querySelector(
      method === 'XA' ? '[part=mandate]' : '[part=subscription-consent]',
    ),
  );
  return signup;
}

/** Pix Automático chosen: its terms before Pay. */
const terms: Story['play'] = async ({ canvasElement }) => {
  const checkout = await loadedCheckout(canvasElement);
  await subscribeWith(checkout, 'XA');
};

/** Signed up: the authorization waits for the payer's bank. */
const waiting: Story['play'] = async (context) => {
  await terms(context);
  const checkout = context.canvasElement.querySelector('paylit-checkout')!;
  await until('Pay says Authorize', () => payButton(checkout)?.textContent?.includes('Pix'));
  payButton(checkout).click();
  const signup = await signupOf(checkout);
  await until('the mandate waits', () => signup.shadowRoot!.querySelector('.status.pending h2'));
};

/** The payer's bank answers; the status follows without a reload. */
const answered =
  (action: 'authorize' | 'reject', shown: string): Story['play'] =>
  async (context) => {
    await waiting(context);
    const checkout = context.canvasElement.querySelector('paylit-checkout')!;
    await (await storyBackend()).bank(checkout.order, action);
    const signup = await signupOf(checkout);
    await until(`the mandate is ${shown}`, () =>
      signup.shadowRoot!.querySelector(`.status.${shown} h2`),
    );
  };

/** A card chosen: the unticked consent to the card-on-file terms. */
const consent: Story['play'] = async ({ canvasElement }) => {
  const checkout = await loadedCheckout(canvasElement);
  await subscribeWith(checkout, 'CARD');
};

/** Pay without the consent: why, at the box. */
const consentInError: Story['play'] = async (context) => {
  await consent(context);
  const checkout = context.canvasElement.querySelector('paylit-checkout')!;
  payButton(checkout).click();
  const signup = await signupOf(checkout);
  await until(
    'the box says why',
    () => signup.shadowRoot!.querySelector('[part=subscription-consent] [role=alert]')?.textContent,
  );
};

const dark = { theme: 'dark' };
const arabic = { locale: 'ar' };

export const MandateTerms: Story = { name: 'Pix Automático: the terms', play: terms };
export const MandateTermsDark: Story = {
  name: 'Pix Automático: the terms, dark',
  globals: dark,
  play: terms,
};
export const MandateTermsArabic: Story = {
  name: 'Pix Automático: the terms, Arabic',
  globals: arabic,
  play: terms,
};
export const AuthorizationWaiting: Story = {
  name: "Pix Automático: waiting for the payer's bank",
  play: waiting,
};
export const AuthorizationWaitingDark: Story = {
  name: "Pix Automático: waiting for the payer's bank, dark",
  globals: dark,
  play: waiting,
};
export const AuthorizationWaitingArabic: Story = {
  name: "Pix Automático: waiting for the payer's bank, Arabic",
  globals: arabic,
  play: waiting,
};
export const Active: Story = {
  name: 'Pix Automático: active',
  play: answered('authorize', 'active'),
};
export const ActiveDark: Story = {
  name: 'Pix Automático: active, dark',
  globals: dark,
  play: answered('authorize', 'active'),
};
export const ActiveArabic: Story = {
  name: 'Pix Automático: active, Arabic',
  globals: arabic,
  play: answered('authorize', 'active'),
};
export const Rejected: Story = {
  name: 'Pix Automático: refused by the bank',
  play: answered('reject', 'rejected'),
};
export const RejectedDark: Story = {
  name: 'Pix Automático: refused by the bank, dark',
  globals: dark,
  play: answered('reject', 'rejected'),
};
export const RejectedArabic: Story = {
  name: 'Pix Automático: refused by the bank, Arabic',
  globals: arabic,
  play: answered('reject', 'rejected'),
};
export const CardConsent: Story = { name: 'Card: the consent, unticked', play: consent };
export const CardConsentDark: Story = {
  name: 'Card: the consent, unticked, dark',
  globals: dark,
  play: consent,
};
export const CardConsentArabic: Story = {
  name: 'Card: the consent, unticked, Arabic',
  globals: arabic,
  play: consent,
};
export const CardConsentInError: Story = {
  name: 'Card: Pay without the consent',
  play: consentInError,
};
export const CardConsentInErrorDark: Story = {
  name: 'Card: Pay without the consent, dark',
  globals: dark,
  play: consentInError,
};
export const CardConsentInErrorArabic: Story = {
  name: 'Card: Pay without the consent, Arabic',
  globals: arabic,
  play: consentInError,
};
