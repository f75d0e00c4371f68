/**
 * `<paylit-checkout>` in every state a shopper meets, paying against the real sandbox and
 * companion server running in the page (see support/backend.ts): the orders are the demo
 * shop's scenarios, and what the API answers comes from the sandbox itself.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { format, messagesFor, type Messages } from '@paylit/elements';
import { formatAmount } from '@paylit/core/money';
import { ELSEWHERE, ENDPOINT, leaveReturnPage, storyBackend } from './support/backend.js';
import {
  VISA,
  cardFieldsIn,
  choose,
  fill,
  framedFieldsIn,
  loadedCheckout,
  messageOf,
  outcomeOf,
  payButton,
  typedInFrame,
  until,
} from './support/shopper.js';

interface Args {
  scenario: string;
  lang?: string;
  isolation: 'page' | 'frame';
}

/** What the page says in the story's language: the elements' own catalog. */
const t = (root: Element) => messagesFor(root.closest('[lang]')?.getAttribute('lang'));

/** The test Visa in the checkout's card fields: typed by the play function, or, in frame isolation, by the shopper (the page cannot type into the frame). */
async function enterVisa(canvasElement: HTMLElement): Promise<void> {
  const checkout = canvasElement.querySelector('paylit-checkout')!;
  if (checkout.isolation === 'frame') await typedInFrame(await framedFieldsIn(canvasElement));
  else await fill(await cardFieldsIn(canvasElement), VISA);
}

/** The success state after paying with the test Visa: `heading(t, amount)` in the story's language, then the card. */
const paysAndShows =
  (heading: (t: Messages, money: (amount: number) => string) => string): Story['play'] =>
  async ({ canvasElement }) => {
    const checkout = await loadedCheckout(canvasElement);
    await enterVisa(canvasElement);
    payButton(checkout).click();
    const lang = checkout.closest('[lang]')?.getAttribute('lang') ?? undefined;
    const messages = await t(checkout);
    const expected = `${heading(messages, (amount) => formatAmount(amount, 'BRL', lang))} ${format(messages.cardEnding, { brand: 'Visa', last4: '1111' })}`;
    await until(
      `the success state says "${expected}", in place of the form`,
      () =>
        outcomeOf(checkout) === expected &&
        !payButton(checkout) &&
        !checkout.shadowRoot!.querySelector('paylit-card-fields'),
    );
  };

/** A redirect cannot leave Storybook: the story keeps the page, as a merchant opening the bank's page in a window would. */
const stayOnPage = (event: Event) => event.preventDefault();

const meta: Meta<Args> = {
  title: 'Elements/Checkout',
  component: 'paylit-checkout',
  args: { scenario: 'pay', isolation: 'page' },
  argTypes: {
    isolation: {
      control: 'inline-radio',
      options: ['page', 'frame'],
      description:
        'Where the card fields the checkout draws keep the card: their shadow root, or a sandboxed frame',
    },
    scenario: {
      description: "The demo shop's order: what the merchant's backend creates",
      control: 'select',
      options: [
        'pay',
        'authorize',
        'verify',
        '3ds',
        'decline',
        'wallet',
        'installments-br',
        'installments-mx',
        'installments-ar',
        'returning',
        'save-card',
        'pix',
        'pix-only',
        'boleto',
        'oxxo',
        'cash-ar',
        'cash-cl',
        'cash-co',
        'cash-pe',
        'payer-br',
        'payer-ar',
        'payer-cl',
        'payer-co',
        'payer-mx',
        'payer-pe',
        'payer-uy',
        'payer-in',
        'payer-za',
      ],
    },
    lang: {
      control: 'text',
      description: "The checkout's own language; the toolbar's locale when empty",
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
  ) => html`<paylit-checkout endpoint=${ENDPOINT} order=${loaded.order as string} isolation=${args.isolation} lang=${ifDefined(args.lang || undefined)}
    .fetch=${loaded.fetch} @paylit-redirect=${stayOnPage}></paylit-checkout>`,
};
export default meta;
type Story = StoryObj<Args>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await loadedCheckout(canvasElement);
  },
};

