/**
 * `attest(url, options)` (`@paylit/server/attest`): PCI DSS evidence for a merchant's checkout
 * page. It opens the page in headless Chromium, inventories every script and stylesheet it runs
 * (frames included) with their SHA-384, reads its security headers and the companion server's
 * CORS, runs a hostile-page probe against the card fields, checks paylit's own files against the
 * release's manifest, maps each finding to PCI DSS 4.0 6.4.3, 11.6.1 or SAQ A's script-attack
 * criterion, and signs the JSON report with the merchant's Ed25519 key.
 *
 * It is its own entry point: the server's runtime paths never load it, and it loads
 * `playwright-core` (an optional peer dependency) only when it runs.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KeyObject } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { VERSION } from '../version.js';
import { browse, PROBE_NUMBER, type ObservedResource } from './browse.js';
import { judge, type CorsCheck, type InventoryEntry } from './findings.js';
import { analysePolicies, parsePolicies } from './policy.js';
import {
  compare,
  fingerprint,
  renderHtml,
  REPORT_FORMAT,
  serialize,
  signingKey,
  signReport,
  WATCHED_HEADERS,
  type Report,
} from './report.js';

export type {
  Finding,
  Note,
  InventoryEntry,
  CorsCheck,
  Requirement,
  Severity,
} from './findings.js';
export type { Report, Comparison, Changes } from './report.js';
export {
  compare,
  fingerprint,
  generateSigningKey,
  renderHtml,
  REPORT_FORMAT,
  serialize,
  signReport,
  verifyReport,
} from './report.js';

export interface AttestOptions {
  /** The merchant's Ed25519 private key (PEM or KeyObject) the report is signed with. None: unsigned. */
  key?: string | Buffer | KeyObject;
  /** A previous report (its JSON text, as written): the new one says what changed since (11.6.1). */
  previous?: string;
  /** Chromium's binary. Default: `PAYLIT_CHROMIUM`, else `/usr/bin/chromium`. */
  chromium?: string;
  /** A Chromium already launched (playwright-core's `Browser`): a new context is used, the browser left open. */
  browser?: Browser;
  /** paylit's manifest (`dist/bundle/integrity.json` of `@paylit/elements`). Default: the installed package's. */
  manifest?: string;
  /** How long the page may take to load and draw its card fields. Default 30 s. */
  timeoutMs?: number;
  /** The report's time. Default now. */
  now?: Date;
}

export interface AttestResult {
  report: Report;
  /** The report's exact bytes: what is signed, and what to write. */
  json: string;
  /** The detached Ed25519 signature over `json` (64 bytes), or null when no key was given. */
  signature: Buffer | null;
  html: string;
}

interface Manifest {
  algorithm: string;
  files: Record<string, string>;
}

