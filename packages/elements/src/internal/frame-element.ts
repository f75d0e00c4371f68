/**
 * The card frame's element, for `<paylit-card-fields isolation="frame">`: an
 * `<iframe sandbox="allow-scripts">` without `allow-same-origin`, so that its origin is opaque
 * and no page script reaches its document, its inputs or its events. Its content is `srcdoc`
 * (through the Trusted Types policy `paylit`) that loads the frame's first script
 * (`paylit.frame.js`, frame/card-frame.ts).
 *
 * A chunk of its own with the frame's stand-in (components/paylit-card-fields/frame-box.ts), loaded
 * before card fields first draw in frame isolation (a page that isolates nothing never downloads
 * it); the card fields make the frame as soon as they draw, with the script-tag file or the ES
 * modules, before the frame's page side (frame-host.ts, a chunk asked for beside this one) has
 * loaded: the frame's document and its script load while that chunk does. The page side takes the frame as it
 * finds it, loaded or not (`loaded`), and speaks to it from there.
 */
import { PaylitError } from '@paylit/core/errors';
import { framePins, laterScripts, type LaterScripts } from './frame-config.js';

/** The Trusted Types policy that writes the frame's `srcdoc`: one per page, made when first needed. */
let policy: { createHTML(html: string): string } | null | undefined;
function trusted(html: string): string {
  const tt = (
    globalThis as {
      trustedTypes?: {
        createPolicy(
          name: string,
          rules: { createHTML(s: string): string },
        ): { createHTML(s: string): string };
      };
    }
  ).trustedTypes;
  if (policy === undefined) {
    try {
      policy = tt ? tt.createPolicy('paylit', { createHTML: (s) => s }) : null;
    } catch {
      // The page's CSP lists its `trusted-types` and not `paylit` (or the name is taken).
      throw new PaylitError(
        'configuration_error',
        'the card frame needs the Trusted Types policy "paylit": add it to the page\'s CSP `trusted-types` directive',
        { kind: 'configuration' },
      );
    }
  }
  return policy ? policy.createHTML(html) : html;
}

/** The frame's room for its focus ring on each side (frame/card-frame.ts RING). */
const RING = 4;

