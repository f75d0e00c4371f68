/**
 * A returning payer's saved cards and subscriptions in `<paylit-checkout payer-session>`
 * (`<paylit-saved-methods>`, after the pay button), against the real sandbox and companion
 * server in the page (support/backend.ts): the payer session is minted for a customer of
 * demo/payers.js, as the merchant's server would. The list, the question before a removal,
 * a payer who saved nothing, and a session the server refuses; light, dark and Arabic.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { resolveLocale } from '@paylit/elements';
import {
  loadSavedMethodsWords,
  savedMethodsWords,
} from '../packages/elements/src/components/paylit-saved-methods/saved-methods-words.js';
import { ENDPOINT, storyBackend } from './support/backend.js';
import { loadedCheckout, until } from './support/shopper.js';

interface Args {
  /** Who the page signed in: a customer with two cards and a subscription, one who saved nothing, or a bare customer id in place of the session. */
  payer: 'saved' | 'empty' | 'refused';
}

const meta: Meta<Args> = {
  title: 'Elements/Saved payment methods',
  component: 'paylit-saved-methods',
  args: { payer: 'saved' },
  argTypes: {
    payer: { control: 'inline-radio', options: ['saved', 'empty', 'refused'] },
  },
  loaders: [
    async ({ args }) => {
      const backend = await storyBackend();
      const payer =
        args.payer === 'refused'
          ? { session: 'story-customer-bare', savedCardIds: [] }
          : await backend.payer({ empty: args.payer === 'empty' });
      const order = await backend.order('returning', { savedCardIds: payer.savedCardIds });
      return { order, session: payer.session, fetch: backend.fetch };
    },
  ],
  render: (_args, { loaded }) =>
    html`<paylit-checkout endpoint=${ENDPOINT} order=${loaded.order as string} payer-session=${loaded.session as string}
      .fetch=${loaded.fetch}></paylit-checkout>`,
};
export default meta;
type Story = StoryObj<Args>;

/** The section, once its list (or its message) is drawn. */
async function savedMethodsIn(canvasElement: HTMLElement, ready: string): Promise<ShadowRoot> {
  const checkout = await loadedCheckout(canvasElement);
  const element = await until('the checkout draws its saved methods', () =>
    checkout.shadowRoot!.querySelector('paylit-saved-methods'),
  );
  return until(`the saved methods show ${ready}`, () =>
    element.shadowRoot?.querySelector(ready) ? element.shadowRoot : undefined,
  );
}

const lang = (root: Element) => root.querySelector('[lang]')?.getAttribute('lang') ?? 'en';
/** The element's own words in the story's language (they are not in the catalogs: a chunk of their own). */
async function wordsOf(root: Element) {
  const locale = resolveLocale(lang(root));
  await loadSavedMethodsWords(locale);
  return savedMethodsWords(locale);
}

const list: Story['play'] = async ({ canvasElement }) => {
  const root = await savedMethodsIn(canvasElement, 'li');
  await until('two cards and a subscription', () => root.querySelectorAll('li').length === 3);
};

const asking: Story['play'] = async ({ canvasElement }) => {
  const root = await savedMethodsIn(canvasElement, 'li button');
  root.querySelector<HTMLButtonElement>('li button')!.click();
  const t = await wordsOf(canvasElement);
  await until('the question, with "No" focused', () => {
    const no = root.querySelector<HTMLButtonElement>('.confirm .no');
    return no?.textContent === t.keep && root.activeElement === no;
  });
};

/** Two cards (a Mastercard and a Visa, brand, last four and expiry) and a monthly subscription. */
export const List: Story = { name: 'List: cards and a subscription', play: list };
export const ListDark: Story = { name: 'List, dark', globals: { theme: 'dark' }, play: list };
export const ListArabic: Story = {
  name: 'List, right to left (Arabic)',
  globals: { locale: 'ar' },
  play: list,
};
export const ListPortuguese: Story = {
  name: 'List, Brazilian Portuguese',
  globals: { locale: 'pt-BR' },
  play: list,
};

/** Remove asks first, in place: the question, "Yes, remove it" and "No, keep it" (focused). */
export const Confirmation: Story = { name: 'Confirmation before a removal', play: asking };
export const ConfirmationDark: Story = {
  name: 'Confirmation, dark',
  globals: { theme: 'dark' },
  play: asking,
};
export const ConfirmationArabic: Story = {
  name: 'Confirmation, right to left (Arabic)',
  globals: { locale: 'ar' },
  play: asking,
};

const empty: Story['play'] = async ({ canvasElement }) => {
  const t = await wordsOf(canvasElement);
  const root = await savedMethodsIn(canvasElement, 'p.quiet');
  await until('"nothing saved"', () => root.querySelector('p.quiet')?.textContent === t.empty);
};
/** A signed-in payer who saved nothing. */
export const Empty: Story = { name: 'Nothing saved', args: { payer: 'empty' }, play: empty };
export const EmptyDark: Story = {
  name: 'Nothing saved, dark',
  args: { payer: 'empty' },
  globals: { theme: 'dark' },
  play: empty,
};
export const EmptyArabic: Story = {
  name: 'Nothing saved, right to left (Arabic)',
  args: { payer: 'empty' },
  globals: { locale: 'ar' },
  play: empty,
};

const refused: Story['play'] = async ({ canvasElement }) => {
  const t = await wordsOf(canvasElement);
  const root = await savedMethodsIn(canvasElement, 'p.error');
  await until(
    'the session refused, said',
    () => root.querySelector('p.error')?.textContent === t.sessionEnded,
  );
};
/** A page that put a bare customer id where the session goes: the server reads nothing, and the payer is told to reload. */
export const Error: Story = {
  name: 'Error: session refused',
  args: { payer: 'refused' },
  play: refused,
};
export const ErrorDark: Story = {
  name: 'Error, dark',
  args: { payer: 'refused' },
  globals: { theme: 'dark' },
  play: refused,
};
export const ErrorArabic: Story = {
  name: 'Error, right to left (Arabic)',
  args: { payer: 'refused' },
  globals: { locale: 'ar' },
  play: refused,
};