/** The installed `@paylit/elements` release's manifest, looked for in node_modules from here and from the working directory. */
function findManifest(): string | null {
  const starts = [dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (let dir of starts) {
    for (;;) {
      const candidate = join(
        dir,
        'node_modules',
        '@paylit',
        'elements',
        'dist',
        'bundle',
        'integrity.json',
      );
      if (existsSync(candidate)) return candidate;
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  return null;
}

async function readManifest(path: string): Promise<Manifest> {
  let parsed: Manifest;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8')) as Manifest;
  } catch (error) {
    throw new Error(
      `attest: the manifest ${path} cannot be read as JSON (${(error as Error).message})`,
    );
  }
  if (parsed?.algorithm !== 'sha384' || typeof parsed.files !== 'object' || parsed.files === null)
    throw new Error(
      `attest: the manifest ${path} is not paylit's ({"algorithm":"sha384","files":{"paylit.js":"sha384-…"}})`,
    );
  return parsed;
}

const PAYLIT_FILE = /^paylit(\.[\w-]+)*\.js$/;

/** The companion server's CORS, asked as the page would: a preflight from the page's origin, and one from a stranger's. */
async function checkCors(
  endpoint: string,
  pageOrigin: string,
  timeoutMs: number,
): Promise<CorsCheck> {
  const target = `${endpoint.replace(/\/$/, '')}/checkout`;
  const result: CorsCheck = {
    endpoint,
    sameOrigin: new URL(endpoint).origin === pageOrigin,
    pageOrigin: null,
    foreignOrigin: null,
    error: null,
  };
  const preflight = async (origin: string) => {
    const res = await fetch(target, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return res;
  };
  try {
    const own = await preflight(pageOrigin);
    result.pageOrigin = {
      status: own.status,
      allowOrigin: own.headers.get('access-control-allow-origin'),
      allowMethods: own.headers.get('access-control-allow-methods'),
    };
    const stranger = 'https://attest-probe.invalid';
    const foreign = await preflight(stranger);
    result.foreignOrigin = {
      origin: stranger,
      status: foreign.status,
      allowOrigin: foreign.headers.get('access-control-allow-origin'),
    };
  } catch (error) {
    result.error = (error as Error).message;
  }
  return result;
}

export async function attest(url: string, options: AttestOptions = {}): Promise<AttestResult> {
  let page: URL;
  try {
    page = new URL(url);
  } catch {
    throw new Error(
      `attest: ${JSON.stringify(url)} is not a URL (give the checkout page's http(s) URL)`,
    );
  }
  if (!/^https?:$/.test(page.protocol)) throw new Error(`attest: ${url} is not an http(s) URL`);
  const key = options.key === undefined ? null : signingKey(options.key);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const manifestPath = options.manifest ?? findManifest();
  const manifest = manifestPath ? await readManifest(manifestPath) : null;
  const previous = options.previous === undefined ? null : parsePrevious(options.previous);

  const seen = await browse(page.href, {
    chromium: options.chromium ?? process.env.PAYLIT_CHROMIUM ?? '/usr/bin/chromium',
    browser: options.browser,
    timeoutMs,
  });
  const pageOrigin = new URL(seen.finalUrl).origin;
  const inlineHashes = new Map<InventoryEntry, string[]>();
  const entry = (r: ObservedResource): InventoryEntry => {
    let origin: string | null = null;
    let file: string | null = null;
    if (r.url) {
      const u = new URL(r.url);
      origin = u.origin;
      file = u.pathname.split('/').pop() ?? null;
    }
    const algorithm = r.integrity?.trim().split(/\s+/)[0]?.split('-')[0] as
      'sha256' | 'sha384' | 'sha512' | undefined;
    const listed = r.integrity?.trim().split(/\s+/) ?? [];
    const matches =
      r.integrity === null || r.hashes === null
        ? null
        : algorithm && algorithm in r.hashes
          ? listed.includes(r.hashes[algorithm])
          : false;
    const paylit =
      r.type === 'script' &&
      file &&
      (PAYLIT_FILE.test(file) || (manifest && file in manifest.files))
        ? {
            file,
            expected: manifest?.files[file] ?? null,
            matches:
              manifest?.files[file] && r.hashes ? manifest.files[file] === r.hashes.sha384 : null,
          }
        : null;
    const made: InventoryEntry = {
      url: r.url,
      origin,
      frame: r.frame,
      inline: r.inline,
      nonce: r.nonce,
      sha384: r.hashes?.sha384 ?? null,
      bytes: r.bytes,
      integrity: { attribute: r.integrity, matches },
      loadedBy: r.loadedBy,
      bytesFrom: r.inline ? 'inline' : r.refetched ? 'refetched' : 'browser',
      paylit,
    };
    if (r.inline && r.hashes) inlineHashes.set(made, [r.hashes.sha256, r.hashes.sha512]);
    return made;
  };
  const order = (a: InventoryEntry, b: InventoryEntry) =>
    Number(a.loadedBy.kind === 'frame') - Number(b.loadedBy.kind === 'frame') ||
    (a.url ?? `~${a.sha384}`).localeCompare(b.url ?? `~${b.sha384}`);
  // One entry per file and frame (a file fetched twice is listed once).
  const unique = (list: InventoryEntry[]) => {
    const byKey = new Map<string, InventoryEntry>();
    for (const e of list)
      byKey.set(`${e.frame}|${e.url ?? `${e.inline} ${e.sha384}`}|${e.sha384}`, e);
    return [...byKey.values()].sort(order);
  };
  const scripts = unique(seen.resources.filter((r) => r.type === 'script').map(entry));
  const stylesheets = unique(seen.resources.filter((r) => r.type === 'stylesheet').map(entry));
  const policies = parsePolicies(seen.cspHeader, seen.cspMeta);
  const policy = analysePolicies(policies);
  const cors = seen.endpoint ? await checkCors(seen.endpoint, pageOrigin, timeoutMs) : null;
  const received: Record<string, string> = {};
  for (const name of WATCHED_HEADERS)
    if (seen.headers[name] !== undefined) received[name] = seen.headers[name]!;
  const { findings, notes } = judge({
    pageOrigin,
    scripts,
    stylesheets,
    inlineHashes,
    policy,
    xFrameOptions: seen.headers['x-frame-options'] ?? null,
    cors,
    isolation: seen.isolation,
    probe: seen.probe,
    manifest: manifestPath,
  });
  const paylitFiles = scripts.filter((s) => s.paylit);
  const report: Report = {
    format: REPORT_FORMAT,
    tool: { name: '@paylit/server', version: VERSION },
    attestedAt: (options.now ?? new Date()).toISOString(),
    url: page.href,
    finalUrl: seen.finalUrl,
    status: seen.status,
    browser: seen.browser,
    verdict: 'clean',
    summary: {
      scripts: scripts.length,
      stylesheets: stylesheets.length,
      high: 0,
      medium: 0,
      low: 0,
    },
    signer: key ? { algorithm: 'Ed25519', publicKeyFingerprint: fingerprint(key) } : null,
    isolation: seen.isolation,
    probe: { ...seen.probe, testCard: PROBE_NUMBER },
    scripts,
    stylesheets,
    headers: {
      received,
      csp: {
        ...policy,
        policies: policy.policies.map((p) => ({ source: p.source, text: p.text })),
      },
      cors,
    },
    paylit: {
      manifest: manifestPath,
      files: paylitFiles.length,
      matched: paylitFiles.filter((s) => s.paylit?.matches === true).length,
    },
    comparison: null,
    findings,
    notes,
  };
  if (previous) {
    const { comparison, findings: changed } = compare(previous.report, previous.bytes, report);
    report.comparison = comparison;
    report.findings.push(...changed);
  }
  for (const f of report.findings) report.summary[f.severity]++;
  report.verdict = report.findings.length ? 'findings' : 'clean';
  const json = serialize(report);
  return { report, json, signature: key ? signReport(json, key) : null, html: renderHtml(report) };
}

function parsePrevious(text: string): { report: Report; bytes: string } {
  let report: Report;
  try {
    report = JSON.parse(text) as Report;
  } catch (error) {
    throw new Error(
      `attest --compare: the previous report is not JSON (${(error as Error).message})`,
    );
  }
  if (report?.format !== REPORT_FORMAT)
    throw new Error(`attest --compare: the previous report is not a ${REPORT_FORMAT} report`);
  return { report, bytes: text };
}
