/**
 * The card frame of the frame isolation mode: the first script (`paylit.frame.js`, one classic
 * script) that the frame `<paylit-card-fields isolation="frame">` draws loads in its sandboxed,
 * opaque-origin document (internal/frame-host.ts). It draws the card fields inside the frame,
 * where no script of the page can listen to them or read them: the same fields as page isolation
 * draws, in plain DOM (frame-fields.ts; no Lit in the frame). It holds what draws, formats and
 * checks the fields and speaks to the page, and no more: the marks and the encryption come after
 * it as classic scripts of their own (frame-loaders.ts), so that the fields are drawn first.
 *
 * It takes one `MessagePort` from the page that holds it, once, and speaks only over it, in
 * the closed list of internal/frame-protocol.ts: every message is read on arrival and
 * dropped unless it is one of the list; a message from anything but the parent window, or a
 * second port, is ignored. The number and the security code leave this document only inside
 * the JWE.
 */
import { drawn, later, Refused } from './frame-loaders.js';
import { extractBin, lastFour } from '@paylit/core/card';
import type { KeyInput } from '@paylit/core/crypto';
import type { CardWords } from '../i18n/card-words.js';
import { enCard } from '../i18n/en-card.js';
import { resolveLocale, rightToLeft } from '../i18n/locales.js';
import {
  FRAME_FIELDS,
  readFrameMessage,
  readPageMessage,
  type FieldValidity,
  type FrameField,
  type FrameMessage,
  type PageMessage,
} from '../internal/frame-protocol.js';
import { fieldProblem } from '../components/paylit-card-fields/card-entry.js';
import { FrameFields, type FrameCrypto, type FrameMarks } from './frame-fields.js';

/** Room for the focus ring, which the frame's edge would cut: the page draws the frame this much larger on each side. */
const RING = 4;

let port: MessagePort | undefined;
const root = document.documentElement;

/** The encryption's script did not arrive. */
class NotHere extends Error {}
/**
 * The encryption's script, asked for when a field is first focused and awaited before a card is
 * sealed; one that does not arrive is a network failure the shopper may retry (asked for anew).
 */
const encryption = () =>
  (later('crypto') as Promise<FrameCrypto>).catch((cause: unknown) => {
    // Refused by its pin: said as such (`refused` with `integrity`), never tried again.
    throw cause instanceof Refused ? cause : new NotHere(String(cause));
  });

/** Drawn at once, in English, while the page hands the port over; configured by the page. */
const fields = new FrameFields(
  { t: enCard, direction: 'ltr', brands: [], saved: undefined },
  {
    changed: () => state(),
    // Enter in the last field pays, in the page: the form's submit or the checkout's.
    submit: () => post({ type: 'submit' }),
    reached: () => void encryption().catch(() => undefined),
  },
);

function post(message: FrameMessage): void {
  // What leaves is read as the page reads it: nothing off the list goes out either.
  if (readFrameMessage(message)) port?.postMessage(message);
}

const input = (field: FrameField) => fields.input(field);

/** The last state told, as JSON. */
let told = '';

/**
 * The brand, the last four, the BIN and each field's validity. While the shopper is still in the
 * number field, its validity and last four are not told: a number is valid at each length its
 * brand allows (Visa's 13, 16 and 19), so the last four of each valid prefix, told as it was
 * typed, would give a page script the whole number. They are told when the shopper leaves the
 * field, and before a card is sealed (`final`). `ifChanged`: not told again when it is what was
 * told last (the page reads each state after the first as an `input` of the fields).
 */
function state(
  final = fields.element.shadowRoot?.activeElement !== input('number'),
  ifChanged = false,
): Record<FrameField, FieldValidity> {
  const cvvBrand = fields.cvvBrand;
  const checked = Object.fromEntries(
    FRAME_FIELDS.map((f): [FrameField, FieldValidity] => {
      const error = fieldProblem(f, input(f).value, cvvBrand) ?? null;
      return [f, { valid: error === null, error }];
    }),
  ) as Record<FrameField, FieldValidity>;
  const number = input('number').value;
  const message: FrameMessage = {
    type: 'state',
    brand: fields.brand?.id ?? null,
    last4: final && checked.number.valid ? lastFour(number) : null,
    bin: extractBin(number) ?? null,
    fields:
      final || !checked.number.valid
        ? checked
        : { ...checked, number: { valid: false, error: 'incomplete' } },
  };
  const json = JSON.stringify(message);
  if (!ifChanged || json !== told) post(message);
  told = json;
  return checked;
}

