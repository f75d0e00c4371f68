/**
 * The report `attest` writes: its JSON shape (`paylit-attest/1`, documented in docs/pci.md),
 * the comparison with a previous report (11.6.1's change detection), the readable HTML page,
 * and the Ed25519 signature over the JSON's exact bytes.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  KeyObject,
  sign,
  verify,
} from 'node:crypto';
import type { CorsCheck, Finding, InventoryEntry, Note } from './findings.js';
import type { PolicyAnalysis } from './policy.js';

export const REPORT_FORMAT = 'paylit-attest/1';

export interface Comparison {
  previous: { attestedAt: string; url: string; sha256: string };
  scripts: Changes;
  stylesheets: Changes;
  headers: { name: string; before: string | null; after: string | null }[];
}

export interface Changes {
  added: string[];
  removed: string[];
  changed: { subject: string; before: string | null; after: string | null }[];
}

export interface Report {
  format: typeof REPORT_FORMAT;
  tool: { name: '@paylit/server'; version: string };
  attestedAt: string;
  url: string;
  finalUrl: string;
  status: number | null;
  browser: string;
  /** `clean`: no finding at all; notes do not count. */
  verdict: 'clean' | 'findings';
  summary: { scripts: number; stylesheets: number; high: number; medium: number; low: number };
  signer: { algorithm: 'Ed25519'; publicKeyFingerprint: string } | null;
  isolation: 'page' | 'frame' | 'none';
  probe: {
    ran: boolean;
    testCard: string;
    typedInto: 'page' | 'frame' | null;
    keyListener: { digitsHeard: number; number: boolean };
    inputValues: { valuesRead: number; number: boolean };
    overlay: { possible: boolean };
    replace: { possible: boolean };
    error: string | null;
  };
  scripts: InventoryEntry[];
  stylesheets: InventoryEntry[];
  headers: {
    received: Record<string, string>;
    csp: Omit<PolicyAnalysis, 'policies'> & { policies: { source: string; text: string }[] };
    cors: CorsCheck | null;
  };
  paylit: { manifest: string | null; files: number; matched: number };
  comparison: Comparison | null;
  findings: Finding[];
  notes: Note[];
}

/** The exact bytes that are signed and written: two-space JSON and a final newline. */
export function serialize(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** The key's fingerprint as `openssl pkey -pubin -outform DER | openssl dgst -sha256` gives it, in base64: `SHA256:…`. */
export function fingerprint(key: KeyObject): string {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  const der = pub.export({ type: 'spki', format: 'der' });
  return `SHA256:${createHash('sha256').update(der).digest('base64')}`;
}

/** An Ed25519 private key from a PEM; anything else is refused, naming what it is. */
export function signingKey(pem: string | Buffer | KeyObject): KeyObject {
  let key: KeyObject;
  try {
    key = pem instanceof KeyObject ? pem : createPrivateKey(pem);
  } catch (error) {
    throw new Error(
      `attest: the signing key is not a private key PEM (${(error as Error).message})`,
    );
  }
  if (key.type !== 'private' || key.asymmetricKeyType !== 'ed25519')
    throw new Error(
      `attest: the signing key must be an Ed25519 private key (openssl genpkey -algorithm ed25519), not ${key.type} ${key.asymmetricKeyType}`,
    );
  return key;
}

/** The detached signature over the report's bytes (64 bytes, as `openssl pkeyutl -verify -rawin` takes it). */
export function signReport(bytes: string | Buffer, key: KeyObject): Buffer {
  return sign(null, Buffer.from(bytes), key);
}

export function verifyReport(
  bytes: string | Buffer,
  signature: Buffer,
  publicKey: string | KeyObject,
): boolean {
  return verify(null, Buffer.from(bytes), publicKey, signature);
}

/** A new Ed25519 key pair, as PEM: the private key for the merchant, the public one for the assessor. */
export function generateSigningKey(): {
  privateKey: string;
  publicKey: string;
  fingerprint: string;
} {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    fingerprint: fingerprint(publicKey),
  };
}

const keyOf = (e: InventoryEntry) =>
  `${e.loadedBy.kind === 'frame' ? 'frame ' : ''}${e.url ?? `inline ${e.inline} ${e.sha384}`}`;

function changes(before: InventoryEntry[], after: InventoryEntry[]): Changes {
  const was = new Map(before.map((e) => [keyOf(e), e]));
  const now = new Map(after.map((e) => [keyOf(e), e]));
  const result: Changes = { added: [], removed: [], changed: [] };
  for (const [key, e] of now) {
    const old = was.get(key);
    if (!old) result.added.push(key);
    else if (old.sha384 !== e.sha384 || old.integrity.attribute !== e.integrity.attribute)
      result.changed.push({ subject: key, before: old.sha384, after: e.sha384 });
  }
  for (const key of was.keys()) if (!now.has(key)) result.removed.push(key);
  return result;
}

