/**
 * `<paylit-card-fields>` on its own: empty (with the accepted brands), typing, every brand
 * of core's table with its mark and grouping, where the CVV is (Amex and Visa), right to
 * left, every message of every field, each checked against the elements' catalog by the
 * story's play function; and a gallery of every brand, wallet and bank mark.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { cardBrands, formatCardNumber, maxCvvLength } from '@paylit/core/card';
import { format, messagesFor, type PaylitCardFields } from '@paylit/elements';
import { brandTestNumbers } from '../packages/core/test/fixtures/brand-numbers.js';
import {
  checkoutContext,
  type CheckoutContextValue,
} from '../packages/elements/src/context/checkout-context.js';
import { importMethodMarks } from '../packages/elements/src/internal/lazy.js';
import { paymentMethods } from '../packages/sandbox/src/catalogs/payment-methods.js';
import {
  VISA,
  autofill,
  cardFieldsIn,
  fill,
  framedFieldsIn,
  inputOf,
  leave,
  paste,
  typedInFrame,
  until,
  type Card,
} from './support/shopper.js';

interface Args {
  lang?: string;
  disabled: boolean;
  name: string;
  isolation: 'page' | 'frame';
}

const meta: Meta<Args> = {
  title: 'Elements/Card fields',
  component: 'paylit-card-fields',
  args: { disabled: false, name: 'card', isolation: 'page' },
  argTypes: {
    isolation: {
      control: 'inline-radio',
      options: ['page', 'frame'],
      description:
        "Where the inputs are: the element's shadow root, or a sandboxed frame of an opaque origin",
    },
  },
  render: (args) =>
    html`<paylit-card-fields name=${args.name} ?disabled=${args.disabled} isolation=${args.isolation} lang=${ifDefined(args.lang || undefined)}></paylit-card-fields>`,
};
export default meta;
type Story = StoryObj<Args>;

const typed =
  (card: Card): Story['play'] =>
  async ({ canvasElement }) =>
    fill(await cardFieldsIn(canvasElement), card);

/** Empty: Visa, Mastercard and American Express (the default without a checkout) beside the label. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const fields = await cardFieldsIn(canvasElement);
    await until(
      'the accepted brands are drawn',
      () => fields.shadowRoot!.querySelectorAll('[part=accepted] svg').length === 3,
    );
  },
};

/**
 * A checkout's order for Brazil: the accepted brands are its card methods. A stand-in
 * provider answers the fields' context request with the sandbox's Brazilian catalog.
 */
export const AcceptedBrandsOfTheOrder: Story = {
  name: 'Accepted brands of the order (Brazil)',
  render: (args) => {
    const provide = (event: Event) => {
      const request = event as Event & {
        context: unknown;
        callback: (value: CheckoutContextValue) => void;
      };
      if (request.context !== checkoutContext) return;
      event.stopPropagation();
      request.callback({
        status: 'ready',
        paymentMethods: paymentMethods.BR,
        savedCards: [],
        savedWallets: [],
        selection: { type: 'card' },
        setBin() {},
      } as unknown as CheckoutContextValue);
    };
    return html`<div @context-request=${provide}><paylit-card-fields name=${args.name} ?disabled=${args.disabled}></paylit-card-fields></div>`;
  },
  play: async ({ canvasElement }) => {
    const fields = await cardFieldsIn(canvasElement);
    const brands = paymentMethods.BR!.filter((m) => m.type === 'CARD' && m.id !== 'CARD').length;
    await until(
      `the order's ${brands} brands are drawn`,
      () => fields.shadowRoot!.querySelectorAll('[part=accepted] svg').length === brands,
    );
  },
};

/** Where the security code is, by brand: a description of the CVV input, and a small card. */
function cvvWhere(number: string, side: 'front' | 'back'): Story {
  return {
    play: async ({ canvasElement }) => {
      const fields = await cardFieldsIn(canvasElement);
      await fill(fields, { number });
      inputOf(fields, 'cvv').focus();
      await until(`the hint shows the ${side}`, () =>
        fields.shadowRoot!.querySelector(`[part=cvv-hint] svg[data-mark=cvv-${side}]`),
      );
    },
  };
}
export const CvvHintAmericanExpress: Story = {
  name: 'CVV hint: American Express (front)',
  ...cvvWhere('378282246310005', 'front'),
};
export const CvvHintVisa: Story = {
  name: 'CVV hint: Visa (back)',
  ...cvvWhere('4111111111111111', 'back'),
};

