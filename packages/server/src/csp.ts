/**
 * The `Content-Security-Policy` a checkout page needs, for where its parts are: the page's own
 * origin for all of them, or `paylit.js` and the companion server on other origins (a static
 * storefront, a CDN). Strict by default: scripts only from where `paylit.js` is, no inline
 * script or style, images from the page alone (the Pix QR is drawn, not loaded), Trusted Types.
 *
 * What each part needs, and why:
 * - `script-src`: `paylit.js` and the files beside it, which it loads (frame isolation's too:
 *   its `srcdoc` frame takes the page's policy, and `frame-src` does not apply to it); and, on a
 *   page that pins `paylit.js`, the import map it writes, by the page's `nonce`;
 * - `connect-src`: the companion server (`endpoint`): the checkout's requests, and the live
 *   status of a Pix, voucher or transfer (Server-Sent Events); and where `paylit.js` is: a page
 *   that pins it (`<script integrity>`) has it fetch the hashes of its files (`paylit.pins.json`)
 *   from there, and the card frame fetches a script that did not load, to tell a changed file
 *   from a network failure;
 * - `frame-src`: the bank's 3-D Secure page, shown in a dialog where the page allows it
 *   (`threeDSecure`; without it the shopper goes to the page instead), and after it, in the
 *   same frame, the companion server's callback and the return page it sends the shopper to.
 *
 * @example
 * // A storefront on https://shop.example, paylit.js from a CDN, the server on its own origin:
 * cspFor({ scripts: 'https://cdn.example/paylit/', server: 'https://pay.shop.example/paylit' });
 * // "default-src 'self'; script-src https://cdn.example; style-src 'self'; img-src 'self';
 * //  connect-src 'self' https://pay.shop.example https://cdn.example; frame-src https: 'self' https://pay.shop.example; base-uri 'self';
 * //  object-src 'none'; require-trusted-types-for 'script'"
 */
export interface CspOptions {
  /** Where `paylit.js` and its files are served from (a URL or an origin). Default: the page's origin. */
  scripts?: string;
  /** The companion server, as the elements' `endpoint` names it (a URL or an origin). Default: the page's origin. */
  server?: string;
  /**
   * The origins the bank's 3-D Secure pages may come from, shown in a dialog over the page;
   * `false`: never in a dialog (the shopper goes to the page). Default `['https:']`: a bank's
   * page is on the bank's origin, which no one knows ahead (the sandbox's: its own origin).
   */
  threeDSecure?: readonly string[] | false;
  /**
   * The page's nonce, which a page that pins `paylit.js` (`<script integrity>`) gives its tag:
   * `paylit.js` then writes an import map (the hashes of its files) that takes it. A new one for
   * each response, as its tag carries it; base64 or base64url characters.
   */
  nonce?: string;
  /** Whether the page requires Trusted Types for scripts (`require-trusted-types-for 'script'`). Default true. */
  trustedTypes?: boolean;
}

/** A source of the policy from a URL or origin option; a wrong one throws, naming the option. */
function originOf(option: string, value: string | undefined): string {
  if (value === undefined) return "'self'";
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol))
    throw new TypeError(
      `cspFor: ${option} must be an http(s) URL or origin, such as https://pay.example, not "${value}"`,
    );
  return url.origin;
}

/** A 3-D Secure page source: an origin, or a scheme (`https:`). */
function frameSource(value: string): string {
  if (/^https?:$/.test(value)) return value;
  return originOf('threeDSecure', value);
}

/** The `Content-Security-Policy` header's value for a checkout page with these parts. */
export function cspFor(options: CspOptions = {}): string {
  const scripts = originOf('scripts', options.scripts);
  const server = originOf('server', options.server);
  // The bank's page, and then, in the same frame, the companion's callback and the return
  // page it sends the shopper to (on the page's origin, or the server's).
  const frames =
    options.threeDSecure === false
      ? ["'none'"]
      : [...new Set([...(options.threeDSecure ?? ['https:']).map(frameSource), "'self'", server])];
  if (options.nonce !== undefined && !/^[A-Za-z0-9+/_-]+={0,2}$/.test(options.nonce))
    throw new TypeError(
      `cspFor: nonce must be base64 or base64url characters (a new random value per response), not "${options.nonce}"`,
    );
  const connect = [...new Set(["'self'", server, scripts])];
  return [
    "default-src 'self'",
    `script-src ${options.nonce === undefined ? '' : `'nonce-${options.nonce}' `}${scripts}`,
    "style-src 'self'",
    "img-src 'self'",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frames.join(' ')}`,
    "base-uri 'self'",
    "object-src 'none'",
    ...(options.trustedTypes === false ? [] : ["require-trusted-types-for 'script'"]),
  ].join('; ');
}