/** The headers whose change 11.6.1 asks to detect. */
export const WATCHED_HEADERS = [
  'content-security-policy',
  'content-security-policy-report-only',
  'x-frame-options',
  'x-content-type-options',
  'strict-transport-security',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-embedder-policy',
];

/** What changed since `previous` (a report of the same shape), and the findings it makes. */
export function compare(
  previous: Report,
  previousBytes: string | Buffer,
  current: Report,
): { comparison: Comparison; findings: Finding[] } {
  if (previous?.format !== REPORT_FORMAT)
    throw new Error(`attest --compare: the previous report is not a ${REPORT_FORMAT} report`);
  const scripts = changes(previous.scripts, current.scripts);
  const stylesheets = changes(previous.stylesheets, current.stylesheets);
  const headers: Comparison['headers'] = [];
  for (const name of WATCHED_HEADERS) {
    const before = previous.headers.received[name] ?? null;
    const after = current.headers.received[name] ?? null;
    if (before !== after) headers.push({ name, before, after });
  }
  const corsBefore = previous.headers.cors?.pageOrigin?.allowOrigin ?? null;
  const corsAfter = current.headers.cors?.pageOrigin?.allowOrigin ?? null;
  if (corsBefore !== corsAfter)
    headers.push({
      name: 'access-control-allow-origin (companion server)',
      before: corsBefore,
      after: corsAfter,
    });
  const findings: Finding[] = [];
  const change = (id: string, subject: string, title: string) =>
    findings.push({
      id,
      severity: 'medium',
      requirements: ['11.6.1', '6.4.3'],
      subject,
      title,
      change:
        'Confirm the change was authorized and update your script inventory (6.4.3); if no one authorized it, treat it as an incident.',
    });
  for (const [kind, c] of [
    ['script', scripts],
    ['stylesheet', stylesheets],
  ] as const) {
    for (const s of c.added)
      change(`${kind}-added`, s, `${kind} added since the previous report: ${s}`);
    for (const s of c.removed)
      change(`${kind}-removed`, s, `${kind} removed since the previous report: ${s}`);
    for (const s of c.changed)
      change(
        `${kind}-changed`,
        s.subject,
        `${kind} changed since the previous report: ${s.subject} (${s.before} → ${s.after})`,
      );
  }
  for (const h of headers)
    change(
      'header-changed',
      h.name,
      `header ${h.name} changed since the previous report: ${h.before ?? '(none)'} → ${h.after ?? '(none)'}`,
    );
  return {
    comparison: {
      previous: {
        attestedAt: previous.attestedAt,
        url: previous.url,
        sha256: createHash('sha256').update(previousBytes).digest('hex'),
      },
      scripts,
      stylesheets,
      headers,
    },
    findings,
  };
}