/** Every brand of core's table and every wallet and bank of the sandbox's catalog, as drawn by marks.ts. */
export const MarksGallery: Story = {
  name: 'Gallery: every mark',
  render: () => {
    const gallery = document.createElement('div');
    gallery.className = 'marks-gallery';
    gallery.style.cssText =
      'display:grid;grid-template-columns:repeat(auto-fill,minmax(7.5rem,1fr));gap:1rem;font:0.75rem system-ui,sans-serif';
    const tile = (mark: SVGSVGElement, name: string, id: string) => {
      const figure = document.createElement('figure');
      figure.style.cssText =
        'margin:0;display:grid;justify-items:center;gap:0.25rem;text-align:center';
      mark.setAttribute('width', '80');
      mark.setAttribute('height', '52');
      const caption = document.createElement('figcaption');
      caption.textContent = `${name} (${id})`;
      figure.append(mark, caption);
      gallery.append(figure);
    };
    void importMethodMarks().then(({ brandMark, methodMark }) => {
      for (const b of cardBrands) tile(brandMark(b.id), b.name, b.id);
      tile(brandMark(undefined), 'Unknown brand', 'generic');
      const methods = new Map(
        Object.values(paymentMethods)
          .flat()
          .filter((m) => m.type !== 'CARD')
          .map((m) => [m.id, m.name]),
      );
      for (const [id, name] of methods) tile(methodMark(id, name), name, id);
      tile(methodMark('ZZ', 'Banco Nuevo'), 'No mark of its own', 'initials');
    });
    // The marks as the shopper meets them first: the accepted brands above the empty number.
    const page = document.createElement('div');
    page.style.cssText = 'display:grid;gap:2rem';
    page.append(document.createElement('paylit-card-fields'), gallery);
    return page;
  },
  play: async ({ canvasElement }) => {
    await until(
      'every mark is drawn',
      () => canvasElement.querySelectorAll('.marks-gallery svg').length >= cardBrands.length + 30,
    );
  },
};
export const Typing: Story = { play: typed({ number: '5555 5555' }) };
export const Complete: Story = { play: typed(VISA) };
export const Disabled: Story = { args: { disabled: true } };

/** A brand of core's table: its icon, its grouping and its CVV length, from core's test numbers. */
function brand(id: string): Story {
  const info = cardBrands.find((b) => b.id === id);
  const number = brandTestNumbers.find(([, brandId]) => brandId === id)?.[0];
  if (!info || !number) throw new Error(`core has no brand or test number for ${id}`);
  return {
    play: async ({ canvasElement }) => {
      const fields = await cardFieldsIn(canvasElement);
      await fill(fields, { number });
      await until(`${info.name} is recognised`, () => fields.brand?.id === id);
      await until(
        'grouped as the brand groups it',
        () => inputOf(fields, 'number').value === formatCardNumber(number),
      );
      await until(
        "the CVV asks for the brand's length",
        () => inputOf(fields, 'cvv').placeholder.length === maxCvvLength(info),
      );
    },
  };
}

/**
 * A message of a field: what is typed, then the field is left; the message must be the
 * catalog's. A number too long for its brand cannot be typed (it stops growing): the
 * "Paste" story shows it. A field left empty says nothing until the shopper pays (leaving it
 * before typing is only moving through the form): its story fills the others and pays.
 */
function problem(field: 'number' | 'expiry' | 'cvv' | 'holder', kind: string, card: Card): Story {
  return {
    play: async ({ canvasElement }) => {
      const fields = await cardFieldsIn(canvasElement);
      if (kind === 'empty') {
        await fill(fields, { ...VISA, [field]: undefined });
        fields.reportValidity();
      } else {
        await fill(fields, card);
        await leave(fields, field);
      }
      const t = await messagesFor(fields.closest('[lang]')?.getAttribute('lang'));
      const expected = format((t.errors[field] as Record<string, string>)[kind]!, { digits: 3 });
      await until(
        `the ${field} says "${expected}"`,
        () => fields.shadowRoot!.querySelector(`#${field}-error`)!.textContent!.trim() === expected,
      );
    },
  };
}

