/**
 * The card frame's element, for `<paylit-card-fields isolation="frame">`: an
 * `<iframe sandbox="allow-scripts">` without `allow-same-origin`, so that its origin is opaque
 * and no page script reaches its document, its inputs or its events. Its content is `srcdoc`
 * (through the Trusted Types policy `paylit`) that loads the frame's first script
 * (`paylit.frame.js`, frame/card-frame.ts).
 *
 * The card fields make it as soon as they are drawn in frame isolation, with the script-tag file
 * or the ES modules, before the frame's page side (frame-host.ts, a chunk) has loaded: the
 * frame's document and its script load while that chunk does. The page side takes the frame as it
 * finds it, loaded or not (`loaded`), and speaks to it from there.
 */
import { PaylitError } from '@paylit/core/errors';

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

/** The URLs of the frame's later scripts (frame/frame-loaders.ts), each read by the frame from its first script's `data-*`. */
export type LaterScripts = Partial<Record<'marks' | 'crypto', string>>;

/** The later scripts' URLs of the build the card fields are in (frame/module-frame-loaders.ts); none: beside the first. */
let laterScripts: () => LaterScripts = () => ({});
export function provideLaterScripts(urls: () => LaterScripts): void {
  laterScripts = urls;
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export class CardFrame {
  /** The iframe, drawn by the card fields in their shadow root. */
  readonly frame: HTMLIFrameElement;
  /** The frame's document has loaded since it was last written (its `load` came). */
  loaded = false;
  readonly #script: string;
  readonly #later: LaterScripts;

  /**
   * A frame whose document loads `script`, titled `title`; throws when the page's Trusted Types
   * forbid writing it. `later`: where the frame's later scripts are, when the build the card fields
   * are in knows (a bundler copies each file as an asset of its own name: `provideLaterScripts`);
   * else beside `script`.
   */
  constructor(script: string, title: string, later: LaterScripts = laterScripts()) {
    this.#script = script;
    this.#later = later;
    const frame = (this.frame = document.createElement('iframe'));
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.part.add('frame');
    // Larger than the host by the room the frame leaves for the focus ring (frame/card-frame.ts RING).
    frame.style.cssText =
      'display:block;border:0;width:calc(100% + 8px);margin:-4px;height:0;background:transparent';
    frame.title = title;
    frame.addEventListener('load', () => (this.loaded = true));
    this.load();
  }

  /**
   * Writes the frame's document (again): a `srcdoc` that loads the frame's script. It takes the
   * page's CSP; under a nonce-based one (`'nonce-…' 'strict-dynamic'`) its script carries the
   * page's nonce, read from a script of the page (the property keeps it when the attribute is
   * hidden), which the frame's later scripts take from it, as they take their URLs.
   */
  load(): void {
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
    this.loaded = false;
    const later = Object.entries(this.#later)
      .map(([name, url]) => ` data-${name}="${attribute(url)}"`)
      .join('');
    this.frame.srcdoc = trusted(
      `<!doctype html><html><head><meta charset="utf-8"></head><body><script${nonce ? ` nonce="${attribute(nonce)}"` : ''} src="${attribute(this.#script)}"${later}></script></body></html>`,
    );
  }
}
