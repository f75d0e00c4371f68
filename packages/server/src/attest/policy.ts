/**
 * What a page's `Content-Security-Policy` allows, read as Chromium enforces it (CSP Level 3):
 * the sources scripts may come from, whether inline script or `eval` run, Trusted Types,
 * `frame-ancestors` and `connect-src`. Several policies (two headers, a `<meta>`) each apply:
 * a script runs only if every policy allows it.
 */

/** One policy as sent: its directives, names lower-cased, sources as written. */
export interface ParsedPolicy {
  source: 'header' | 'meta';
  text: string;
  directives: Record<string, string[]>;
}

/** What the page's policies allow together (null: no policy says). */
export interface PolicyAnalysis {
  policies: ParsedPolicy[];
  /** The sources scripts may come from (`script-src`, else `default-src`), per policy; null: scripts unrestricted. */
  scriptSrc: string[] | null;
  /** Inline `<script>` and handlers run (`'unsafe-inline'` not cancelled by a nonce, hash or `'strict-dynamic'`). */
  unsafeInline: boolean;
  unsafeEval: boolean;
  /** Sources that let scripts come from anywhere or from any host of a scheme (`*`, `https:`, `data:`…). */
  wildcards: string[];
  /** Host sources scripts may come from (`https://cdn.example`, `*.example.com`). */
  hosts: string[];
  nonces: boolean;
  hashes: string[];
  strictDynamic: boolean;
  requireTrustedTypes: boolean;
  /** The Trusted Types policy names allowed; null: any (no `trusted-types` directive). */
  trustedTypes: string[] | null;
  /** Who may frame the page; null: anyone (unless X-Frame-Options says otherwise). */
  frameAncestors: string[] | null;
  /** Where the page's scripts may send requests; null: anywhere. */
  connectSrc: string[] | null;
}

export function parsePolicy(text: string, source: 'header' | 'meta'): ParsedPolicy {
  const directives: Record<string, string[]> = {};
  for (const part of text.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    // The first occurrence of a directive wins; later ones are ignored by the browser.
    if (!(key in directives)) directives[key] = values;
  }
  return { source, text: text.trim(), directives };
}

/** A header's value may hold several policies, comma-separated. */
export function parsePolicies(header: string | null, metas: string[]): ParsedPolicy[] {
  const policies: ParsedPolicy[] = [];
  for (const text of header ? header.split(',') : [])
    if (text.trim()) policies.push(parsePolicy(text, 'header'));
  for (const text of metas) if (text.trim()) policies.push(parsePolicy(text, 'meta'));
  return policies;
}

const WILDCARD = /^(\*|https?:|data:|blob:|filesystem:|ws:|wss:)$/i;

function scriptSources(policy: ParsedPolicy): string[] | undefined {
  return (
    policy.directives['script-src-elem'] ??
    policy.directives['script-src'] ??
    policy.directives['default-src']
  );
}

export function analysePolicies(policies: ParsedPolicy[]): PolicyAnalysis {
  const enforced = policies.filter((p) => Object.keys(p.directives).length > 0);
  const lists = enforced.map(scriptSources).filter((l): l is string[] => l !== undefined);
  const restrictive = (check: (sources: string[]) => boolean) =>
    lists.length > 0 && lists.some(check);
  const lower = (l: string[]) => l.map((s) => s.toLowerCase());
  // Inline script runs only if every policy that restricts scripts lets it.
  const inlineAllowed = (l: string[]) => {
    const s = lower(l);
    const cancelled = s.some(
      (v) => v.startsWith("'nonce-") || /^'sha(256|384|512)-/.test(v) || v === "'strict-dynamic'",
    );
    return s.includes("'unsafe-inline'") && !cancelled;
  };
  const all = lists.flat();
  const names = (name: string) => {
    const found = enforced.map((p) => p.directives[name]).filter((l) => l !== undefined);
    return found.length ? [...new Set(found.flat())] : null;
  };
  const connect = enforced
    .map((p) => p.directives['connect-src'] ?? p.directives['default-src'])
    .filter((l): l is string[] => l !== undefined);
  return {
    policies,
    scriptSrc: lists.length ? [...new Set(all)] : null,
    unsafeInline: !restrictive((l) => !inlineAllowed(l)),
    unsafeEval: !restrictive((l) => !lower(l).includes("'unsafe-eval'")),
    wildcards: restrictive((l) => !l.some((s) => WILDCARD.test(s)))
      ? []
      : lists.length
        ? [...new Set(all.filter((s) => WILDCARD.test(s)))]
        : ['(no script-src or default-src)'],
    hosts: [
      ...new Set(all.filter((s) => !s.startsWith("'") && !WILDCARD.test(s) && /[.:]/.test(s))),
    ],
    nonces: all.some((s) => s.toLowerCase().startsWith("'nonce-")),
    hashes: [...new Set(all.filter((s) => /^'sha(256|384|512)-/i.test(s)))],
    strictDynamic: all.some((s) => s.toLowerCase() === "'strict-dynamic'"),
    requireTrustedTypes: enforced.some((p) =>
      lower(p.directives['require-trusted-types-for'] ?? []).includes("'script'"),
    ),
    trustedTypes: names('trusted-types'),
    frameAncestors: names('frame-ancestors'),
    connectSrc: connect.length ? [...new Set(connect.flat())] : null,
  };
}

/** Whether the policies pin this inline script by its exact hash (`'sha384-…'` in script-src). */
export function pinsHash(analysis: PolicyAnalysis, hashes: string[]): boolean {
  const pinned = new Set(analysis.hashes.map((h) => h.replace(/'/g, '')));
  return hashes.some((h) => pinned.has(h));
}