export const EveryFieldInError: Story = {
  name: 'Every field in error',
  play: async ({ canvasElement }) => {
    const fields: PaylitCardFields = await cardFieldsIn(canvasElement);
    fields.reportValidity();
    await until(
      'each field shows its message',
      () => fields.shadowRoot!.querySelectorAll('.error:not(:empty)').length === 4,
    );
  },
};

export const Elo = brand('elo');
export const Hipercard = brand('hipercard');
export const Hiper = brand('hiper');
export const Naranja = brand('naranja');
export const Cabal = brand('cabal');
export const Argencard = brand('argencard');
export const TarjetaShopping = brand('tarjeta-shopping');
export const Cencosud = brand('cencosud');
export const Codensa = brand('codensa');
export const Carnet = brand('carnet');
export const Verve = brand('verve');
export const Aura = brand('aura');
export const Rupay = brand('rupay');
export const Troy = brand('troy');
export const Mir = brand('mir');
export const Dankort = brand('dankort');
export const VisaDebit = brand('visa-debit');
export const Visa = brand('visa');
export const Mastercard = brand('mastercard');
export const AmericanExpress = brand('american-express');
export const Diners = brand('diners');
export const Discover = brand('discover');
export const Jcb = brand('jcb');
export const Unionpay = brand('unionpay');
export const Maestro = brand('maestro');
/** Every brand of core's table has its story above. */
const listed = [
  'elo',
  'hipercard',
  'hiper',
  'naranja',
  'cabal',
  'argencard',
  'tarjeta-shopping',
  'cencosud',
  'codensa',
  'carnet',
  'verve',
  'aura',
  'rupay',
  'troy',
  'mir',
  'dankort',
  'visa-debit',
  'visa',
  'mastercard',
  'american-express',
  'diners',
  'discover',
  'jcb',
  'unionpay',
  'maestro',
];
const missing = cardBrands.filter((b) => !listed.includes(b.id)).map((b) => b.id);
if (missing.length) throw new Error(`brands without a story: ${missing.join(', ')}`);

export const ErrorNumberEmpty = problem('number', 'empty', {});
export const ErrorNumberIncomplete = problem('number', 'incomplete', { number: '411111' });
export const ErrorNumberLuhn = problem('number', 'luhn', { number: '4111111111111112' });
export const ErrorExpiryEmpty = problem('expiry', 'empty', {});
export const ErrorExpiryIncomplete = problem('expiry', 'incomplete', { expiry: '1' });
export const ErrorExpiryInvalidMonth = problem('expiry', 'invalid_month', { expiry: '1330' });
export const ErrorExpiryExpired = problem('expiry', 'expired', { expiry: '0120' });
export const ErrorExpiryTooFar = problem('expiry', 'too_far', { expiry: '1299' });
export const ErrorCvvEmpty = problem('cvv', 'empty', {});
export const ErrorCvvWrongLength = problem('cvv', 'wrong_length', {
  number: '4111111111111111',
  cvv: '12',
});
export const ErrorHolderEmpty = problem('holder', 'empty', {});

/** The shopper's text in a field, and what the field must show: its value and its message (the catalog's, by key), or none. */
async function shows(
  fields: PaylitCardFields,
  id: 'number' | 'expiry' | 'cvv' | 'holder',
  value: string,
  message?: (t: Awaited<ReturnType<typeof messagesFor>>) => string,
) {
  const t = await messagesFor(fields.closest('[lang]')?.getAttribute('lang'));
  const expected = message ? message(t) : '';
  await until(`the ${id} shows "${value}"`, () => inputOf(fields, id).value === value);
  await until(
    `the ${id} says "${expected}"`,
    () => fields.shadowRoot!.querySelector(`#${id}-error`)!.textContent!.trim() === expected,
  );
}

/**
 * Pasted: a card line from a password manager in the number (the number alone is taken, and
 * the field says so), an expiry that cannot be a date (kept as pasted, with its message, never
 * turned into another date), a security code too long for the brand (kept, with its message).
 */
export const Paste: Story = {
  name: 'Paste: a card line, a wrong month, a long code',
  play: async ({ canvasElement }) => {
    const fields = await cardFieldsIn(canvasElement);
    await paste(fields, 'number', 'ANA LIMA  5555 5555 5555 4444  12/30  737');
    await shows(fields, 'number', '5555 5555 5555 4444', (t) => t.numberTaken);
    await paste(fields, 'expiry', '13/30');
    await shows(fields, 'expiry', '13/30', (t) => t.errors.expiry.invalid_month);
    await paste(fields, 'cvv', '7370');
    await shows(fields, 'cvv', '7370', (t) => format(t.errors.cvv.wrong_length, { digits: 3 }));
    await paste(fields, 'holder', 'Ana Lima');
  },
};

