/**
 * `<paylit-installments>` inside a checkout, for the card being typed: the plans are the
 * sandbox's own for the order's country, amount and the card's BIN, in the words and with
 * the rates each market asks for (Argentina's TNA, TEA and CFT inside each plan, Mexico's
 * meses sin intereses, Brazil's sem juros / com juros). Brazil's twelve plans are a select.
 * The checkout's pay button says what the shopper pays with the chosen plan.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ENDPOINT, storyBackend } from './support/backend.js';
import {
  VISA,
  cardFieldsIn,
  choose,
  fill,
  framedFieldsIn,
  loadedCheckout,
  typedInFrame,
  until,
} from './support/shopper.js';

interface Args {
  scenario: string;
  card: string;
  isolation: 'page' | 'frame';
}

const meta: Meta<Args> = {
  title: 'Elements/Installments',
  component: 'paylit-installments',
  args: { scenario: 'installments-br', card: VISA.number!, isolation: 'page' },
  argTypes: {
    isolation: {
      control: 'inline-radio',
      options: ['page', 'frame'],
      description:
        'Where the card fields keep the card: their shadow root, or a sandboxed frame (typed there by the shopper)',
    },
    scenario: {
      control: 'select',
      options: ['installments-br', 'installments-mx', 'installments-ar'],
      description: 'The order: its country and amount',
    },
    card: { control: 'text', description: 'The test card typed (its BIN picks the plans)' },
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
  ) => html`<paylit-checkout endpoint=${ENDPOINT} order=${loaded.order as string} isolation=${args.isolation} .fetch=${loaded.fetch}>
    <paylit-card-fields isolation=${args.isolation}></paylit-card-fields>
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

/** Chooses a plan in the select that holds more than six, as the keyboard or a click would. */
async function chooseInSelect(host: Element, installments: number): Promise<void> {
  const select = await until('the plans are a select', () =>
    host.shadowRoot?.querySelector('select'),
  );
  select.value = String(installments);
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Waits for the chosen plan's rates (CFT, CAT or CET) to be shown. */
const ratesShown = (host: Element) =>
  until('the rates show', () => host.shadowRoot?.querySelector('[part=rates]'));

export const Brazil: Story = { name: 'Brazil: interest-free to 3×, then with interest' };
export const BrazilSemJuros: Story = {
  name: 'Brazil: sem juros / com juros',
  globals: { locale: 'pt-BR' },
  play: async (context) => {
    await meta.play!(context);
    const plans = context.canvasElement.querySelector('paylit-installments')!;
    await chooseInSelect(plans, 6);
    await ratesShown(plans);
  },
};
export const Mexico: Story = {
  name: 'Mexico: meses sin intereses',
  globals: { locale: 'es-MX' },
  args: { scenario: 'installments-mx' },
  play: async (context) => {
    await meta.play!(context);
    await choose(
      context.canvasElement.querySelector('paylit-installments')!,
      'meses sin intereses',
    );
  },
};
export const Argentina: Story = {
  name: 'Argentina: a plan with interest and its rates',
  globals: { locale: 'es-AR' },
  args: { scenario: 'installments-ar' },
  play: async (context) => {
    await meta.play!(context);
    const plans = context.canvasElement.querySelector('paylit-installments')!;
    await choose(plans, /^\s*6\s*×/);
    await until('the CFT shows', () => plans.shadowRoot?.querySelector('[part=cft]'));
  },
};
export const NaranjaPlanZ: Story = {
  name: 'Argentina, Naranja: 3× interest-free (Plan Z)',
  args: { scenario: 'installments-ar', card: '5895627823453005' },
};

export const MoreThanSix: Story = {
  name: 'More than six plans: a select',
  play: async (context) => {
    await meta.play!(context);
    const plans = context.canvasElement.querySelector('paylit-installments')!;
    await chooseInSelect(plans, 6);
    await ratesShown(plans);
  },
};

export const PlanChosen: Story = {
  name: 'A plan chosen',
  args: { scenario: 'installments-ar' },
  play: async (context) => {
    await meta.play!(context);
    await choose(context.canvasElement.querySelector('paylit-installments')!, /^\s*3\s*×/);
  },
};

export const RightToLeft: Story = {
  name: 'Right to left',
  globals: { locale: 'ar' },
  args: { scenario: 'installments-ar' },
  play: Argentina.play,
};
/** Argentina's 6× plan chosen by its radio's value: the words around the count differ by language (Chinese puts it last). */
const sixWithRates: Story['play'] = async (context) => {
  await meta.play!(context);
  const plans = context.canvasElement.querySelector('paylit-installments')!;
  const six = await until('the 6× plan shows', () =>
    plans.shadowRoot?.querySelector<HTMLInputElement>('input[type=radio][value="6"]'),
  );
  six.click();
  await until('the CFT shows', () => plans.shadowRoot?.querySelector('[part=cft]'));
};
export const Chinese: Story = {
  name: "Chinese (zh-CN): Argentina's plans and rates",
  globals: { locale: 'zh-CN' },
  args: { scenario: 'installments-ar' },
  play: sixWithRates,
};
export const Thai: Story = {
  name: "Thai: Argentina's plans and rates",
  globals: { locale: 'th' },
  args: { scenario: 'installments-ar' },
  play: sixWithRates,
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
    await until(
      'the group stays hidden',
      () => canvasElement.querySelector('paylit-installments')!.options.length === 0,
    );
  },
};

