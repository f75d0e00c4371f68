/**
 * The parts of the elements that are loaded when first needed, not with the first render:
 * the installments' and the wallet picker's elements (when a checkout draws one or holds one),
 * the card brands' marks (when card fields are connected), the wallet and bank marks (with
 * the wallet picker), the card encryption
 * (when a card field is first focused, and always before `encrypt()`), the installments'
 * rules (with the first plans), what reads a payment's answer with the outcome's look (beside the request), why
 * the checkout's order did not load (when it did not), the
 * payer's fields (for an order that lacks some of the payer's details), a pending payment's
 * view (Pix, a voucher, a transfer, when the outcome waits for the shopper), the bank's 3-D
 * Secure dialog (when a payment waits on that page, shown over the checkout), frame
 * isolation's page side (when card fields are first drawn with `isolation="frame"`), the card
 * frame's script. Each catalog but English is loaded the same way, by i18n/index.ts.
 *
 * How they are loaded depends on the build, so each build's entry hands its loaders in with
 * `provideLoaders()` before any element is defined: the ES modules' entries
 * (`module-loaders.ts`: `import()`s, for the merchant's bundler to split), the script-tag file
 * (`script-loaders.ts`: `paylit.<name>.js` beside `paylit.js`) and the card frame
 * (`frame/frame-loaders.ts`: what the frame script holds).
 */
import { PaylitError } from '@paylit/core/errors';
import { DEV } from './dev.js';

/** The lazy parts that are modules, by their chunk's name beside `paylit.js` (`paylit.<name>.js`). */
export interface Chunks {
  readonly marks: typeof import('./marks.js');
  /** The wallets' and banks' marks (with the brands' `brandMark`), loaded by the wallet picker alone. */
  readonly methodMarks: typeof import('./method-marks.js');
  readonly crypto: typeof import('./encryption.js');
  readonly installments: typeof import('./installment-plans.js');
  /**
   * `<paylit-installments>`'s module, which defines it when a checkout first draws one or finds
   * one inside it; nothing of it is read (and its type is not named here: the element imports
   * this file, and the circle check counts `typeof import()`).
   */
  readonly installmentsPicker: object;
  /** `<paylit-wallet-select>`'s module, the same way. */
  readonly walletPicker: object;
  /** The wallet picker's look, loaded with the marks by the picker alone. */
  /** Frame isolation's page side. */
  readonly isolation: typeof import('./frame-host.js');
  /**
   * What card fields draw in frame isolation before its page side has loaded: the frame
   * (frame-element.ts) and its stand-in, loaded before their first drawing in that mode.
   */
  readonly frameBox: typeof import('../components/paylit-card-fields/frame-box.js');
  /** Where a payment's answer takes the checkout, loaded beside the first request that can answer one. */
  readonly payment: typeof import('../components/paylit-checkout/checkout-payment.js');
  /** Why the checkout's order did not load, loaded only when it did not. */
  readonly loadFailure: typeof import('../components/paylit-checkout/checkout-load-failure.js');
  /** The payer's fields, for an order that lacks some of the payer's details. */
  readonly payer: typeof import('../components/paylit-payer-fields/paylit-payer-fields.js');
  /** A payment that waits for the shopper (Pix, a voucher, a transfer), shown and followed live. */
  readonly pending: typeof import('../components/paylit-pending/paylit-pending.js');
  /** Signing up to an order that is a subscription (the mandate's terms, the card consent, the mandate's status). */
  readonly subscription: typeof import('../components/paylit-checkout/subscription-signup.js');
  /**
   * `<paylit-challenge-dialog>`'s module (the bank's 3-D Secure page over the checkout), which
   * defines it when a payment waits on that page; nothing of it is read.
   */
  readonly challenge: object;
  /** `<paylit-saved-methods>`'s module (a returning payer's saved cards and subscriptions), which defines it when a checkout is given a payer session; nothing of it is read. */
  readonly savedMethods: object;
}