/** Pasted as copied from a bank's page: spaced, dashed or dotted numbers, every way of writing the expiry: all read as typed. */
export const PasteFormats: Story = {
  name: 'Paste: spaced number, long expiry',
  play: async ({ canvasElement }) => {
    const fields = await cardFieldsIn(canvasElement);
    await paste(fields, 'number', ' 4111-1111.1111 1111 ');
    await shows(fields, 'number', '4111 1111 1111 1111');
    await paste(fields, 'expiry', '12 / 2030');
    await shows(fields, 'expiry', '12/30');
  },
};

/** Filled by Chromium's autofill (`cc-number`, `cc-exp` as MM/YYYY, `cc-csc`, `cc-name`): formatted, the brand shown, complete. */
export const Autofill: Story = {
  name: 'Autofill',
  play: async ({ canvasElement }) => {
    const fields = await cardFieldsIn(canvasElement);
    await autofill(fields, {
      number: '378282246310005',
      expiry: '04/2031',
      cvv: '1234',
      holder: 'ANA LIMA',
    });
    await shows(fields, 'number', '3782 822463 10005');
    await shows(fields, 'expiry', '04/31');
    await until('the card is complete', () => fields.complete);
  },
};

/** Autofilled with a card that has expired: the message shows at once, without leaving the field. */
export const AutofillExpired: Story = {
  name: 'Autofill: an expired card',
  play: async ({ canvasElement }) => {
    const fields = await cardFieldsIn(canvasElement);
    await autofill(fields, {
      number: '4111111111111111',
      expiry: '01/2020',
      cvv: '123',
      holder: 'ANA LIMA',
    });
    await shows(fields, 'expiry', '01/20', (t) => t.errors.expiry.expired);
  },
};

/** Typed in the shopper's own digits: shown as Latin digits, as the card prints them. */
function nativeDigits(digits: string): Story {
  const native = (ascii: string) => ascii.replace(/\d/g, (d) => digits[Number(d)]!);
  return {
    play: async ({ canvasElement }) => {
      const fields = await cardFieldsIn(canvasElement);
      await fill(fields, {
        number: native('5555555555554444'),
        expiry: native('1230'),
        cvv: native('737'),
      });
      await shows(fields, 'number', '5555 5555 5555 4444');
      await shows(fields, 'expiry', '12/30');
      await shows(fields, 'cvv', '737');
    },
  };
}
export const NativeDigitsArabic: Story = {
  name: 'Native digits: Arabic-Indic (٥٥٥٥)',
  globals: { locale: 'ar' },
  ...nativeDigits('٠١٢٣٤٥٦٧٨٩'),
};
export const NativeDigitsHindi: Story = {
  name: 'Native digits: Devanagari (५५५५)',
  globals: { locale: 'hi' },
  ...nativeDigits('०१२३४५६७८९'),
};
export const NativeDigitsThai: Story = {
  name: 'Native digits: Thai (๕๕๕๕)',
  globals: { locale: 'th' },
  ...nativeDigits('๐๑๒๓๔๕๖๗๘๙'),
};
export const NativeDigitsFullWidth: Story = {
  name: 'Native digits: full-width (５５５５)',
  globals: { locale: 'zh-CN' },
  ...nativeDigits('０１２３４５６７８９'),
};

export const Spanish: Story = { globals: { locale: 'es' }, play: EveryFieldInError.play };
export const LatinAmericanSpanish: Story = {
  name: 'Latin American Spanish (es-419)',
  globals: { locale: 'es-419' },
  play: EveryFieldInError.play,
};
export const BrazilianPortuguese: Story = {
  name: 'Brazilian Portuguese',
  globals: { locale: 'pt-BR' },
  play: EveryFieldInError.play,
};
export const RightToLeft: Story = {
  name: 'Right to left (Arabic)',
  globals: { locale: 'ar' },
  play: typed({ number: '378282246310005' }),
};
export const RightToLeftEmpty: Story = {
  name: 'Right to left (Arabic), empty',
  globals: { locale: 'ar' },
  play: Empty.play,
};
export const RightToLeftInError: Story = {
  name: 'Right to left (Arabic), every field in error',
  globals: { locale: 'ar' },
  play: EveryFieldInError.play,
};
export const Chinese: Story = {
  name: 'Chinese (zh-CN), every field in error',
  globals: { locale: 'zh-CN' },
  play: EveryFieldInError.play,
};
export const Thai: Story = {
  name: 'Thai, every field in error',
  globals: { locale: 'th' },
  play: EveryFieldInError.play,
};
export const Hindi: Story = {
  name: 'Hindi, every field in error',
  globals: { locale: 'hi' },
  play: EveryFieldInError.play,
};
export const Dark: Story = { globals: { theme: 'dark' }, play: ErrorNumberLuhn.play };
export const CustomTheme: Story = {
  name: 'Custom theme',
  globals: { theme: 'custom' },
  play: ErrorCvvWrongLength.play,
};

