/**
 * The card frame of the frame isolation mode: the first script (`paylit.frame.js`, one classic
 * script) that the frame `<paylit-card-fields isolation="frame">` draws loads in its sandboxed,
 * opaque-origin document (internal/frame-host.ts). It draws the same `<paylit-card-fields>`, in
 * page mode, inside the frame, where no script of the page can listen to it or read it. It holds
 * what draws, formats and checks the fields and speaks to the page, and no more: the marks and
 * the encryption come after it as classic scripts of their own (frame-loaders.ts), so that the
 * fields are drawn first.
 *
 * It takes one `MessagePort` from the page that holds it, once, and speaks only over it, in
 * the closed list of internal/frame-protocol.ts: every message is read on arrival and
 * dropped unless it is one of the list; a message from anything but the parent window, or a
 * second port, is ignored. The number and the security code leave this document only inside
 * the JWE.
 */
import { drawn, give } from './frame-loaders.js';
import { ContextProvider } from '@lit/context';
import { extractBin, getBrand, lastFour } from '@paylit/core/card';
import type { KeyInput } from '@paylit/core/crypto';
import {
  CardFieldsInvalidError,
  fieldProblem,
  type PaylitCardFields,
} from '../components/paylit-card-fields/paylit-card-fields.js';
import {
  checkoutContext,
  emptyCheckout,
  type CheckoutContextValue,
  type PaymentMethodView,
  type SavedCardView,
} from '../context/checkout-context.js';
import { resolveLocale } from '../i18n/index.js';
import {
  FRAME_FIELDS,
  readFrameMessage,
  readPageMessage,
  type FieldValidity,
  type FrameField,
  type FrameMessage,
  type PageMessage,
} from '../internal/frame-protocol.js';

const SAVED_ID = 'saved';
/** Room for the focus ring, which the frame's edge would cut: the page draws the frame this much larger on each side. */
const RING = 4;

let port: MessagePort | undefined;
const root = document.documentElement;
const fields = document.createElement('paylit-card-fields') as PaylitCardFields;
let saved: SavedCardView | undefined;

/** The checkout's part the fields read: the order's card brands, the saved card, the language. */
const context: CheckoutContextValue = {
  ...emptyCheckout,
  status: 'ready',
  // The page's checkout gets the BIN from the frame's state.
  setBin: () => undefined,
  choosePlan: () => undefined,
  select: () => undefined,
  loadPlans: () => Promise.resolve(null),
};
const provider = new ContextProvider(document.body, {
  context: checkoutContext,
  initialValue: context,
});

function post(message: FrameMessage): void {
  // What leaves is read as the page reads it: nothing off the list goes out either.
  if (readFrameMessage(message)) port?.postMessage(message);
}

const input = (field: FrameField) =>
  fields.shadowRoot?.getElementById(field) as HTMLInputElement | null;

/**
 * The brand, the last four, the BIN and each field's validity. While the shopper is still in the
 * number field, its validity and last four are not told: a number is valid at each length its
 * brand allows (Visa's 13, 16 and 19), so the last four of each valid prefix, told as it was
 * typed, would give a page script the whole number. They are told when the shopper leaves the
 * field, and before a card is sealed (`final`).
 */
function state(
  final = fields.shadowRoot?.activeElement !== input('number'),
): Record<FrameField, FieldValidity> | undefined {
  if (!input('number')) return undefined;
  const cvvBrand = saved ? getBrand(saved.brand) : fields.brand;
  const checked = Object.fromEntries(
    FRAME_FIELDS.map((f): [FrameField, FieldValidity] => {
      const error = fieldProblem(f, input(f)!.value, cvvBrand) ?? null;
      return [f, { valid: error === null, error }];
    }),
  ) as Record<FrameField, FieldValidity>;
  const number = input('number')!.value;
  const told =
    final || !checked.number.valid
      ? checked
      : { ...checked, number: { valid: false, error: 'incomplete' } };
  post({
    type: 'state',
    brand: fields.brand?.id ?? null,
    last4: final && checked.number.valid ? lastFour(number) : null,
    bin: extractBin(number) ?? null,
    fields: told,
  });
  return checked;
}

