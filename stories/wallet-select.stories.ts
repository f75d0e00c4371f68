/**
 * `<paylit-wallet-select>` inside a checkout: the country's wallets and bank methods from
 * the sandbox's catalog, and a returning payer's saved cards.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ENDPOINT, storyBackend } from './support/backend.js';
import { cardFieldsIn, choose, framedFieldsIn, loadedCheckout, until } from './support/shopper.js';

interface Args {
  scenario: string;
  isolation: 'page' | 'frame';
}

const meta: Meta<Args> = {
  title: 'Elements/Wallet select',
  component: 'paylit-wallet-select',
  args: { scenario: 'wallet', isolation: 'page' },
  argTypes: {
    scenario: {
      control: 'select',
      options: ['wallet', 'returning'],
      description: 'The order: a Brazilian order with every method, or a returning payer',
    },
    isolation: {
      control: 'inline-radio',
      options: ['page', 'frame'],
      description: 'Where the card fields keep the card: their shadow root, or a sandboxed frame',
    },
  },
  loaders: [
    async ({ args }) => {
      const backend = await storyBackend();
      return { order: await backend.order(args.scenario), fetch: backend.fetch };
    },
  ],
  render: (
    args,
    { loaded },
  ) => html`<paylit-checkout endpoint=${ENDPOINT} order=${loaded.order as string} isolation=${args.isolation} .fetch=${loaded.fetch} @paylit-redirect=${(e: Event) => e.preventDefault()}>
    <paylit-wallet-select></paylit-wallet-select>
    <paylit-card-fields isolation=${args.isolation}></paylit-card-fields>
  </paylit-checkout>`,
  play: async ({ canvasElement }) => {
    await loadedCheckout(canvasElement);
    await until('the methods show', () =>
      canvasElement.querySelector('paylit-wallet-select')!.shadowRoot?.querySelector('fieldset'),
    );
  },
};
export default meta;
type Story = StoryObj<Args>;

/** Every option a button-like box with its mark: the new card's, then Brazil's wallets and banks as tiles. */
export const WalletsAndBanks: Story = {
  name: 'Wallets and banks of Brazil: buttons with marks',
  play: async (context) => {
    await meta.play!(context);
    const select = context.canvasElement.querySelector('paylit-wallet-select')!;
    await until('every option shows its mark', () => {
      const options = select.shadowRoot!.querySelectorAll('[part~=option]');
      return (
        options.length > 1 &&
        [...options].every((option) =>
          option.querySelector('[part~=logo] > svg, [part~=logo] > img'),
        )
      );
    });
  },
};
export const WalletChosen: Story = {
  name: 'A wallet chosen',
  play: async (context) => {
    await meta.play!(context);
    await choose(context.canvasElement.querySelector('paylit-wallet-select')!, 'Mercado Pago');
  },
};
export const SavedCards: Story = { name: 'Saved cards', args: { scenario: 'returning' } };
export const SavedCardChosen: Story = {
  name: 'Saved card chosen: its security code again',
  args: { scenario: 'returning' },
  play: async (context) => {
    await meta.play!(context);
    await choose(context.canvasElement.querySelector('paylit-wallet-select')!, '1111');
    const fields = await cardFieldsIn(context.canvasElement);
    await until(
      'the card fields ask for the security code alone',
      () => fields.savedCard?.last4 === '1111',
    );
  },
};
export const Spanish: Story = { globals: { locale: 'es' }, args: { scenario: 'returning' } };
/** Arabic: right to left, each mark at the option's start (its right), the saved card's expiry in the locale's digits. */
export const RightToLeft: Story = {
  name: 'Right to left (Arabic)',
  globals: { locale: 'ar' },
  args: { scenario: 'returning' },
  play: async (context) => {
    await WalletsAndBanks.play!(context);
    const select = context.canvasElement.querySelector('paylit-wallet-select')!;
    await until(
      'the options are laid out right to left',
      () => select.shadowRoot!.querySelector('fieldset')?.getAttribute('dir') === 'rtl',
    );
  },
};
export const Chinese: Story = {
  name: 'Chinese (zh-CN)',
  globals: { locale: 'zh-CN' },
  play: WalletsAndBanks.play,
};
export const Thai: Story = { globals: { locale: 'th' }, play: WalletsAndBanks.play };
export const BrazilianPortuguese: Story = {
  name: 'Brazilian Portuguese',
  globals: { locale: 'pt-BR' },
};
export const Dark: Story = { globals: { theme: 'dark' } };
export const CustomTheme: Story = {
  name: 'Custom theme',
  globals: { theme: 'custom' },
  args: { scenario: 'returning' },
};

/**
 * In a checkout with frame isolation: the picker as in page mode; a wallet chosen, then
 * "New card" again, and the card fields show with their inputs in the sandboxed frame.
 */
export const InACheckoutWithFrameIsolation: Story = {
  name: 'Wallets and banks in a checkout with frame isolation',
  tags: ['frame-isolation'],
  args: { isolation: 'frame' },
  play: async (context) => {
    await meta.play!(context);
    const select = context.canvasElement.querySelector('paylit-wallet-select')!;
    const fields = await framedFieldsIn(context.canvasElement);
    const chosen = (text: string) =>
      [...select.shadowRoot!.querySelectorAll('label')]
        .find((l) => l.textContent!.includes(text))
        ?.querySelector('input')?.checked;
    await choose(select, 'Mercado Pago');
    await until('Mercado Pago is chosen', () => chosen('Mercado Pago'));
    await choose(select, 'New card');
    await until(
      '"New card" is chosen, the framed card fields shown',
      () =>
        chosen('New card') &&
        fields.shadowRoot!.querySelector('iframe')!.getBoundingClientRect().height > 0,
    );
  },
};
