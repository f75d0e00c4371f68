/**
 * The client's address behind reverse proxies. Each proxy appends the address it was reached
 * from to `X-Forwarded-For`, so only the entries on the right were written by proxies of
 * ours; whatever is on the left the client wrote itself. The client is the rightmost address
 * that is not one of our proxies, read from the socket leftwards.
 *
 * No Node API here: the handler runs in Workers too.
 */
import { PaylitError } from '@paylit/core/errors';

/**
 * Which proxies are trusted: `false` (none: `X-Forwarded-For` is ignored), a hop count (the
 * number of proxies every request passes through), or the proxies' addresses and ranges
 * (`'10.0.0.1'`, `'10.0.0.0/8'`, `'fd00::/8'`).
 */
export type TrustProxy = false | number | readonly string[];

/**
 * An entry as some proxies write it, without its port (`1.2.3.4:5678`, `[2001:db8::1]:443`)
 * or brackets: else each connection of one client would count as another address.
 */
function bare(text: string): string {
  const s = text.trim();
  return /^\[([^\]]*)\](?::\d+)?$/.exec(s)?.[1] ?? /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(s)?.[1] ?? s;
}

/**
 * Addresses parsed lately, by their text: a shop's requests come from the same few proxies and
 * clients, and each payment asks about its address several times (its bucket, its `payer.ip`).
 * Bounded: emptied when full. The bytes are shared, and read only.
 */
const parsedIps = new Map<string, Uint8Array | undefined>();

/** An address as 16 bytes (IPv4 as IPv4-mapped IPv6), or undefined when it is not one. */
function parseIp(text: string): Uint8Array | undefined {
  let bytes = parsedIps.get(text);
  if (bytes === undefined && !parsedIps.has(text)) {
    if (parsedIps.size >= 1024) parsedIps.clear();
    bytes = parseIpOnce(text);
    parsedIps.set(text, bytes);
  }
  return bytes;
}

function parseIpOnce(text: string): Uint8Array | undefined {
  const s = bare(text).replace(/%.*$/, '');
  const v4 = parseIpv4(s);
  if (v4) return Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4]);
  return parseIpv6(s);
}

/** Whether `text` is an IP address (IPv4 or IPv6, without a port or brackets): what `payer.ip` may carry. */
export function isIpAddress(text: string): boolean {
  return bare(text) === text && parseIp(text) !== undefined;
}

function parseIpv4(s: string): number[] | undefined {
  const parts = s.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255))
    return undefined;
  return parts.map(Number);
}

function parseIpv6(s: string): Uint8Array | undefined {
  if (!s.includes(':')) return undefined;
  let rest = s;
  let tail: number[] = [];
  // An embedded IPv4 ending (::ffff:10.0.0.1) stands for the last two groups.
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const v4 = parseIpv4(s.slice(lastColon + 1));
    if (!v4) return undefined;
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    rest = s.slice(0, lastColon + 1);
    if (!rest.endsWith('::')) rest = rest.slice(0, -1);
  }
  const halves = rest.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  if (![...left, ...right].every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  const count = left.length + right.length + tail.length;
  if (halves.length === 2 ? count > 7 : count !== 8) return undefined;
  const words = [
    ...left.map((g) => parseInt(g, 16)),
    ...Array<number>(8 - count).fill(0),
    ...right.map((g) => parseInt(g, 16)),
    ...tail,
  ];
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[2 * i] = w >> 8;
    bytes[2 * i + 1] = w & 0xff;
  });
  return bytes;
}

interface Range {
  bytes: Uint8Array;
  bits: number;
}

function parseRange(text: string): Range | undefined {
  const [address, prefix, extra] = text.trim().split('/');
  if (extra !== undefined || address === undefined) return undefined;
  const bytes = parseIp(address);
  if (!bytes) return undefined;
  const v4 = parseIpv4(address.trim()) !== undefined;
  const max = v4 ? 32 : 128;
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return undefined;
  const bits = prefix === undefined ? max : Number(prefix);
  if (bits > max) return undefined;
  return { bytes, bits: v4 ? bits + 96 : bits };
}

function inRange(address: Uint8Array, range: Range): boolean {
  const whole = range.bits >> 3;
  for (let i = 0; i < whole; i++) if (address[i] !== range.bytes[i]) return false;
  const rest = range.bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (address[whole]! & mask) === (range.bytes[whole]! & mask);
}

/** Why `value` is not a valid `trustProxy`, or undefined when it is. */
export function trustProxyProblem(value: unknown): string | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) {
    return 'must be the number of proxies in front of this server (1 for one) or their addresses (["10.0.0.1", "10.0.0.0/8"]), not true: "trust the proxy" does not say which X-Forwarded-For entry a proxy of yours wrote';
  }
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 0 && value <= 32
      ? undefined
      : 'must be a hop count from 0 to 32';
  if (Array.isArray(value)) {
    const bad = value.find((v) => typeof v !== 'string' || parseRange(v) === undefined);
    return bad === undefined
      ? undefined
      : `holds ${JSON.stringify(bad)}, which is not an IP address or CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)`;
  }
  return "must be a hop count or a list of the proxies' IP addresses and CIDR ranges";
}