export const Typing: Story = {
  play: async ({ canvasElement }) => {
    await loadedCheckout(canvasElement);
    await fill(await cardFieldsIn(canvasElement), { number: '41111111' });
  },
};

export const Complete: Story = {
  play: async ({ canvasElement }) => {
    await loadedCheckout(canvasElement);
    await fill(await cardFieldsIn(canvasElement), VISA);
  },
};

export const EveryFieldInError: Story = {
  name: 'Every field in error',
  play: async ({ canvasElement }) => {
    const checkout = await loadedCheckout(canvasElement);
    payButton(checkout).click();
    const fields = await cardFieldsIn(canvasElement);
    await until(
      'each field shows its message',
      () => fields.shadowRoot!.querySelectorAll('.error:not(:empty)').length === 4,
    );
  },
};

/** The payment in flight: a spinner in the pay button, which is disabled and busy; "Processing…" goes once to the live region. */
export const Busy: Story = {
  name: 'Busy: spinner',
  play: async ({ canvasElement }) => {
    const checkout = await loadedCheckout(canvasElement);
    const messages = await t(checkout);
    // The sandbox's own fault tool holds the API's answer for a minute.
    await (
      await storyBackend()
    ).fault({ path: '/secure_payments', kind: 'latency', latency_ms: 60_000 });
    await fill(await cardFieldsIn(canvasElement), VISA);
    payButton(checkout).click();
    await until('the button is busy, with its spinner', () => {
      const button = payButton(checkout);
      return (
        button.getAttribute('aria-busy') === 'true' &&
        button.getAttribute('aria-disabled') === 'true' &&
        button.querySelector('[part~=spinner]')
      );
    });
    await until(
      'the live region says it is processing',
      () => messageOf(checkout) === messages.processing,
    );
  },
};

/** Paid: the form gives way to the success state (the order's 120 BRL, the card). */
export const Paid: Story = {
  play: paysAndShows((t, money) => format(t.outcomes.PAID, { amount: money(120) })),
};

export const PaidDark: Story = { name: 'Paid, dark', globals: { theme: 'dark' }, play: Paid.play };

/** PENDING with nothing for the payer to do: the return page of a payer back from the bank's page before finishing. */
export const Pending: Story = {
  name: 'Pending: back from the bank, not confirmed yet',
  loaders: [async () => ({ order: await (await storyBackend()).backFromTheBank() })],
  play: async ({ canvasElement }) => {
    const checkout = await until('the checkout is on the page', () =>
      canvasElement.querySelector('paylit-checkout'),
    );
    const messages = await t(checkout);
    const expected = `${messages.pending} ${format(messages.cardEnding, { brand: 'Visa', last4: '1111' })}`;
    try {
      await until(
        `the waiting state says "${expected}", with no form`,
        () =>
          outcomeOf(checkout) === expected &&
          !payButton(checkout) &&
          !checkout.shadowRoot!.querySelector('paylit-card-fields'),
      );
    } finally {
      leaveReturnPage();
    }
  },
};

export const Declined: Story = {
  args: { scenario: 'decline' },
  play: async ({ canvasElement }) => {
    const checkout = await loadedCheckout(canvasElement);
    const messages = await t(checkout);
    await fill(await cardFieldsIn(canvasElement), VISA);
    payButton(checkout).click();
    await until('the decline is shown', () => messageOf(checkout) === messages.rejections['302']);
  },
};