export const BrazilianPortuguese: Story = {
  name: 'Brazilian Portuguese',
  globals: { locale: 'pt-BR' },
};
export const Dark: Story = { globals: { theme: 'dark' } };
export const CustomTheme: Story = {
  name: 'Custom theme',
  globals: { theme: 'custom' },
  args: { scenario: 'installments-ar' },
};

/** The checkout's pay button, once it says `text`. */
const buttonSays = (canvas: HTMLElement, text: string) =>
  until(`the pay button says ${text}`, () =>
    canvas
      .querySelector('paylit-checkout')
      ?.shadowRoot?.querySelector('button[part=button]')
      ?.textContent?.includes(text),
  );

export const TotalWithInterest: Story = {
  name: "Brazil: 6× with interest, the plan's total on the pay button",
  play: async (context) => {
    await meta.play!(context);
    await chooseInSelect(context.canvasElement.querySelector('paylit-installments')!, 6);
    // R$1,200.00 in 6 × R$217.79: R$1,306.74 in all, what the shopper pays.
    await buttonSays(context.canvasElement, '(6 × R$217.79)');
  },
};

export const InterestFreeLastInstallment: Story = {
  name: 'Mexico: 9 meses sin intereses, the last installment taking the rounding',
  globals: { locale: 'es-MX' },
  args: { scenario: 'installments-mx' },
  play: async (context) => {
    await meta.play!(context);
    const plans = context.canvasElement.querySelector('paylit-installments')!;
    const nine = await until('the 9× plan shows', () =>
      plans.shadowRoot?.querySelector<HTMLInputElement>('input[type=radio][value="9"]'),
    );
    nine.click();
    // $6,000.00 in all: 8 × $666.67 and a last $666.64, not 9 × $666.67.
    await buttonSays(context.canvasElement, '$666.64');
  },
};

export const ArgentinaOnAPhone: Story = {
  name: 'Argentina on a 390 px phone: the CFT inside each plan, radios beside their words',
  globals: { locale: 'es-AR' },
  args: { scenario: 'installments-ar' },
  decorators: [(story) => html`<div style="max-inline-size: 358px">${story()}</div>`],
  play: Argentina.play,
};

/**
 * In a checkout with frame isolation: the card fields' inputs are in a sandboxed frame; the
 * BIN crosses to the page from the frame, and the plans for it show beside the frame. The
 * shopper types the test Visa into the frame (a play function cannot; the spec types it
 * with Playwright).
 */
export const InACheckoutWithFrameIsolation: Story = {
  name: 'Brazil in a checkout with frame isolation',
  tags: ['frame-isolation', 'shopper-types-in-frame'],
  args: { isolation: 'frame' },
  play: async ({ canvasElement }) => {
    await loadedCheckout(canvasElement);
    const fields = await framedFieldsIn(canvasElement);
    await typedInFrame(fields);
    const plans = canvasElement.querySelector('paylit-installments')!;
    await until("the plans for the frame's BIN show", () => plans.options.length > 1);
  },
};
