/**
 * Whether a page may show another in a frame: the framed page's own answer, its
 * `Content-Security-Policy: frame-ancestors` (CSP 3) or, without one, its `X-Frame-Options`.
 * The checkout shows the bank's 3-D Secure challenge in a dialog only where the bank's page
 * says the shop's page may frame it; elsewhere the shopper goes to the page, as before.
 *
 * @example
 * mayFrame(new Headers({ 'Content-Security-Policy': "frame-ancestors https://shop.example" }),
 *   'https://bank.example/acs', 'https://shop.example'); // true
 */

/**
 * The sources of each policy's `frame-ancestors` directive (several policies: several headers,
 * or one joined by commas; each must allow the page), or undefined when none has one.
 */
function frameAncestors(policies: string | null): string[][] | undefined {
  if (!policies) return undefined;
  const lists: string[][] = [];
  for (const policy of policies.split(',')) {
    for (const directive of policy.split(';')) {
      const [name, ...values] = directive.trim().split(/\s+/);
      if (name?.toLowerCase() !== 'frame-ancestors') continue;
      lists.push(values.map((v) => v.toLowerCase()));
      break;
    }
  }
  return lists.length > 0 ? lists : undefined;
}

/** Whether `origin` (scheme://host[:port]) matches a CSP source expression, for a page at `self`. */
function matches(source: string, origin: URL, self: URL): boolean {
  if (source === "'none'") return false;
  if (source === "'self'") return origin.origin === self.origin;
  if (source === '*') return origin.protocol === 'https:' || origin.protocol === 'http:';
  if (/^[a-z][a-z0-9+.-]*:$/.test(source)) return origin.protocol === source;
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^:/]+)(?::(\d+|\*))?\/?$/.exec(source);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  // A source without a scheme takes the framed page's, and https for http.
  const schemeOk = scheme
    ? origin.protocol === `${scheme}:` || (scheme === 'http' && origin.protocol === 'https:')
    : origin.protocol === self.protocol ||
      (self.protocol === 'http:' && origin.protocol === 'https:');
  const hostOk = wildcard ? origin.hostname.endsWith(`.${host}`) : origin.hostname === host;
  const defaultPort = origin.protocol === 'https:' ? '443' : '80';
  const portOk =
    port === '*' ||
    (origin.port || defaultPort) ===
      (port ?? (scheme === 'http' && origin.protocol === 'https:' ? '443' : defaultPort));
  return schemeOk && hostOk && portOk;
}

/**
 * Whether a page at `pageOrigin` may frame the page at `url` that answered `headers`: its
 * `frame-ancestors` lists that origin, or, with no such directive, its `X-Frame-Options` does
 * not refuse it as a browser reads it (none at all: any page may).
 */
export function mayFrame(headers: Headers, url: string, pageOrigin: string): boolean {
  let self: URL;
  let origin: URL;
  try {
    self = new URL(url);
    origin = new URL(pageOrigin);
  } catch {
    return false;
  }
  const policies = frameAncestors(headers.get('content-security-policy'));
  if (policies !== undefined)
    return policies.every((sources) => sources.some((s) => matches(s, origin, self)));
  // As browsers read it (HTML's X-Frame-Options check): the values, comma-separated, each
  // once. Several different ones are a conflict, which blocks the frame if DENY, SAMEORIGIN or
  // ALLOWALL is among them ("DENY, garbage" is blocked), and refuses nothing otherwise.
  const raw = headers.get('x-frame-options');
  if (raw === null) return true;
  const options = new Set(raw.split(',').map((v) => v.trim().toLowerCase()));
  if (options.size > 1)
    return !['deny', 'sameorigin', 'allowall'].some((known) => options.has(known));
  const [only] = options;
  if (only === 'deny') return false;
  if (only === 'sameorigin') return origin.origin === self.origin;
  return true;
}

/**
 * Asks the page at `url` (a `HEAD`, which changes nothing) whether a page at `pageOrigin` may
 * frame it. False when it cannot tell within `timeoutMs`, or when the answer is anything but
 * the page itself: a redirect is never followed (its target is a page it was not given), and
 * an answer that breaks HTTP (huge or malformed headers) is an error. The body, which a HEAD
 * has none of, is never read. Then the shopper goes to the page instead (the redirect flow).
 */
export async function frameable(
  url: string,
  pageOrigin: string,
  fetcher: typeof globalThis.fetch = globalThis.fetch,
  timeoutMs = 3000,
): Promise<boolean> {
  try {
    const res = await fetcher(url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    if (res.status >= 300) return false;
    return mayFrame(res.headers, url, pageOrigin);
  } catch {
    return false;
  }
}