/** Five declines on one order: the sixth Pay is refused before the bank is asked, and the form gives way to why. */
export const Locked: Story = {
  name: 'Locked after five declines',
  args: { scenario: 'decline' },
  play: async ({ canvasElement }) => {
    const checkout = await loadedCheckout(canvasElement);
    const messages = await t(checkout);
    let declines = 0;
    checkout.addEventListener('paylit-declined', () => declines++);
    await fill(await cardFieldsIn(canvasElement), VISA);
    for (let i = 1; i <= 5; i++) {
      payButton(checkout).click();
      await until(
        `decline ${i} is shown`,
        () => declines === i && payButton(checkout)?.getAttribute('aria-disabled') === 'false',
      );
    }
    payButton(checkout).click();
    await until(
      'the order is locked',
      () =>
        messageOf(checkout) === messages.orderLocked &&
        !checkout.shadowRoot!.querySelector('[part=button]'),
    );
  },
};

/** A client secret the shop's server did not make: the order cannot be paid, and nothing of a form or an amount shows. */
export const UnknownOrder: Story = {
  name: 'Unknown order',
  render: (args, { loaded }) =>
    html`<paylit-checkout endpoint=${ENDPOINT} order=${`nowhere-1_secret_${'0'.repeat(32)}`} lang=${ifDefined(args.lang || undefined)} .fetch=${loaded.fetch}></paylit-checkout>`,
  play: async ({ canvasElement }) => {
    const checkout = canvasElement.querySelector('paylit-checkout')!;
    const messages = await t(checkout);
    await until(
      'the order cannot be paid, and no form shows',
      () =>
        messageOf(checkout) === messages.orderNotFound &&
        !checkout.shadowRoot!.querySelector('[part=button], paylit-card-fields'),
    );
  },
};

/** The shop's server, on another origin, does not allow this page's: the shopper reads that the checkout is not set up yet (the console says which origin to allow). */
export const NotSetUp: Story = {
  name: 'Page origin not allowed: not set up',
  loaders: [async () => ({ refusingFetch: (await storyBackend()).refusingFetch })],
  render: (args, { loaded }) =>
    html`<paylit-checkout endpoint=${ELSEWHERE} order=${loaded.order as string} lang=${ifDefined(args.lang || undefined)} .fetch=${loaded.refusingFetch}></paylit-checkout>`,
  play: async ({ canvasElement }) => {
    const checkout = canvasElement.querySelector('paylit-checkout')!;
    const messages = await t(checkout);
    await until(
      'the checkout is not set up, and no form shows',
      () =>
        messageOf(checkout) === messages.notSetUp &&
        !checkout.shadowRoot!.querySelector('[part=button], paylit-card-fields'),
    );
  },
};

/** The store cannot be reached (no network): only the error, announced, and Try again; no pay button saying "Loading the checkout…". */
export const Unreachable: Story = {
  name: 'Load error: the store cannot be reached',
  render: (args, { loaded }) =>
    html`<paylit-checkout endpoint=${ENDPOINT} order=${loaded.order as string} lang=${ifDefined(args.lang || undefined)}
      .fetch=${() => Promise.reject(new TypeError('Failed to fetch'))}></paylit-checkout>`,
  play: async ({ canvasElement }) => {
    const checkout = canvasElement.querySelector('paylit-checkout')!;
    const messages = await t(checkout);
    await until(
      'the error and Try again, and no pay button',
      () =>
        messageOf(checkout) === messages.loadFailed &&
        checkout.shadowRoot!.querySelector('[part=retry]') !== null &&
        !checkout.shadowRoot!.querySelector('[part=button]'),
    );
  },
};

export const ThreeDSecurePending: Story = {
  name: '3-D Secure pending',
  args: { scenario: '3ds' },
  play: async ({ canvasElement }) => {
    const checkout = await loadedCheckout(canvasElement);
    const messages = await t(checkout);
    await fill(await cardFieldsIn(canvasElement), VISA);
    payButton(checkout).click();
    await until(
      'the shopper is sent to the bank',
      () => messageOf(checkout) === messages.redirecting,
    );
  },
};