let configured = false;

function configure(message: Extract<PageMessage, { type: 'configure' }>): void {
  const locale = resolveLocale(message.lang);
  // The catalog the page sent (checked against English's shape on arrival), else English.
  const t: CardWords = (locale !== 'en' && message.messages) || enCard;
  root.lang = message.lang;
  for (const [token, value] of Object.entries(message.theme)) root.style.setProperty(token, value);
  root.style.colorScheme = message.theme['--paylit-color-scheme'] ?? '';
  // The colour behind the host on the page, painted under the fields (frame-host.ts `behind`).
  document.body.style.backgroundColor = message.theme['--paylit-frame-background'] || 'transparent';
  fields.configure({
    t,
    direction: rightToLeft.has(locale) ? 'rtl' : 'ltr',
    brands: message.brands,
    saved: message.saved ?? undefined,
  });
  // Told again only when the configuration changed it (the order's brands, a saved card's
  // fields): the shopper has typed nothing.
  state(undefined, true);
  // The page shows the frame from its first height: sent once the fields are drawn as configured
  // (language, brands), so the page's layout moves once, not again a moment later; at once,
  // not a frame later with the observer's first report.
  height();
  sizes.observe(root);
  if (configured) return;
  configured = true;
  // Now what the fields draw later: the marks.
  drawn();
  later('marks').then(
    (marks) => (fields.marks = marks as FrameMarks),
    () => undefined,
  );
}

const height = () => post({ type: 'height', px: root.getBoundingClientRect().height });
const sizes = new ResizeObserver(height);

/** The public key as the page sent it: a JWK's JSON, or an SPKI PEM. */
function key(text: string): KeyInput {
  return text.trimStart().startsWith('{') ? (JSON.parse(text) as JsonWebKey) : text;
}

async function seal(id: number, publicKey: string): Promise<void> {
  try {
    const card = await fields.seal(key(publicKey), encryption);
    if (card) {
      // What was sealed, told in full first (the page's submission carries its last four).
      if ('encryptedData' in card) state(true);
      post({ type: 'sealed', id, card });
      return;
    }
    const checked = state(true);
    const first = fields.shown.find((f) => !checked[f].valid);
    post({ type: 'refused', id, error: (first && checked[first].error) ?? 'empty' });
  } catch (error) {
    state(true);
    const network = error instanceof NotHere || (error as { kind?: unknown }).kind === 'network';
    const said = error instanceof Refused ? 'integrity' : network ? 'network' : 'configuration';
    post({ type: 'refused', id, error: said });
  }
}

function receive(message: PageMessage): void {
  switch (message.type) {
    case 'configure':
      return configure(message);
    case 'seal':
      return void seal(message.id, message.publicKey);
    case 'focus':
      return input(message.field).focus();
    case 'report':
      fields.report();
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
  document.body.append(fields.element);
  // On the shadow root: focus moving from one field to the next does not reach the host.
  const inside = fields.element.shadowRoot!;
  inside.addEventListener('focusin', (event) => post({ type: 'focus', field: fieldOf(event) }));
  inside.addEventListener('focusout', (event) => {
    // Leaving the number: its validity and last four are told now.
    if (fieldOf(event) === 'number') state(true);
    post({ type: 'blur', field: fieldOf(event) });
  });
  // Focus given to the frame from the page (Tab, or the page's `focus()`) goes to the first field.
  // (Tab and Shift+Tab land on the first or last field themselves, before this looks.)
  addEventListener('focus', () =>
    setTimeout(() => document.activeElement === document.body && fields.focus()),
  );
}

// The page going into the back/forward cache: the card does not stay in a frozen document (the
// page's side asks the same, but its message may come only once the page is shown again).
addEventListener('pagehide', (event) => {
  if (!event.persisted) return;
  fields.clear();
  state();
});

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
  state();
});

// The fields are drawn at once, while the page hands the port over: the frame stays at height 0
// on the page until it is configured (its language, the order's brands).
start();
