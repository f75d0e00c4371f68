/**
 * The page's side of the frame isolation mode (`<paylit-card-fields isolation="frame">`), a
 * chunk the card fields load when they are first drawn in that mode (lazy.ts
 * `importFrameHost`).
 *
 * It speaks to the card frame (frame-element.ts: an `<iframe sandbox="allow-scripts">` of an
 * opaque origin, whose `srcdoc` loads the frame script `paylit.frame.js`, frame/card-frame.ts),
 * which the card fields made and drew before this chunk loaded, so that the frame loads while
 * this chunk does. The frame draws the same `<paylit-card-fields>` in page mode, inside itself.
 *
 * Page and frame speak over one `MessagePort`, handed to the frame once when it has loaded;
 * what crosses is the closed list of frame-protocol.ts, read on arrival. The page gets the
 * brand, the last four digits (once the number is valid), the BIN, and each field's validity;
 * on `encrypt()` the JWE and the card's non-secret fields. It gives the language with its
 * catalog, the theme (the `--paylit-*` tokens as the host computes them, its font, colour and
 * colour scheme), the brands the order accepts and the saved card chosen.
 *
 * It is the card fields' card entry in that mode (`CardEntry`, components/paylit-card-fields/
 * card-entry.ts), as `page-entry.ts` is in page isolation: the element stays the form's field and
 * the checkout's card fields, its `input` and `change` events, its form value (`<name>-brand`,
 * `<name>-last4`), its validity, its `brand`, `bin` and `complete`, and `encrypt()` answer as in
 * page mode. It reads the element only through the `CardEntryHost` the element gives it.
 */
import { getBrand, maxCvvLength, type BrandInfo } from '@paylit/core/card';
import type { KeyInput } from '@paylit/core/crypto';
import type {
  CardEntry,
  CardEntryHost,
  CardSubmission,
  SavedCardSubmission,
} from '../components/paylit-card-fields/card-entry.js';
import { PaylitError } from '@paylit/core/errors';
import type { SavedCardView } from '../context/checkout-context.js';
import { cardWords } from '../i18n/card-words.js';
import { format } from '../i18n/format.js';
import type { CardFrame } from './frame-element.js';
import {
  FRAME_FIELDS,
  readFrameMessage,
  themeToken,
  THEME_TOKENS,
  type FrameField,
  type FrameMessage,
  type PageMessage,
  type SealedCard,
  type SealedCvv,
} from './frame-protocol.js';

type State = Extract<FrameMessage, { type: 'state' }>;

/** How long a loaded frame has to say it is ready, and a seal to be answered (RSA and AES in WebCrypto take milliseconds). */
const READY_MS = 8_000;
const SEAL_MS = 15_000;

/** The computed style properties the frame takes when the merchant set no token of its own. */
const INHERITED = {
  '--paylit-font': 'font',
  '--paylit-color-text': 'color',
  '--paylit-color-scheme': 'color-scheme',
} as const;

export class FrameHost implements CardEntry {
  /** The iframe, drawn by the card fields in their shadow root. */
  readonly frame: HTMLIFrameElement;
  readonly #host: CardEntryHost;
  /** The frame, made by the card fields (frame-element.ts), its document loaded or loading. */
  readonly #card: CardFrame;
  /** The brand the frame told. */
  #brand: BrandInfo | undefined;
  #port: MessagePort | undefined;
  #state: State | undefined;
  /** The last `configure` sent, as JSON: sent again only when it changes. */
  #configured = '';
  /** The seal requests waiting for their answer, by id. */
  #seals = new Map<
    number,
    {
      /** The key, as sent: sent again to a document that loaded after it was asked. */
      publicKey: string;
      resolve(card: SealedCard | SealedCvv): void;
      reject(error: Error): void;
    }
  >();
  #nextId = 1;
  /** A state came while a field had focus: its blur is a `change`. */
  #changed = false;
  /** Settles when the frame has said `ready`; refused when it did not within READY_MS of its load. */
  #ready!: Promise<void>;
  #readyNow!: (value?: Promise<void>) => void;
  #readyFailed!: (error: Error) => void;
  /** `#ready` has not settled yet: a new wait takes over the seals waiting on it. */
  #readyPending = false;
  /** Every field's message was asked for before the frame had a port: asked again once it has one. */
  #reportWaits = false;
  #readyTimer: ReturnType<typeof setTimeout> | undefined;
  /** The page's own changes of theme (a class or style on `<html>` or `<body>`, the colour scheme) are sent to the frame. */
  #themeWatch = new MutationObserver(() => this.sync());
  #schemeWatch = matchMedia('(prefers-color-scheme: dark)');
  #schemeChanged = () => this.sync();