/**
 * Frame isolation: the same fields in a sandboxed frame of an opaque origin, drawn in the
 * element's shadow root (`<iframe part="frame" title="Card details">`). No script of the page
 * reaches the frame's inputs, these play functions included: they read the host (its
 * validity, `complete`, `brand`, `bin`), as the merchant's page does, and test/storybook.spec.ts
 * checks inside the frame (Playwright reaches it).
 */
export const FrameIsolation: Story = {
  name: 'Frame isolation',
  tags: ['frame-isolation'],
  args: { isolation: 'frame' },
  play: async ({ canvasElement }) => {
    const fields = await framedFieldsIn(canvasElement);
    const t = await messagesFor(fields.closest('[lang]')?.getAttribute('lang'));
    await until(
      'the host is invalid, the number empty',
      () => fields.validationMessage === t.errors.number.empty && !fields.complete,
    );
  },
};

/**
 * Typed in the frame by the shopper (a play function cannot: in Storybook, type the test Visa
 * 4111 1111 1111 1111, 12/30, 123 and a name; the spec types it with Playwright); the host
 * is complete, with the brand, the BIN and its form value, as in page mode.
 */
export const FrameIsolationTypedAndValid: Story = {
  name: 'Frame isolation: typed and valid',
  tags: ['frame-isolation', 'shopper-types-in-frame'],
  args: { isolation: 'frame' },
  play: async ({ canvasElement }) => {
    const fields = await framedFieldsIn(canvasElement);
    await typedInFrame(fields);
    await until(
      'the host has the brand and the BIN',
      () => fields.brand?.id === 'visa' && fields.bin?.startsWith('411111'),
    );
    await until(
      'the host is valid',
      () => fields.checkValidity() && fields.validationMessage === '',
    );
  },
};

/** `reportValidity()` on the host: each field shows its message inside the frame, and the host is invalid with the first. */
export const FrameIsolationErrorsShown: Story = {
  name: 'Frame isolation: errors shown',
  tags: ['frame-isolation'],
  args: { isolation: 'frame' },
  play: async ({ canvasElement }) => {
    const fields = await framedFieldsIn(canvasElement);
    const t = await messagesFor(fields.closest('[lang]')?.getAttribute('lang'));
    if (fields.reportValidity()) throw new Error('the empty fields reported themselves valid');
    await until(
      "the host says the first field's message",
      () => fields.validationMessage === t.errors.number.empty,
    );
  },
};

/**
 * Arabic, dark, and a merchant's accent on the host (`--paylit-color-accent`): the frame
 * takes the page's language (its title and its fields, right to left), colour scheme and
 * tokens. The messages shown, the first field focused in the accent.
 */
export const FrameIsolationArabicDark: Story = {
  name: "Frame isolation: Arabic, dark, a merchant's accent",
  tags: ['frame-isolation'],
  globals: { locale: 'ar', theme: 'dark' },
  args: { isolation: 'frame' },
  render: (args) =>
    html`<paylit-card-fields name=${args.name} isolation=${args.isolation} style="--paylit-color-accent: #2dd4bf"></paylit-card-fields>`,
  play: async ({ canvasElement }) => {
    const fields = await framedFieldsIn(canvasElement);
    const t = await messagesFor('ar');
    const frame = fields.shadowRoot!.querySelector('iframe')!;
    await until(
      `the frame is titled in Arabic ("${t.cardFrame}")`,
      () => frame.title === t.cardFrame,
    );
    fields.reportValidity();
    await until(
      "the host says the first field's message in Arabic",
      () => fields.validationMessage === t.errors.number.empty,
    );
  },
};