/** Authorized (to capture later): the order's 250 BRL. */
export const Authorize: Story = {
  name: 'Authorized',
  args: { scenario: 'authorize' },
  play: paysAndShows((t, money) => format(t.outcomes.AUTHORIZED, { amount: money(250) })),
};

export const VerifyACard: Story = {
  name: 'Verify a card: verified',
  args: { scenario: 'verify' },
  play: async (context) => {
    const checkout = await loadedCheckout(context.canvasElement);
    const messages = await t(checkout);
    await until(
      'the button says verify',
      () => payButton(checkout).textContent!.trim() === messages.verifyCard,
    );
    await paysAndShows((t) => t.outcomes.VERIFIED)!(context);
  },
};

export const WalletsAndBanks: Story = {
  name: 'Wallets and banks',
  args: { scenario: 'wallet' },
  play: async ({ canvasElement }) => {
    const checkout = await loadedCheckout(canvasElement);
    await until('the methods show', () =>
      checkout
        .shadowRoot!.querySelector('paylit-wallet-select')
        ?.shadowRoot?.querySelector('fieldset'),
    );
  },
};

export const SavedCards: Story = {
  args: { scenario: 'returning' },
  play: WalletsAndBanks.play,
};

export const SavedCardSecurityCode: Story = {
  name: 'Saved card: its security code again',
  args: { scenario: 'returning' },
  play: async ({ canvasElement }) => {
    const checkout = await loadedCheckout(canvasElement);
    await choose(checkout.shadowRoot!.querySelector('paylit-wallet-select')!, '4444');
    const fields = await cardFieldsIn(canvasElement);
    await until('only the security code shows', () => fields.savedCard?.last4 === '4444');
  },
};

const installments = (scenario: string): Story => ({
  args: { scenario },
  play: async ({ canvasElement }) => {
    await loadedCheckout(canvasElement);
    await fill(await cardFieldsIn(canvasElement), VISA);
    const checkout = canvasElement.querySelector('paylit-checkout')!;
    await until('the plans show', () =>
      checkout
        .shadowRoot!.querySelector('paylit-installments')
        ?.shadowRoot?.querySelector('fieldset, select'),
    );
  },
});
export const InstallmentsBrazil: Story = {
  name: 'Installments: Brazil (interest-free to 3×, then with interest)',
  ...installments('installments-br'),
};
export const InstallmentsMexico: Story = {
  name: 'Installments: Mexico (meses sin intereses)',
  ...installments('installments-mx'),
};
export const InstallmentsArgentina: Story = {
  name: 'Installments: Argentina (with interest)',
  ...installments('installments-ar'),
};

/** The same checkout in each locale and theme, whatever the toolbar says. */
export const Spanish: Story = { globals: { locale: 'es' }, play: Complete.play };
export const LatinAmericanSpanish: Story = {
  name: 'Latin American Spanish (es-AR)',
  globals: { locale: 'es-AR' },
  play: EveryFieldInError.play,
};
export const BrazilianPortuguese: Story = {
  name: 'Brazilian Portuguese',
  globals: { locale: 'pt-BR' },
  args: { scenario: 'installments-br' },
  play: InstallmentsBrazil.play,
};
/** Arabic: the checkout's root says dir=rtl and everything mirrors (the spinner, the decline's mark, the wallets' marks). */
export const RightToLeft: Story = {
  name: 'Right to left (Arabic)',
  globals: { locale: 'ar' },
  args: { scenario: 'returning' },
  play: async (context) => {
    await Complete.play!(context);
    const checkout = context.canvasElement.querySelector('paylit-checkout')!;
    await until(
      'the checkout is laid out right to left',
      () => checkout.shadowRoot!.querySelector('.body')?.getAttribute('dir') === 'rtl',
    );
  },
};
/** The CJK and Thai script groups, and Devanagari: each renders in its own catalog (English until that catalog exists). */
export const Chinese: Story = {
  name: 'Chinese (zh-CN)',
  globals: { locale: 'zh-CN' },
  play: Complete.play,
};
export const Thai: Story = { globals: { locale: 'th' }, play: Complete.play };
export const Hindi: Story = {
  globals: { locale: 'hi' },
  args: { scenario: 'wallet' },
  play: Complete.play,
};
export const Dark: Story = { globals: { theme: 'dark' }, play: EveryFieldInError.play };
export const CustomTheme: Story = {
  name: 'Custom theme',
  globals: { theme: 'custom' },
  args: { scenario: 'returning' },
  play: WalletsAndBanks.play,
};