const attribute = (text: string) => text.replace(/[&"<]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The frame's document: the first script, with the page's nonce, its pins when `paylit.js` was
 * pinned (its `integrity`, `crossorigin`, for the frame's opaque origin asks for it in CORS mode,
 * and the later scripts' values, which the frame loads them with: frame/frame-loaders.ts), and the
 * later scripts' URLs. The script-tag file writes the same, byte for byte, when it starts the
 * frame early (frame/frame-start.ts, which shares no code with the module graph: a function of
 * both would be a chunk `paylit.js` imports, and it is a classic script), and
 * test/frame-first.spec.ts checks that its early frame is the one taken, pinned or not.
 */
function frameDocument(script: string, later: LaterScripts, pins = framePins()): string {
  // Read from a script of the page: the property keeps the nonce when the attribute is hidden.
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  const pinned = pins
    ? ` integrity="${attribute(pins.frame)}" crossorigin="anonymous" data-marks-integrity="${attribute(pins.marks)}" data-crypto-integrity="${attribute(pins.crypto)}"`
    : '';
  const data = Object.entries(later)
    .map(([name, url]) => ` data-${name}="${attribute(url)}"`)
    .join('');
  return `<!doctype html><body><script${nonce ? ` nonce="${attribute(nonce)}"` : ''} src="${attribute(script)}"${pinned}${data}></script>`;
}

/** Where frame/frame-start.ts holds an element's early frame. */
const EARLY = Symbol.for('paylit.cardFrame');
type EarlyFrame = import('../frame/frame-start.js').EarlyFrame;

/**
 * An iframe whose `srcdoc` is already some frame's document, copied by `cloneNode` to make the
 * next with no Trusted Types policy of this module (the script-tag file's early frames hold the
 * page's one policy `paylit` when the CSP forbids a second).
 */
let written: HTMLIFrameElement | undefined;

/**
 * The early frame made for `owner` (the card fields), or for the checkout whose shadow root holds
 * them, if its document is the one `html` would write; taken, it is no one else's.
 */
function claim(owner: Element, html: string): EarlyFrame | undefined {
  const root = owner.getRootNode();
  for (const holder of [owner, root instanceof ShadowRoot ? root.host : null]) {
    const early = (holder as { [EARLY]?: EarlyFrame } | null)?.[EARLY];
    if (!early) continue;
    delete (holder as { [EARLY]?: EarlyFrame })[EARLY];
    if (
      early.frame.getAttribute('sandbox') === 'allow-scripts' &&
      early.frame.getAttribute('srcdoc') === html
    )
      return early;
    // Not the frame this build would write: not used.
    early.frame.remove();
  }
  return undefined;
}

export class CardFrame {
  /** The iframe, drawn by the card fields in their shadow root, inside `box`. */
  readonly frame: HTMLIFrameElement;
  /**
   * What the card fields draw: the frame's box, which holds the frame, or will once `place()` has
   * moved an early frame into it.
   */
  readonly box: HTMLDivElement;
  /** The frame's document has loaded since it was last written (its `load` came). */
  loaded = false;
  /**
   * The frame has told its height (frame-host.ts): until then the card fields hold its place
   * with the layout its fields will have (components/paylit-card-fields/frame-stand-in.ts).
   */
  sized = false;
  readonly #html: string;

  /**
   * A frame whose document loads `script`, titled `title`, for the card fields `owner`: the one
   * the script-tag file started early for them if there is one (loading or loaded), else a new
   * one; throws when the page's Trusted Types forbid writing it. `later`: where the frame's later
   * scripts are, when the build the card fields are in knows (a bundler copies each file as an
   * asset of its own name: `provideLaterScripts`); else beside `script`.
   */
  constructor(
    script: string,
    title: string,
    owner?: Element,
    later: LaterScripts = laterScripts(),
  ) {
    const html = (this.#html = frameDocument(script, later));
    const early = owner && claim(owner, html);
    const frame = (this.frame =
      early?.frame ??
      (written?.getAttribute('srcdoc') === html
        ? (written.cloneNode(false) as HTMLIFrameElement)
        : document.createElement('iframe')));
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.part.add('frame');
    // Larger than the host by the room the frame leaves for the focus ring (frame/card-frame.ts RING).
    frame.style.cssText =
      'display:block;border:0;width:calc(100% + 8px);margin:-4px;height:0;background:transparent';
    frame.title = title;
    frame.addEventListener('load', () => (this.loaded = true));
    this.box = document.createElement('div');
    if (early) {
      this.loaded = early.loaded;
      written ??= frame.cloneNode(false) as HTMLIFrameElement;
    } else {
      // (a copy of a written frame carries its attributes, an early frame's `inert` too)
      frame.inert = false;
      this.box.append(frame);
      this.load();
    }
  }

  /**
   * The frame into its box, once the card fields have drawn the box: an early frame is moved there
   * with `moveBefore()`, keeping its document (inert and of no height until then, at the end of
   * `<body>`).
   */
  place(): void {
    const { frame, box } = this;
    if (frame.parentNode === box || !box.isConnected) return this.#show();
    frame.inert = false;
    try {
      (box as unknown as { moveBefore(node: Node, child: Node | null): void }).moveBefore(
        frame,
        null,
      );
    } catch {
      // Not movable here (out of the page since it waited too long, or in another document): it
      // loads anew in its box, from the `srcdoc` it has, and is not loaded until its `load`.
      this.loaded = false;
      box.append(frame);
    }
    this.#show();
  }

  /** The page has told the frame what to draw (its language, theme, brands: frame-host.ts `sync`). */
  #told = false;

  /**
   * Told what to draw: the frame is shown from now on, in its box, at the height the card fields
   * hold for it (their stand-in's, frame-stand-in.ts), without waiting for its own first height,
   * which comes back a message later and replaces it by the same height. Not before it is told: it
   * draws in English and the default theme until then.
   */
  told(): void {
    this.#told = true;
    this.#show();
  }

  #show(): void {
    const { frame, box } = this;
    if (!this.#told || this.sized || frame.parentNode !== box || parseFloat(frame.style.height))
      return;
    const high = box.isConnected ? box.getBoundingClientRect().height : 0;
    // No stand-in laid out (the box out of the page): left to the frame's own height.
    if (!high) return;
    // The box is the stand-in's grid cell, as high as the stand-in (rounded there to whole
    // pixels with the frame's ring, once laid out); the frame is that and its ring's room on each
    // side, rounded up as the frame's own height is (frame-host.ts). The 1/64 px: a layout's unit,
    // so that a height already whole is not rounded up again.
    frame.style.height = `${Math.ceil(high + 2 * RING - 1 / 64)}px`;
  }

  /**
   * Writes the frame's document (again): a `srcdoc` that loads the frame's script. It takes the
   * page's CSP; under a nonce-based one (`'nonce-…' 'strict-dynamic'`) its script carries the
   * page's nonce, which the frame's later scripts take from it, as they take their URLs. A frame
   * whose `srcdoc` is already that document loads it again by being put back in its place.
   */
  load(): void {
    this.loaded = false;
    const { frame } = this;
    if (frame.getAttribute('srcdoc') === this.#html) {
      const parent = frame.parentNode;
      if (parent) parent.insertBefore(frame, frame.nextSibling);
      return;
    }
    frame.srcdoc = trusted(this.#html);
    written ??= frame.cloneNode(false) as HTMLIFrameElement;
  }
}