const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function inventoryTable(entries: InventoryEntry[]): string {
  if (!entries.length) return '<p>None.</p>';
  const rows = entries
    .map(
      (e) =>
        `<tr><td>${e.url ? escapeHtml(e.url) : `<em>inline ${escapeHtml(e.inline)}</em>`}</td><td>${escapeHtml(e.origin ?? '')}</td><td><code>${escapeHtml(e.sha384 ?? '(no body)')}</code></td><td>${
          e.integrity.attribute
            ? `${e.integrity.matches ? 'pinned, matches' : 'pinned, <strong>does not match</strong>'}`
            : 'not pinned'
        }${e.paylit ? `<br>paylit ${escapeHtml(e.paylit.file)}: ${e.paylit.matches === true ? 'matches the release' : e.paylit.matches === false ? '<strong>differs from the release</strong>' : 'not checked'}` : ''}</td><td>${escapeHtml(e.loadedBy.kind)}${e.loadedBy.by ? ` (${escapeHtml(e.loadedBy.by)})` : ''}</td></tr>`,
    )
    .join('\n');
  return `<table><thead><tr><th>URL</th><th>Origin</th><th>SHA-384</th><th>Integrity</th><th>Loaded by</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

/** The readable page: self-contained (no external resource, nothing runs), every value escaped. */
export function renderHtml(report: Report): string {
  const findings = report.findings.length
    ? `<ol>${report.findings
        .map(
          (f) =>
            `<li class="${escapeHtml(f.severity)}"><strong>${escapeHtml(f.severity)}</strong> · ${escapeHtml(f.requirements.join(', '))} · <code>${escapeHtml(f.id)}</code><br>${escapeHtml(f.title)}<br><em>Change:</em> ${escapeHtml(f.change)}</li>`,
        )
        .join('\n')}</ol>`
    : '<p>No finding.</p>';
  const notes = report.notes.length
    ? `<ul>${report.notes.map((n) => `<li><code>${escapeHtml(n.id)}</code> ${escapeHtml(n.subject)}: ${escapeHtml(n.text)}</li>`).join('\n')}</ul>`
    : '<p>None.</p>';
  const p = report.probe;
  const headers = Object.entries(report.headers.received)
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td><code>${escapeHtml(v)}</code></td></tr>`)
    .join('\n');
  const c = report.comparison;
  const comparison = c
    ? `<h2>Changes since ${escapeHtml(c.previous.attestedAt)}</h2><ul>${
        [
          ...c.scripts.added.map((s) => `script added: ${s}`),
          ...c.scripts.removed.map((s) => `script removed: ${s}`),
          ...c.scripts.changed.map((s) => `script changed: ${s.subject}`),
          ...c.stylesheets.added.map((s) => `stylesheet added: ${s}`),
          ...c.stylesheets.removed.map((s) => `stylesheet removed: ${s}`),
          ...c.stylesheets.changed.map((s) => `stylesheet changed: ${s.subject}`),
          ...c.headers.map((h) => `header changed: ${h.name}`),
        ]
          .map((line) => `<li>${escapeHtml(line)}</li>`)
          .join('') || '<li>No change.</li>'
      }</ul>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Payment page evidence: ${escapeHtml(report.url)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;max-width:80rem;color:#111}table{border-collapse:collapse;width:100%}td,th{border:1px solid #bbb;padding:.3rem;text-align:left;vertical-align:top;word-break:break-all}code{font-size:13px}.high{color:#a00}.medium{color:#850}.verdict{font-size:1.3rem}</style>
</head><body><main>
<h1>Payment page evidence</h1>
<p class="verdict">${report.verdict === 'clean' ? 'No finding' : `<strong>${report.findings.length} finding(s)</strong>: ${report.summary.high} high, ${report.summary.medium} medium, ${report.summary.low} low`}</p>
<dl><dt>Page</dt><dd>${escapeHtml(report.url)}</dd><dt>Attested</dt><dd>${escapeHtml(report.attestedAt)} with ${escapeHtml(report.browser)}, ${escapeHtml(report.tool.name)} ${escapeHtml(report.tool.version)}</dd>
<dt>Signed by</dt><dd>${report.signer ? `Ed25519 key <code>${escapeHtml(report.signer.publicKeyFingerprint)}</code> (the signature is over the JSON report's bytes, not this page)` : 'not signed'}</dd></dl>
<p>Our reading of PCI DSS 4.0 (6.4.3, 11.6.1, SAQ A), not advice: the merchant's QSA decides.</p>
<h2>Findings</h2>${findings}
${comparison}
<h2>Card fields</h2>
<p>Isolation: <strong>${escapeHtml(report.isolation)}</strong>. The probe ${p.ran ? `typed the test card ${escapeHtml(p.testCard)} into the fields (${escapeHtml(p.typedInto)}) with a script of its own in the page: a key listener on window and document heard ${p.keyListener.digitsHeard} digit(s)${p.keyListener.number ? ', the whole number' : ''}; reading the inputs' values (through open shadow roots) ${p.inputValues.number ? '<strong>read the number</strong>' : 'read no number'}; an overlay over the fields ${p.overlay.possible ? 'could be drawn' : 'could not be drawn'}; replacing the element ${p.replace.possible ? 'was possible' : 'was not possible'}.` : `did not run: ${escapeHtml(p.error)}.`}</p>
<h2>Scripts (${report.scripts.length})</h2>${inventoryTable(report.scripts)}
<h2>Stylesheets (${report.stylesheets.length})</h2>${inventoryTable(report.stylesheets)}
<h2>Security headers</h2><table><tbody>${headers}</tbody></table>
<p>Content-Security-Policy: script-src ${escapeHtml(report.headers.csp.scriptSrc?.join(' ') ?? '(unrestricted)')}; unsafe-inline ${report.headers.csp.unsafeInline ? 'allowed' : 'not allowed'}; unsafe-eval ${report.headers.csp.unsafeEval ? 'allowed' : 'not allowed'}; Trusted Types ${report.headers.csp.requireTrustedTypes ? 'required' : 'not required'}; frame-ancestors ${escapeHtml(report.headers.csp.frameAncestors?.join(' ') ?? '(any)')}; connect-src ${escapeHtml(report.headers.csp.connectSrc?.join(' ') ?? '(any)')}.</p>
<p>Companion server CORS: ${report.headers.cors ? `${escapeHtml(report.headers.cors.endpoint)}: the page's origin ${escapeHtml(report.headers.cors.pageOrigin?.allowOrigin ?? 'not allowed')}; a foreign origin ${escapeHtml(report.headers.cors.foreignOrigin?.allowOrigin ?? 'not allowed')}` : 'no endpoint on the page'}.</p>
<h2>paylit's files</h2><p>${report.paylit.manifest ? `${report.paylit.matched} of ${report.paylit.files} match the release's manifest (${escapeHtml(report.paylit.manifest)}).` : 'Not checked: no manifest.'}</p>
<h2>Notes</h2>${notes}
</main></body></html>
`;
}