/**
 * The group an address is counted in by the decline limit: an IPv4 address by itself (an
 * IPv4-mapped IPv6 address, `::ffff:1.2.3.4` or `::ffff:102:304`, as its IPv4 address); an IPv6
 * address by its first `ipv6Prefix` bits (one subscriber is usually given a whole /64, so the
 * 2^64 addresses in it are one client), written in full, lower case, with its prefix length
 * (`2001:0db8:0001:0002:0000:0000:0000:0000/64`), so that every spelling of it is one bucket.
 * Anything that is not an address (`unknown`) is answered as it is.
 */
export function addressBucket(address: string, ipv6Prefix = 64): string {
  const bytes = parseIp(address);
  if (!bytes) return address;
  let mapped = bytes[10] === 0xff && bytes[11] === 0xff;
  for (let i = 0; mapped && i < 10; i++) mapped = bytes[i] === 0;
  if (mapped) return `${bytes[12]}.${bytes[13]}.${bytes[14]}.${bytes[15]}`;
  const masked = new Uint8Array(16);
  for (let bit = 0; bit < ipv6Prefix; bit += 8) {
    const take = Math.min(8, ipv6Prefix - bit);
    masked[bit >> 3] = bytes[bit >> 3]! & ((0xff << (8 - take)) & 0xff);
  }
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2)
    groups.push(((masked[i]! << 8) | masked[i + 1]!).toString(16).padStart(4, '0'));
  return `${groups.join(':')}/${ipv6Prefix}`;
}

/** The address as the limits count it: without a port, IPv4-mapped IPv6 written as IPv4, the rest as given. */
function canonical(text: string): string {
  const s = bare(text);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(s);
  return mapped ? mapped[1]! : s;
}

/**
 * Makes `address(socket, forwardedFor)`: the client's address under `trust`. Without trusted
 * proxies it is the socket's; with a hop count n, the nth address from the socket leftwards
 * through `X-Forwarded-For` (the leftmost when there are fewer); with a list, the first
 * address from the socket leftwards that is not in the list (the socket's own, when the
 * socket is not a trusted proxy: a client that bypasses the proxy cannot name itself).
 * Without a socket (`'unknown'`: a fetch runtime) a list reads X-Forwarded-For from its right
 * as a hop count does, taking the platform's own hop for a proxy of the list.
 */
export function clientAddressResolver(
  trust: TrustProxy | undefined,
): (socket: string, forwardedFor: string | undefined) => string {
  if (trust === undefined || trust === false || trust === 0) return (socket) => canonical(socket);
  // The socket, then X-Forwarded-For's entries from the right (the nearest first), empty ones
  // left out: one array, no intermediate ones (asked on every request).
  const chain = (socket: string, forwardedFor: string | undefined) => {
    const hops = [socket];
    if (forwardedFor) {
      const entries = forwardedFor.split(',');
      for (let i = entries.length - 1; i >= 0; i--) {
        const entry = entries[i]!.trim();
        if (entry) hops.push(entry);
      }
    }
    return hops;
  };
  if (typeof trust === 'number') {
    return (socket, forwardedFor) => {
      const hops = chain(socket, forwardedFor);
      return canonical(hops[Math.min(trust, hops.length - 1)]!);
    };
  }
  const ranges = trust.map((t) => parseRange(t)!);
  const trusted = (address: string) => {
    const bytes = parseIp(address);
    return bytes !== undefined && ranges.some((r) => inRange(bytes, r));
  };
  return (socket, forwardedFor) => {
    const hops = chain(socket, forwardedFor);
    let i = socket === 'unknown' && hops.length > 1 ? 1 : 0;
    while (i < hops.length - 1 && trusted(hops[i]!)) i++;
    return canonical(hops[i]!);
  };
}

/**
 * The platform's own word for the client's address, where there is no socket to read it from
 * (a fetch runtime: Next.js, SvelteKit, Workers, Deno, Bun): `request` is the web request the
 * runtime handed over and `platform` what came beside it (SvelteKit's `event`, Deno's `info`,
 * a Worker's `env`). Answer the address only from what the platform itself writes, never a
 * header a client can send as it likes; `undefined` when it has none for this request.
 */
export type ClientAddressRecipe = (request: Request, platform?: any) => string | null | undefined;

/**
 * Outside development, a request whose client address the handler cannot tell: no socket (a
 * fetch runtime) and no `clientAddress` recipe. Refused rather than counted as one client: every
 * shopper would share one rate limit and one decline limit, and no payment would carry `payer.ip`.
 */
export class ClientAddressUnknownError extends PaylitError<'client_address_unknown'> {
  override name = 'ClientAddressUnknownError';
  constructor(detail: string) {
    super(
      'client_address_unknown',
      `paylit: ${detail}: pass clientAddress to createCheckoutHandler or toFetchHandler, the platform's trustworthy address of the client (SvelteKit: (request, event) => event.getClientAddress(); Cloudflare: (request) => request.headers.get('CF-Connecting-IP'); Vercel: (request) => request.headers.get('x-real-ip'); Deno: (request, info) => info.remoteAddr.hostname; see the server's README, "The client's address")`,
      { kind: 'configuration' },
    );
  }
}