/** What an entry hands in. */
export interface Loaders {
  /** A lazy part's module. */
  chunk<K extends keyof Chunks>(name: K): Promise<Chunks[K]>;
  /**
   * The card frame's script's URL (`paylit.frame.js`, a classic script: the frame's opaque origin
   * loads no ES module without CORS).
   */
  frameScript(): string;
}

/** An element needed a lazy part in a build whose entry handed in no loaders. */
export class LoadersMissingError extends PaylitError<'loaders_missing'> {
  override name = 'LoadersMissingError';
  constructor(part: string) {
    super(
      'loaders_missing',
      `@paylit/elements has no loader for the ${part}: import one of its entries`,
      { kind: 'configuration' },
    );
  }
}

/**
 * A file of the script-tag build that the browser refused to run: it did not match the SHA-384
 * that `paylit.js` pins for it (script-tag.ts), so the file served is not the one published.
 * Nothing that needed it runs; the checkout says so (`paylit-error`, kind `integrity`).
 */
export class IntegrityError extends PaylitError<'integrity_failed'> {
  override name = 'IntegrityError';
  constructor(url: string) {
    super('integrity_failed', `${url} does not match the integrity paylit.js pins for it`, {
      kind: 'integrity',
    });
  }
}

const missing = (part: string): never => {
  throw new LoadersMissingError(part);
};

/**
 * Until an entry hands its loaders in, each part is a `LoadersMissingError` (a module of the
 * sources imported without an entry). The published builds leave this out: each of their
 * entries hands the loaders in.
 */
let provided: Loaders = DEV
  ? { chunk: missing, frameScript: () => missing('frame script') }
  : (undefined as never);

/** Called by each entry, before the elements are defined. */
export function provideLoaders(loaders: Loaders): void {
  provided = loaders;
}

/**
 * A lazy part's loader: asked for once per page, whoever asks first, and shared by every
 * element; one that failed (the network) is asked for again the next time.
 */
function chunk<K extends keyof Chunks>(name: K): () => Promise<Chunks[K]> {
  let loading: Promise<Chunks[K]> | undefined;
  return () =>
    (loading ??= provided.chunk(name).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

export const importMarks = chunk('marks');
export const importMethodMarks = chunk('methodMarks');
export const importCrypto = chunk('crypto');
export const importPlans = chunk('installments');
export const importInstallmentsPicker = chunk('installmentsPicker');
export const importWalletPicker = chunk('walletPicker');
export const importFrameHost = chunk('isolation');
const frameBoxChunk = chunk('frameBox');
/** The frame's element and stand-in's chunk, held in `frameBox` once here. */
export const importFrameBox = (): Promise<Chunks['frameBox']> =>
  frameBoxChunk().then((m) => (frameBox = m));
export const importPayment = chunk('payment');
export const importLoadFailure = chunk('loadFailure');
export const importPayer = chunk('payer');
export const importPending = chunk('pending');
export const importSubscription = chunk('subscription');
export const importChallenge = chunk('challenge');
export const importSavedMethods = chunk('savedMethods');
export const frameScript = (): string => provided.frameScript();

/**
 * What card fields draw in frame isolation (the frame's element and its stand-in), once loaded:
 * read as they draw, which waits for it (`loadFrameBox`).
 */
export let frameBox: Chunks['frameBox'] | undefined;

/**
 * Loads what an element in frame isolation draws with (`frameBox`), and asks for frame
 * isolation's page side beside it, so that neither waits for the other; undefined once here. It
 * settles when the chunk did not load too: the card fields then draw no frame, and say so when
 * asked to seal (the chunk is asked for again then).
 */
export function loadFrameBox(): Promise<void> | undefined {
  if (frameBox) return undefined;
  importFrameHost().catch(() => undefined);
  return importFrameBox().then(
    () => undefined,
    () => undefined,
  );
}
