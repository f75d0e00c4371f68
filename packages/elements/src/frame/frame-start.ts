/**
 * The card frame started early, by the script-tag file (`paylit.js`, script-tag.ts), for frame
 * isolation: as soon as the parser has made a `<paylit-checkout isolation="frame">` or a
 * `<paylit-card-fields isolation="frame">`, before the script-tag module and its chunks have
 * loaded (the card fields that draw the frame are in them). The frame's own process, its document
 * and its first script (`paylit.frame.js`, card-frame.ts) then load while the page's module graph
 * does, instead of after it.
 *
 * The frame is the one internal/frame-element.ts writes (the same sandbox, the same `srcdoc`,
 * byte for byte: `frameDocument` there), made inert and of no height at the end of `<body>`
 * (not `hidden`: the browser runs a hidden frame at a lower priority), and held for the
 * element it was made for under `Symbol.for('paylit.cardFrame')`: `{ frame, loaded }`. The card
 * fields, drawn later in that element (or in its checkout's shadow root), take it from there and
 * move it into their shadow root with `moveBefore()`, which keeps its document (the frame does
 * not load again). A browser without `moveBefore()` gets no early frame (moving it otherwise
 * would load it anew): the card fields make theirs as before. One not taken within 30 s (a
 * card-less order draws no card fields) leaves the page.
 *
 * It imports nothing and declares nothing at its top level (one arrow function, run at once):
 * `paylit.js` is a classic script, so this module must stay inside it, declare no global and
 * share no chunk with the module graph. Its words about the frame are repeated in
 * frame-element.ts, which checks that the `srcdoc` it finds is the one it would write.
 */

/** What frame-element.ts finds under `Symbol.for('paylit.cardFrame')` on an element: its early frame. */
export interface EarlyFrame {
  readonly frame: HTMLIFrameElement;
  /** Its document has loaded (its `load` came). */
  loaded: boolean;
}

/**
 * The SRI values (`sha384-…`) of the card frame's three scripts, which a pinned `paylit.js` reads
 * from `paylit.pins.json` (script-tag.ts) and hands to the frame's element (`provideFramePins`,
 * internal/script-loaders.ts) and to its early frames (here), under
 * `Symbol.for('paylit.framePins')`.
 */
export interface FramePins {
  /** `paylit.frame.js`, the `srcdoc`'s script. */
  frame: string;
  /** `paylit.frame-marks.js`. */
  marks: string;
  /** `paylit.frame-crypto.js`. */
  crypto: string;
}

/**
 * What a pinned `paylit.js` leaves under `Symbol.for('paylit.framePins')`: the frame's pins once
 * its pins file has come (`ready`), and the same values (`pins`) before it imports its module.
 */
export interface FramePinsHandoff {
  ready?: Promise<FramePins>;
  pins?: FramePins;
}

((tag: HTMLScriptElement | null, own = tag?.src || document.baseURI) => {
  // The first `paylit.js` on the page is the one that runs: it is marked here, where each copy
  // begins, and a second copy (another path, another version) starts no frame (script-tag.ts
  // says so and loads nothing).
  const first = Symbol.for('paylit.script');
  const page = globalThis as { [first]?: HTMLScriptElement };
  if (tag && (page[first] ??= tag) !== tag) return;
  if (!('moveBefore' in Element.prototype)) return;
  const key = Symbol.for('paylit.cardFrame');
  const pins = Symbol.for('paylit.framePins');
  const script = new URL('./paylit.frame.js', own).href;
  const attribute = (text: string) => text.replace(/[&"<]/g, (c) => `&#${c.charCodeAt(0)};`);
  const tt = (
    globalThis as {
      trustedTypes?: {
        createPolicy(
          name: string,
          rules: { createHTML(s: string): string },
        ): { createHTML(html: string): unknown };
      };
    }
  ).trustedTypes;
  /** Made when the first frame is written (a page without frame isolation asks for none); false: refused. */
  let policy: { createHTML(html: string): unknown } | null | false | undefined;
  const seen = new WeakSet<Element>();
  const start = (element: Element & { [key]?: EarlyFrame }) => {
    seen.add(element);
    try {
      // Kept here, as frame-element.ts keeps its own: no other script gets it.
      policy ??= tt?.createPolicy('paylit', { createHTML: (s) => s }) ?? null;
    } catch {
      // The page's CSP allows no policy `paylit`: no early frame. The card fields say why.
      policy = false;
    }
    if (policy === false) return;
    // `paylit.js` pinned: so are the frame's scripts, once script-tag.ts has their pins (the page's
    // own frame waits for them too: frame-element.ts).
    if (tag?.integrity)
      void Promise.resolve()
        .then(() => (globalThis as { [pins]?: FramePinsHandoff })[pins]?.ready)
        .then(
          (framePins) => framePins && write(element, framePins),
          () => undefined,
        );
    else write(element);
  };
  const write = (element: Element & { [key]?: EarlyFrame }, framePins?: FramePins) => {
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
    const pinned = framePins
      ? ` integrity="${attribute(framePins.frame)}" crossorigin="anonymous" data-marks-integrity="${attribute(framePins.marks)}" data-crypto-integrity="${attribute(framePins.crypto)}"`
      : '';
    const html = `<!doctype html><body><script${nonce ? ` nonce="${attribute(nonce)}"` : ''} src="${attribute(script)}"${pinned}></script>`;
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    // Out of the shopper's way until the card fields take it: no height, inert (no focus, no
    // pointer, out of the accessibility tree). Not `hidden`: the browser runs a hidden frame's
    // process at a lower priority, and it draws its fields later than in the page's box.
    frame.inert = true;
    frame.style.cssText = 'display:block;border:0;width:100%;height:0';
    frame.srcdoc = (policy ? policy.createHTML(html) : html) as string;
    const early: EarlyFrame = { frame, loaded: false };
    frame.addEventListener('load', () => (early.loaded = true));
    element[key] = early;
    document.body.append(frame);
    // Not taken in time (a card-less order draws no card fields): out of the page, its document
    // gone. Card fields drawn later still take it, and it loads again in their box (its `srcdoc`
    // written once, by the one policy `paylit` a CSP may allow).
    setTimeout(() => {
      if (element[key] !== early) return;
      frame.remove();
      early.loaded = false;
    }, 30_000);
  };
  const look = () => {
    for (const element of document.querySelectorAll(
      'paylit-checkout[isolation="frame"],paylit-card-fields[isolation="frame"]',
    ))
      if (!seen.has(element)) start(element);
  };
  look();
  if (document.readyState !== 'loading') return;
  // Each element as the parser makes it, until the document is parsed.
  const parsed = new MutationObserver(look);
  parsed.observe(document, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => {
    parsed.disconnect();
    look();
  });
})(document.currentScript as HTMLScriptElement | null);