/**
 * Frame isolation: the checkout draws its card fields with `isolation="frame"`, their inputs
 * in a sandboxed frame of an opaque origin (`<iframe part="frame" title="Card details">`).
 */
export const FrameIsolation: Story = {
  name: 'Frame isolation',
  tags: ['frame-isolation'],
  args: { isolation: 'frame' },
  play: async ({ canvasElement }) => {
    await loadedCheckout(canvasElement);
    await framedFieldsIn(canvasElement);
  },
};

/**
 * Paid in frame isolation: the shopper types the test Visa into the frame (a play function
 * cannot; the spec types it with Playwright), the frame seals it with the API's key, and the
 * checkout shows the order's 120 BRL paid, as in page mode.
 */
export const PaidInFrameIsolation: Story = {
  name: 'Frame isolation: paid',
  tags: ['frame-isolation', 'shopper-types-in-frame'],
  args: { isolation: 'frame' },
  play: Paid.play,
};

/**
 * The payer's details an order lacks (the demo's payer-* orders): the checkout asks for exactly
 * those, before the pay button, in the country's words and order. `labels`: the fields the
 * story waits for, in English (the toolbar's default), or only their count in another language.
 */
const payerFieldsIn = (checkout: Element) =>
  checkout
    .shadowRoot!.querySelector('paylit-payer-fields')
    ?.shadowRoot?.querySelector<HTMLFieldSetElement>('fieldset[part=payer]');
const asksFor = (scenario: string, labels: string[], inError = false): Story => ({
  args: { scenario },
  play: async ({ canvasElement }) => {
    const checkout = await loadedCheckout(canvasElement);
    const fields = await until("the payer's fields are drawn before the pay button", () =>
      payerFieldsIn(checkout),
    );
    const shown = () => [...fields.querySelectorAll('label')].map((l) => l.textContent);
    const lang = checkout.closest('[lang]')?.getAttribute('lang');
    const english = !lang || lang.startsWith('en');
    await until(`the payer's fields are ${labels.join(', ')}`, () =>
      english ? shown().join() === labels.join() : shown().length === labels.length,
    );
    if (!inError) return;
    payButton(checkout).click();
    await until(
      'each empty payer field says so',
      () =>
        fields.querySelectorAll('[aria-invalid=true]').length ===
        labels.length - (labels.includes('Document type') ? 1 : 0),
    );
  },
});

