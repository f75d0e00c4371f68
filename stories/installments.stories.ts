/**
 * `<paylit-installments>` inside a checkout, for the card being typed: the plans are the
 * sandbox's own for the order's country, amount and the card's BIN.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ENDPOINT, storyBackend } from './support/backend.js';
import { VISA, cardFieldsIn, choose, fill, loadedCheckout, until } from './support/shopper.js';

interface Args {
  scenario: string;
  card: string;
}

const meta: Meta<Args> = {
  title: 'Elements/Installments',
  component: 'paylit-installments',
  args: { scenario: 'installments-br', card: VISA.number! },
  argTypes: {
    scenario: { control: 'select', options: ['installments-br', 'installments-mx', 'installments-ar'], description: 'The order: its country and amount' },
    card: { control: 'text', description: 'The test card typed (its BIN picks the plans)' },
  },
  loaders: [
    async ({ args }) => {
      const backend = await storyBackend();
      return { order: await backend.order(args.scenario), fetch: backend.fetch };
    },
  ],
  render: (_, { loaded }) => html`<paylit-checkout endpoint=${ENDPOINT} order=${loaded.order as string} .fetch=${loaded.fetch}>
    <paylit-card-fields></paylit-card-fields>
    <paylit-installments></paylit-installments>
  </paylit-checkout>`,
  play: async ({ canvasElement, args }) => {
    await loadedCheckout(canvasElement);
    await fill(await cardFieldsIn(canvasElement), { ...VISA, number: args.card });
    const plans = canvasElement.querySelector('paylit-installments')!;
    await until('the plans show', () => plans.options.length > 1);
  },
};
export default meta;
type Story = StoryObj<Args>;

export const Brazil: Story = { name: 'Brazil: interest-free to 3×, then with interest' };
export const Mexico: Story = { name: 'Mexico: interest-free (meses sin intereses)', args: { scenario: 'installments-mx' } };
export const Argentina: Story = { name: 'Argentina: with interest', args: { scenario: 'installments-ar' } };
export const NaranjaPlanZ: Story = { name: 'Argentina, Naranja: 3× interest-free (Plan Z)', args: { scenario: 'installments-ar', card: '5895627823453005' } };

export const PlanChosen: Story = {
  name: 'A plan chosen',
  play: async (context) => {
    await meta.play!(context);
    await choose(context.canvasElement.querySelector('paylit-installments')!, /^\s*6\s*×/);
  },
};

export const NoneForDebit: Story = {
  name: 'None for a debit card (hidden)',
  args: { card: '4917300800000000' },
  play: async ({ canvasElement, args }) => {
    await loadedCheckout(canvasElement);
    const fields = await cardFieldsIn(canvasElement);
    await fill(fields, { ...VISA, number: args.card });
    await until('the card is a debit card', () => fields.brand?.id === 'visa-debit');
    // Give the plans their debounce and answer: nothing to choose, nothing shown.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await until('the group stays hidden', () => canvasElement.querySelector('paylit-installments')!.options.length === 0);
  },
};

export const BrazilianPortuguese: Story = { name: 'Brazilian Portuguese', globals: { locale: 'pt-BR' } };
export const LatinAmericanSpanish: Story = { name: 'Latin American Spanish (es-MX)', globals: { locale: 'es-MX' }, args: { scenario: 'installments-mx' } };
export const Dark: Story = { globals: { theme: 'dark' } };
export const CustomTheme: Story = { name: 'Custom theme', globals: { theme: 'custom' }, args: { scenario: 'installments-ar' } };