function configure(message: Extract<PageMessage, { type: 'configure' }>): void {
  const locale = resolveLocale(message.lang);
  if (message.messages && locale !== 'en') give(locale, message.messages);
  root.lang = message.lang;
  for (const [token, value] of Object.entries(message.theme)) root.style.setProperty(token, value);
  root.style.colorScheme = message.theme['--paylit-color-scheme'] ?? '';
  // The colour behind the host on the page, painted under the fields (frame-host.ts `behind`).
  document.body.style.backgroundColor = message.theme['--paylit-frame-background'] || 'transparent';
  saved = message.saved
    ? ({
        card_id: SAVED_ID,
        brand: message.saved.brand,
        last4: message.saved.last4,
      } as SavedCardView)
    : undefined;
  provider.setValue({
    ...context,
    lang: message.lang,
    paymentMethods: message.brands.map((id) => ({ type: 'CARD', id }) as PaymentMethodView),
    savedCards: saved ? [saved] : [],
    selection: saved ? { type: 'saved_card', cardId: SAVED_ID } : { type: 'card' },
  });
  void fields.updateComplete.then(() => {
    state();
    // The page shows the frame from its first height: sent once the fields are drawn as configured
    // (language, brands), so the page's layout moves once, not again a moment later; at once,
    // not a frame later with the observer's first report.
    height();
    sizes.observe(root);
    // Now what the fields draw later: the marks.
    drawn();
  });
}

const height = () => post({ type: 'height', px: root.getBoundingClientRect().height });
const sizes = new ResizeObserver(height);

/** The public key as the page sent it: a JWK's JSON, or an SPKI PEM. */
function key(text: string): KeyInput {
  return text.trimStart().startsWith('{') ? (JSON.parse(text) as JsonWebKey) : text;
}

async function seal(id: number, publicKey: string): Promise<void> {
  try {
    if (saved) {
      const { encryptedCvv } = await fields.encryptCvv(key(publicKey));
      post({ type: 'sealed', id, card: { encryptedCvv } });
    } else {
      const { encryptedData, holderName, expirationMonth, expirationYear } = await fields.encrypt(
        key(publicKey),
      );
      // What was sealed, told in full first (the page's submission carries its last four).
      state(true);
      post({
        type: 'sealed',
        id,
        card: { encryptedData, holderName, expirationMonth, expirationYear },
      });
    }
  } catch (error) {
    const checked = state(true);
    const first = error instanceof CardFieldsInvalidError ? error.fields[0] : undefined;
    const kind = (error as { kind?: unknown }).kind === 'network' ? 'network' : 'configuration';
    post({ type: 'refused', id, error: first ? (checked?.[first].error ?? 'empty') : kind });
  }
}

function receive(message: PageMessage): void {
  switch (message.type) {
    case 'configure':
      return configure(message);
    case 'seal':
      return void seal(message.id, message.publicKey);
    case 'focus':
      return input(message.field)?.focus();
    case 'report':
      fields.reportValidity();
      state();
      return;
    case 'clear':
      fields.clear();
      state();
      return;
    case 'disable':
      fields.disabled = message.disabled;
  }
}

const fieldOf = (event: Event) => (event.composedPath()[0] as HTMLElement).id as FrameField;

function start(): void {
  document.body.style.cssText = `margin:0;padding:${RING}px;background-color:transparent`;
  fields.addEventListener('input', () => state());
  document.body.append(fields);
  void fields.updateComplete.then(() => {
    // On the shadow root: focus moving from one field to the next does not reach the host.
    const inside = fields.shadowRoot!;
    inside.addEventListener('focusin', (event) => post({ type: 'focus', field: fieldOf(event) }));
    inside.addEventListener('focusout', (event) => {
      // Leaving the number: its validity and last four are told now.
      if (fieldOf(event) === 'number') state(true);
      post({ type: 'blur', field: fieldOf(event) });
    });
    // Enter in the last field pays, in the page: the form's submit or the checkout's.
    inside.addEventListener('keydown', (event) => {
      const target = event.composedPath()[0] as HTMLInputElement;
      if (
        (event as KeyboardEvent).key === 'Enter' &&
        !(event as KeyboardEvent).isComposing &&
        target.enterKeyHint === 'go'
      )
        post({ type: 'submit' });
    });
  });
  // Focus given to the frame from the page (Tab, or the page's `focus()`) goes to the first field.
  // (Tab and Shift+Tab land on the first or last field themselves, before this looks.)
  addEventListener('focus', () =>
    setTimeout(() => document.activeElement === document.body && fields.focus()),
  );
}

addEventListener('message', (event) => {
  if (
    port ||
    event.source !== parent ||
    event.data !== 'paylit-card-frame' ||
    event.ports.length !== 1
  )
    return;
  port = event.ports[0]!;
  port.onmessage = (message) => {
    const read = readPageMessage(message.data);
    if (read) receive(read);
  };
  post({ type: 'ready' });
  void fields.updateComplete.then(() => state());
});

// The fields are drawn at once, while the page hands the port over: the frame stays at height 0
// on the page until it is configured (its language, the order's brands), and the first
// drawing, Lit's first-time work, is done by then.
start();