export const PayerBrazil: Story = {
  name: 'Payer details: Brazil (CPF or CNPJ)',
  ...asksFor('payer-br', ['Document type', 'CPF']),
};
export const PayerArgentina: Story = {
  name: 'Payer details: Argentina (DNI, CUIT or CUIL)',
  ...asksFor('payer-ar', ['Document type', 'DNI']),
};
export const PayerChile: Story = {
  name: 'Payer details: Chile (RUT)',
  ...asksFor('payer-cl', ['RUT']),
};
export const PayerColombia: Story = {
  name: 'Payer details: Colombia (CC or NIT)',
  ...asksFor('payer-co', ['Document type', 'CC']),
};
export const PayerMexico: Story = {
  name: 'Payer details: Mexico (e-mail, CURP or RFC)',
  ...asksFor('payer-mx', ['Email', 'Document type', 'CURP']),
};
export const PayerPeru: Story = {
  name: 'Payer details: Peru (DNI or RUC)',
  ...asksFor('payer-pe', ['Document type', 'DNI']),
};
export const PayerUruguay: Story = {
  name: 'Payer details: Uruguay (CI or RUT)',
  ...asksFor('payer-uy', ['Document type', 'CI']),
};
export const PayerIndia: Story = {
  name: 'Payer details: India, cross-border (every field in error)',
  ...asksFor(
    'payer-in',
    [
      'PAN',
      'Phone',
      'Date of birth',
      'Street',
      'Number',
      'City',
      'State or province',
      'Postal code',
    ],
    true,
  ),
};
export const PayerSouthAfrica: Story = {
  name: 'Payer details: South Africa (the address)',
  ...asksFor('payer-za', ['Street', 'Number', 'City', 'State or province', 'Postal code']),
};
export const PayerIndiaArabic: Story = {
  name: 'Payer details: right to left (Arabic)',
  globals: { locale: 'ar' },
  ...asksFor('payer-in', [
    'PAN',
    'Phone',
    'Date of birth',
    'Street',
    'Number',
    'City',
    'State or province',
    'Postal code',
  ]),
};
export const PayerDark: Story = {
  name: 'Payer details: dark',
  globals: { theme: 'dark' },
  ...asksFor('payer-br', ['Document type', 'CPF'], true),
};
/** An order with every detail of its payer: no payer field at all, today's form. */
export const PayerComplete: Story = {
  name: 'Payer details: the order has everything',
  args: { scenario: 'pay' },
  play: async ({ canvasElement }) => {
    const checkout = await loadedCheckout(canvasElement);
    await fill(await cardFieldsIn(canvasElement), VISA);
    if (payerFieldsIn(checkout)) throw new Error('an order with every detail shows payer fields');
  },
};
/** An order that offers to save the card: the box, unticked, and its terms, before the pay button. */
export const SaveCardConsent: Story = {
  name: 'Save the card: the consent, unticked',
  args: { scenario: 'save-card' },
  play: async ({ canvasElement }) => {
    const checkout = await loadedCheckout(canvasElement);
    const box = await until('the consent to save the card is drawn', () =>
      checkout
        .shadowRoot!.querySelector('paylit-payer-fields')
        ?.shadowRoot?.querySelector<HTMLInputElement>('[part=save-card] input[type=checkbox]'),
    );
    if (box.checked) throw new Error('the consent is ticked for the shopper');
    await fill(await cardFieldsIn(canvasElement), VISA);
  },
};

/**
 * A payment the shopper pays away from the page (Pix, a voucher, a transfer): the order's
 * `method` picked, Pay pressed, and what the sandbox gave shown in place of the form, followed
 * live until it is paid. `expired`: the sandbox's clock moved past its due time, and the view
 * offers a new code.
 */
const paysAway = (scenario: string, method: string, expired = false): Story => ({
  args: { scenario },
  play: async ({ canvasElement }) => {
    const checkout = await loadedCheckout(canvasElement);
    const picker = await until('the methods show', () =>
      checkout.shadowRoot!.querySelector('paylit-wallet-select'),
    );
    await choose(picker, method);
    payButton(checkout).click();
    const pending = () =>
      checkout
        .shadowRoot!.querySelector('paylit-pending')
        ?.shadowRoot?.querySelector('[part=pending]');
    await until('the pending view shows', () =>
      pending()?.querySelector('.waiting, [part=new-code]'),
    );
    if (!expired) return;
    const { sandbox } = await storyBackend();
    const day = 25 * 60 * 60 * 1000;
    sandbox.clock.advance(day);
    try {
      await until('the view offers a new code', () => pending()?.querySelector('[part=new-code]'));
    } finally {
      sandbox.clock.advance(-day);
    }
  },
});

