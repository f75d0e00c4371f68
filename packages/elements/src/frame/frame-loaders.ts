/**
 * The card frame's later scripts, asked for by its first script (card-frame.ts, built as
 * `paylit.frame.js`). The frame's opaque origin cannot load the script-tag file's ES module
 * chunks (test/frame-platform.spec.ts), so what the fields need after their first drawing comes
 * as classic scripts of their own (build/frame-script.ts), found where the page wrote them on
 * the first script (`data-marks`, `data-crypto`: a bundler names each asset its own way), else
 * beside it: the marks (`paylit.frame-marks.js`), asked for at once and added once the fields
 * are drawn as the page configured them, and the encryption (`paylit.frame-crypto.js`), asked
 * for when a field is first focused and awaited before a card is sealed. Each sets one global
 * of the frame (`FRAME_SCRIPTS`), read once on its `load`; each is asked for once, and again
 * after a failure.
 */
/** The frame's later scripts, by the chunk each holds: its file's name as built, and the global its IIFE sets. */
export const FRAME_SCRIPTS = {
  marks: { file: 'paylit.frame-marks.js', global: 'paylitFrameMarks' },
  crypto: { file: 'paylit.frame-crypto.js', global: 'paylitFrameCrypto' },
} as const;
type Later = keyof typeof FRAME_SCRIPTS;

// Read while the first script runs: its own element, whose URL and nonce the later ones take.
const first = document.currentScript as HTMLScriptElement | null;
const base = first?.src ?? location.href;

/** Where a later script is: as the page wrote it on the first (`data-marks`, `data-crypto`), else beside it. */
const urlOf = (name: Later) => new URL(first?.dataset[name] ?? FRAME_SCRIPTS[name].file, base).href;

/**
 * The URL a later script is written with: through the Trusted Types policy `paylit` where the
 * page's CSP (which the frame's `srcdoc` inherits) requires Trusted Types, and only for the
 * later scripts' own URLs.
 */
let policy: { createScriptURL(url: string): unknown } | null | undefined;

function scriptUrl(name: Later): string {
  const url = urlOf(name);
  const tt = (
    globalThis as {
      trustedTypes?: {
        createPolicy(
          name: string,
          rules: { createScriptURL(s: string): string },
        ): { createScriptURL(url: string): unknown };
      };
    }
  ).trustedTypes;
  if (policy === undefined) {
    const allowed = new Set((Object.keys(FRAME_SCRIPTS) as Later[]).map(urlOf));
    try {
      policy = tt
        ? tt.createPolicy('paylit', {
            createScriptURL: (s) => {
              if (!allowed.has(s)) throw new TypeError('not a card frame script');
              return s;
            },
          })
        : null;
    } catch {
      // No policy of that name may be made here: the page's CSP asks for no Trusted Types, or
      // forbids the name, in which case the page could not have written this frame either.
      policy = null;
    }
  }
  return (policy ? policy.createScriptURL(url) : url) as string;
}

/**
 * Settles when the fields are first drawn as the page configured them (card-frame.ts calls
 * `drawn`): what comes later is not fetched and run while the frame starts, its handshake and
 * its first drawing share the frame's one thread.
 */
let drawnNow: () => void;
const firstDrawn = new Promise<void>((resolve) => (drawnNow = resolve));
export const drawn = (): void => drawnNow();

const asked = new Map<Later, Promise<unknown>>();

/**
 * A later script's global, once its turn comes (the marks: once the fields are drawn as
 * configured); refused when it does not load or set its global, and asked for anew next time.
 */
export function later(name: Later): Promise<unknown> {
  let pending = asked.get(name);
  if (!pending) {
    pending = load(name);
    pending.catch(() => asked.delete(name));
    asked.set(name, pending);
  }
  return pending;
}

/** A later script the frame refused: it did not match the value the page pinned for it. */
export class Refused extends Error {
  readonly kind = 'integrity';
}

/**
 * The first script was pinned (`integrity`: the page pinned `paylit.js`): each later one is loaded
 * with the value the page wrote beside it (`data-marks-integrity`, `data-crypto-integrity`), in
 * CORS mode as the first. One without a value is not loaded. Unpinned: loaded as it is.
 */
const pinOf = (name: Later) =>
  first?.integrity ? (first.dataset[`${name}Integrity`] ?? null) : undefined;

function load(name: Later): Promise<unknown> {
  const { file, global } = FRAME_SCRIPTS[name];
  const pin = pinOf(name);
  return firstDrawn.then(
    () =>
      new Promise((resolve, reject) => {
        if (pin === null) throw new Refused(`${file} has no pin`);
        const script = document.createElement('script');
        if (first?.nonce) script.nonce = first.nonce;
        if (pin) {
          script.integrity = pin;
          script.crossOrigin = 'anonymous';
        }
        script.src = scriptUrl(name);
        script.onload = () => {
          const module = (globalThis as Record<string, unknown>)[global];
          if (module) resolve(module);
          else reject(new Error(`${file} set no ${global}`));
        };
        script.onerror = () => {
          script.remove();
          // Pinned, the browser says not why: a plain fetch of the file that succeeds means it
          // came and did not match (else the network failed, and it is asked for again later).
          if (pin)
            fetch(urlOf(name), { cache: 'no-store' }).then(
              (r) => reject(r.ok ? new Refused(`${file} does not match its pin`) : failed()),
              () => reject(failed()),
            );
          else reject(failed());
        };
        const failed = () => new Error(`${file} did not load`);
        document.head.append(script);
      }),
  );
}