  constructor(host: CardEntryHost, card: CardFrame) {
    this.#host = host;
    this.#card = card;
    this.#waitReady();
    this.frame = card.frame;
    // Only the browser's own `load`: a page script's `dispatchEvent(new Event('load'))` would have
    // the page side hand the same document a second port, which the frame ignores (it takes its
    // parent's first port alone), and leave the page side speaking into a port nobody reads.
    this.frame.addEventListener('load', (event) => event.isTrusted && this.#connect());
    // Loaded before this chunk was: spoken to now.
    if (card.loaded) this.#connect();
  }

  #waitReady(): void {
    const before = this.#readyPending ? this.#readyNow : undefined;
    this.#readyPending = true;
    this.#ready = new Promise((resolve, reject) => {
      this.#readyNow = (value) => {
        this.#readyPending = false;
        resolve(value);
      };
      this.#readyFailed = (error) => {
        this.#readyPending = false;
        reject(error);
      };
    });
    // Nobody may be waiting yet: a failure is read when a seal asks.
    this.#ready.catch(() => undefined);
    // A seal already waiting for the frame's last document waits for this one instead: it would
    // otherwise wait for a promise nobody settles any more.
    before?.(this.#ready);
  }

  /** The frame's document is there (again, after the element moved): a new port, and everything it must know. */
  #connect(): void {
    this.#port?.close();
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    this.#configured = '';
    // A new document (the element moved, or the frame was loaded anew) holds no card yet.
    this.#forget();
    port1.onmessage = (event) => {
      const message = readFrameMessage(event.data);
      if (message) this.#receive(message);
    };
    this.frame.contentWindow?.postMessage('paylit-card-frame', '*', [port2]);
    // What the frame must show goes behind the port at once, not after its `ready`: the port holds
    // it until the frame listens, and the frame draws as configured one round trip sooner.
    this.sync();
    if (this.#reportWaits) {
      this.#reportWaits = false;
      this.#send({ type: 'report' });
    }
    // A seal asked of the document that went is asked of this one (which holds no card yet, and
    // answers which fields are empty), instead of waiting for an answer that cannot come.
    for (const [id, { publicKey }] of this.#seals) this.#send({ type: 'seal', id, publicKey });
    clearTimeout(this.#readyTimer);
    this.#readyTimer = setTimeout(() => {
      // Its script did not run: not served beside paylit.js, refused by the page's CSP, or the
      // network failed. A payment asked now is refused as a network failure, which the shopper may
      // try again: the frame is loaded anew for that.
      this.#readyFailed(
        new PaylitError(
          'encryption_failed',
          "the card frame did not start: paylit.frame.js did not load or run (is it served beside paylit.js, and allowed by the page's CSP?)",
          { kind: 'network' },
        ),
      );
    }, READY_MS);
    this.#themeWatch.disconnect();
    for (const el of [document.documentElement, document.body])
      this.#themeWatch.observe(el, { attributes: true });
    this.#schemeWatch.addEventListener('change', this.#schemeChanged);
  }

  #send(message: PageMessage): void {
    this.#port?.postMessage(message);
  }

  #receive(message: FrameMessage): void {
    switch (message.type) {
      case 'ready':
        clearTimeout(this.#readyTimer);
        this.sync();
        this.#readyNow();
        return;
      case 'state':
        return this.#take(message);
      case 'height':
        this.frame.style.height = `${Math.ceil(message.px)}px`;
        // The first: the frame takes its place from the card fields' stand-in, in this frame.
        if (!this.#card.sized) {
          this.#card.sized = true;
          this.#host.requestUpdate();
        }
        return;
      case 'focus':
        this.#changed = false;
        return;
      case 'blur':
        if (this.#changed)
          this.#host.element.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
        this.#changed = false;
        return;
      case 'submit':
        return this.#host.submit();
      case 'sealed':
      case 'refused': {
        const seal = this.#seals.get(message.id);
        this.#seals.delete(message.id);
        if (message.type === 'sealed') return seal?.resolve(message.card);
        const { error } = message;
        if (error === 'network' || error === 'configuration' || error === 'integrity')
          return seal?.reject(
            new PaylitError(
              error === 'configuration' ? 'configuration_error' : 'encryption_failed',
              error === 'configuration'
                ? 'the public key could not be used'
                : 'the encryption did not load',
              { kind: error },
            ),
          );
        const invalid = this.#invalid();
        // A field the page still held valid when Pay was clicked (a busy browser runs the click
        // before the frame's last state): the page focuses it now, as report() does, since the
        // frame's own focus() may not take focus from the page.
        if (seal && invalid[0]) this.focus(invalid[0]);
        seal?.reject(this.#host.invalid(invalid));
      }
    }
  }

  /** What the frame tells of the card: the host's brand, BIN, validity, form value and `input`. */
  #take(state: State): void {
    const before = this.#state;
    this.#state = state;
    this.#changed = true;
    const brand = state.brand ? getBrand(state.brand) : undefined;
    if (brand?.id !== this.#brand?.id) this.#brand = brand && withoutPatterns(brand);
    if (state.bin !== before?.bin) this.#host.checkout?.setBin(state.bin ?? undefined);
    this.#validate();
    if (before)
      this.#host.element.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  }

  /** The fields the frame shows: all four, or the security code alone for a saved card. */
  #fields(): readonly FrameField[] {
    return this.#host.savedCard ? ['cvv'] : FRAME_FIELDS;
  }

  #invalid(): FrameField[] {
    return this.#fields().filter((f) => !this.#state?.fields[f].valid);
  }

  #validate(): void {
    const { internals, name } = this.#host;
    const first = this.#invalid()[0];
    if (first) {
      const t = this.#host.t;
      const key = this.#state?.fields[first].error ?? 'empty';
      const text = (t.errors[first] as Record<string, string>)[key] ?? t.errors[first].empty;
      const saved = this.#host.savedCard;
      // (the frame as the anchor while it is drawn in the host's shadow root)
      internals.setValidity(
        { customError: true },
        format(text, {
          digits: maxCvvLength(getBrand(saved ? saved.brand : (this.#state?.brand ?? ''))),
        }),
        this.frame.isConnected ? this.frame : undefined,
      );
    } else internals.setValidity({});
    const saved = this.#host.savedCard;
    const brand = saved
      ? saved.brand
      : this.#state?.brand && (getBrand(this.#state.brand)?.code ?? this.#state.brand);
    const last4 = saved ? saved.last4 : this.#state?.last4;
    if (!first && brand && last4) {
      const value = new FormData();
      value.append(`${name}-brand`, brand);
      value.append(`${name}-last4`, last4);
      internals.setFormValue(value, null);
    } else internals.setFormValue(null, null);
  }

  /** Tells the frame what it must show, when that changed: language, theme, accepted brands, saved card, disabled. */
  sync(): void {
    if (!this.#port) return;
    const { locale: lang, t: messages, checkout } = this.#host;
    const style = getComputedStyle(this.#host.element);
    const theme: Record<string, string> = {};
    for (let i = 0; i < style.length; i++) {
      const name = style[i]!;
      if (name.startsWith('--paylit-')) theme[name] = style.getPropertyValue(name).trim();
    }
    for (const [token, property] of Object.entries(INHERITED))
      theme[token] ??= style.getPropertyValue(property);
    theme['--paylit-frame-background'] = behind(this.#host.element);
    // Only what the frame takes (a value with `url()`, or too long a font list, would have it drop the whole message).
    const taken = Object.fromEntries(
      Object.entries(theme)
        .filter(([name, value]) => themeToken(name, value))
        .slice(0, THEME_TOKENS),
    );
    const saved = this.#host.savedCard;
    const configure: PageMessage = {
      type: 'configure',
      lang,
      messages: lang === 'en' ? null : cardWords(messages),
      theme: taken,
      brands: (checkout?.paymentMethods ?? []).filter((m) => m.type === 'CARD').map((m) => m.id),
      saved: saved ? { brand: saved.brand, last4: saved.last4 } : null,
    };
    const disabled = this.#host.disabled || checkout?.status === 'error';
    const json = JSON.stringify([configure, disabled]);
    if (json === this.#configured) return;
    this.#configured = json;
    this.#send(configure);
    this.#send({ type: 'disable', disabled });
    // Shown now, at the stand-in's height, as it draws what it was told.
    this.#card.told();
    this.frame.title = messages.cardFrame;
    if (this.#state) this.#validate();
  }

  /** The frame, in its box, is drawn as the card fields' content. */
  render(): HTMLElement {
    return this.#card.box;
  }

  /** Nothing to do before the element draws: what changed is sent after (`drawn`). */
  prepare(): void {}

  /** The element drew: the frame follows its language, theme, saved card and `disabled`. */
  drawn(): void {
    this.sync();
  }

  get brand(): BrandInfo | undefined {
    return this.#brand;
  }

  get bin(): string | undefined {
    return this.#state?.bin ?? undefined;
  }

  /** The number's last four digits, once it is valid. */
  get last4(): string | undefined {
    return this.#state?.last4 ?? undefined;
  }

  get complete(): boolean {
    return this.#state !== undefined && this.#invalid().length === 0;
  }

  /** Shows every field's message in the frame, and focuses the first that has one; true when all is valid. */
  report(): boolean {
    const first = this.#invalid()[0];
    if (first) this.focus(first);
    if (this.#port) this.#send({ type: 'report' });
    // Asked before the frame has loaded: it shows them as soon as it can hear.
    else this.#reportWaits = true;
    return first === undefined;
  }

  focus(field: FrameField = this.#fields()[0]!): void {
    // Focus enters the frame first: a frame cannot take it from the page on its own.
    this.frame.focus();
    this.#send({ type: 'focus', field });
  }

  clear(): void {
    this.#send({ type: 'clear' });
    // Forgotten at once, as in page mode: the frame's state after the clear tells it again.
    this.#brand = undefined;
    this.#host.checkout?.setBin(undefined);
  }

  /** The frame seals the card with this key: the card fields' `encrypt()`. */
  async encrypt(publicKey: KeyInput): Promise<CardSubmission> {
    const card = (await this.#seal(publicKey)) as SealedCard;
    return {
      ...card,
      brand: this.#brand?.code,
      bin: this.#state!.bin!,
      last4: this.#state!.last4!,
    };
  }

  /** The frame seals the saved card's security code with this key: the card fields' `encryptCvv()`. */
  async encryptCvv(publicKey: KeyInput, saved: SavedCardView): Promise<SavedCardSubmission> {
    const { encryptedCvv } = (await this.#seal(publicKey)) as SealedCvv;
    return { cardId: saved.card_id, encryptedCvv };
  }

  async #seal(publicKey: KeyInput): Promise<SealedCard | SealedCvv> {
    if (typeof publicKey !== 'string' && !('kty' in publicKey))
      throw new PaylitError(
        'configuration_error',
        'the card frame takes the public key as a JWK or an SPKI PEM, not a CryptoKey',
        { kind: 'configuration' },
      );
    try {
      await this.#ready;
    } catch (error) {
      this.#waitReady();
      this.#card.load();
      throw error;
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      // A frame that stopped answering (its process gone) refuses the payment, which may be tried again.
      const timer = setTimeout(() => {
        this.#seals.delete(id);
        reject(
          new PaylitError('encryption_failed', 'the card frame did not answer', {
            kind: 'network',
          }),
        );
      }, SEAL_MS);
      const key = typeof publicKey === 'string' ? publicKey : JSON.stringify(publicKey);
      this.#seals.set(id, {
        publicKey: key,
        resolve: (card) => (clearTimeout(timer), resolve(card)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.#send({ type: 'seal', id, publicKey: key });
    });
  }

  /**
   * What the frame told is forgotten, and it is not ready until it says so again: its document is
   * going (the element left the page, or moved: the frame loads anew).
   */
  #forget(): void {
    if (!this.#state) return;
    this.#state = undefined;
    this.#brand = undefined;
    this.#host.checkout?.setBin(undefined);
    this.#validate();
    this.#waitReady();
  }

  /** The element left the page: the frame's fields empty, what it told forgotten, and what waits refused. */
  disconnect(): void {
    this.clear();
    this.#forget();
    clearTimeout(this.#readyTimer);
    this.#themeWatch.disconnect();
    this.#schemeWatch.removeEventListener('change', this.#schemeChanged);
    for (const seal of this.#seals.values())
      seal.reject(
        new PaylitError('encryption_failed', 'the card fields left the page', { kind: 'network' }),
      );
    this.#seals.clear();
  }
}

/**
 * The solid colour behind the host (the first ancestor's background, through shadow roots), for
 * the frame to paint under its fields: the same to the eye as a transparent frame, and what a
 * contrast checker that cannot see through the frame (axe) reads. Behind nothing but the page's
 * canvas, the canvas's colour (`Canvas`, in the colour scheme the frame is given); empty behind an
 * image or a gradient, where the frame stays transparent.
 */
function behind(host: Element): string {
  for (
    let node: Element | null = host;
    node;
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null)
  ) {
    const style = getComputedStyle(node);
    if (style.backgroundImage !== 'none') return '';
    if (!/^(transparent|rgba\(.*,\s*0\))$/.test(style.backgroundColor))
      return style.backgroundColor;
  }
  return 'Canvas';
}

function withoutPatterns(brand: ReturnType<typeof getBrand> & object): BrandInfo {
  const { patterns: _, ...info } = brand;
  return info;
}