export const PendingPix: Story = {
  name: 'Pending: Pix (the QR, the code to copy, the countdown)',
  ...paysAway('pix', 'Pix'),
};
export const PendingPixDark: Story = {
  name: 'Pending: Pix, dark',
  globals: { theme: 'dark' },
  ...paysAway('pix', 'Pix'),
};
export const PendingPixArabic: Story = {
  name: 'Pending: Pix, right to left (Arabic)',
  globals: { locale: 'ar' },
  ...paysAway('pix', 'Pix'),
};
export const PendingPixExpired: Story = {
  name: 'Pending: Pix expired (get a new code)',
  ...paysAway('pix', 'Pix', true),
};
export const PendingOxxo: Story = {
  name: 'Pending: OXXO (the reference, its Code 128 barcode, the printable voucher)',
  ...paysAway('oxxo', 'OXXO'),
};
export const PendingOxxoDark: Story = {
  name: 'Pending: OXXO, dark',
  globals: { theme: 'dark' },
  ...paysAway('oxxo', 'OXXO'),
};
export const PendingOxxoArabic: Story = {
  name: 'Pending: OXXO, right to left (Arabic)',
  globals: { locale: 'ar' },
  ...paysAway('oxxo', 'OXXO'),
};
export const PendingBoleto: Story = {
  name: 'Pending: Boleto (the typed line, its ITF barcode)',
  ...paysAway('boleto', 'Boleto'),
};
export const PendingBoletoDark: Story = {
  name: 'Pending: Boleto, dark',
  globals: { theme: 'dark' },
  ...paysAway('boleto', 'Boleto'),
};
export const PendingBoletoArabic: Story = {
  name: 'Pending: Boleto, right to left (Arabic)',
  globals: { locale: 'ar' },
  ...paysAway('boleto', 'Boleto'),
};
export const PendingSpei: Story = {
  name: 'Pending: SPEI (the CLABE, beneficiary, reference and amount)',
  ...paysAway('oxxo', 'SPEI'),
};
export const PendingSpeiDark: Story = {
  name: 'Pending: SPEI, dark',
  globals: { theme: 'dark' },
  ...paysAway('oxxo', 'SPEI'),
};
export const PendingSpeiArabic: Story = {
  name: 'Pending: SPEI, right to left (Arabic)',
  globals: { locale: 'ar' },
  ...paysAway('oxxo', 'SPEI'),
};

// Every other market's cash vouchers and transfers (markets' DIRECT methods), as their shoppers see them.
export const PendingRapipago: Story = {
  name: 'Pending: Rapipago (Argentina: the reference, its Code 128 barcode)',
  ...paysAway('cash-ar', 'Rapipago'),
};
export const PendingPagoFacil: Story = {
  name: 'Pending: Pago Fácil (Argentina)',
  ...paysAway('cash-ar', 'Pago Fácil'),
};
export const PendingArgentinaTransfer: Story = {
  name: 'Pending: Argentina, bank transfer (the CBU)',
  ...paysAway('cash-ar', 'Transferencia bancaria'),
};
export const PendingServipag: Story = {
  name: 'Pending: Servipag (Chile, no decimals)',
  ...paysAway('cash-cl', 'Servipag'),
};
export const PendingEfecty: Story = {
  name: 'Pending: Efecty (Colombia: the number, its Code 128 barcode)',
  ...paysAway('cash-co', 'Efecty'),
};
export const PendingBaloto: Story = {
  name: 'Pending: Baloto (Colombia: a GS1-128 barcode)',
  ...paysAway('cash-co', 'Baloto'),
};
export const PendingPagoEfectivo: Story = {
  name: 'Pending: PagoEfectivo (Peru)',
  ...paysAway('cash-pe', 'PagoEfectivo'),
};
export const PendingPeruTransfer: Story = {
  name: "Pending: Peru, bank transfer (BCP: the bank's payment reference)",
  ...paysAway('cash-pe', 'BCP'),
};
