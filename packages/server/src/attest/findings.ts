/**
 * What the observations mean for the merchant's PCI DSS 4.0 evidence: each finding names the
 * requirement it bears on (6.4.3: every payment-page script inventoried, authorized and its
 * integrity assured; 11.6.1: changes to the page's scripts and security headers detected; SAQ A's
 * eligibility criterion that the site is not susceptible to attacks from scripts), how serious
 * it is, and what to change. Our reading of the standard, not advice: the merchant's QSA decides.
 */
import type { PolicyAnalysis } from './policy.js';
import { pinsHash } from './policy.js';

export type Requirement = '6.4.3' | '11.6.1' | 'SAQ A';
export type Severity = 'high' | 'medium' | 'low';

export interface Finding {
  /** Stable identifier of the kind of finding (see docs/pci.md). */
  id: string;
  severity: Severity;
  requirements: Requirement[];
  /** What it concerns: a script's URL, a header's name, a paylit file. */
  subject: string;
  title: string;
  change: string;
}

export interface Note {
  id: string;
  subject: string;
  text: string;
}

/** One entry of the report's inventory. */
export interface InventoryEntry {
  url: string | null;
  origin: string | null;
  frame: string;
  inline: 'element' | 'handler' | null;
  /** Whether the element carries a nonce (its value is never read into the report). */
  nonce: boolean;
  sha384: string | null;
  bytes: number | null;
  integrity: { attribute: string | null; matches: boolean | null };
  loadedBy: { kind: 'parser' | 'script' | 'preload' | 'frame' | 'other'; by: string | null };
  /** Where the hashed bytes came from: the browser's response, or attest's own fetch of the URL (no response was seen). */
  bytesFrom: 'browser' | 'refetched' | 'inline';
  /** For paylit's own files: the manifest's hash and whether the bytes match it. */
  paylit: { file: string; expected: string | null; matches: boolean | null } | null;
}

export interface CorsCheck {
  endpoint: string;
  sameOrigin: boolean;
  /** The preflight with the page's own origin, as the checkout's POST would send it. */
  pageOrigin: { status: number; allowOrigin: string | null; allowMethods: string | null } | null;
  /** The same preflight from an origin that is not the merchant's. */
  foreignOrigin: { origin: string; status: number; allowOrigin: string | null } | null;
  error: string | null;
}

export interface FindingInput {
  pageOrigin: string;
  scripts: InventoryEntry[];
  stylesheets: InventoryEntry[];
  /** Inline scripts' other hashes, for a policy that pins by sha256 or sha512. */
  inlineHashes: Map<InventoryEntry, string[]>;
  policy: PolicyAnalysis;
  xFrameOptions: string | null;
  cors: CorsCheck | null;
  isolation: 'page' | 'frame' | 'none';
  probe: {
    ran: boolean;
    keyListener: { number: boolean; digitsHeard: number };
    inputValues: { number: boolean };
    overlay: { possible: boolean };
    replace: { possible: boolean };
    error: string | null;
  };
  manifest: string | null;
}

const where = (e: InventoryEntry) =>
  e.url ?? `inline ${e.inline === 'handler' ? 'handler' : 'script'} ${e.sha384} in ${e.frame}`;

export function judge(input: FindingInput): { findings: Finding[]; notes: Note[] } {
  const findings: Finding[] = [];
  const notes: Note[] = [];
  const { policy } = input;

  // Scripts: each one pinned, or the page's own, or paylit's checked against its manifest.
  for (const s of input.scripts) {
    if (s.paylit && s.paylit.matches === false)
      findings.push({
        id: 'paylit-file-changed',
        severity: 'high',
        requirements: ['6.4.3', '11.6.1'],
        subject: s.url ?? s.paylit.file,
        title: `${s.paylit.file} is not the file paylit published: its SHA-384 is ${s.sha384}, the package's manifest says ${s.paylit.expected}`,
        change:
          'Serve the files of the paylit release you installed, unmodified (a build step, a CDN or an attacker changed this one), and pin paylit.js with its integrity attribute.',
      });
    else if (s.paylit && s.paylit.expected === null && input.manifest !== null)
      findings.push({
        id: 'paylit-file-unknown',
        severity: 'medium',
        requirements: ['6.4.3'],
        subject: s.url ?? s.paylit.file,
        title: `${s.paylit.file} looks like a paylit file but is not in the package's manifest`,
        change:
          'Serve only the files of the installed paylit release (its dist/bundle), or check that the manifest given to attest is that release’s.',
      });
    if (s.integrity.matches === false)
      findings.push({
        id: 'integrity-mismatch',
        severity: 'high',
        requirements: ['6.4.3', '11.6.1'],
        subject: where(s),
        title: `the bytes of ${where(s)} do not match its integrity attribute (${s.integrity.attribute}): the browser refused it`,
        change:
          'Find out why the file changed; serve the authorized file, or, if the change is authorized, update its integrity.',
      });
    if (s.inline) {
      const pinned = pinsHash(policy, [s.sha384!, ...(input.inlineHashes.get(s) ?? [])]);
      const blocked =
        policy.scriptSrc !== null &&
        !policy.unsafeInline &&
        !(s.inline === 'element' && s.nonce && policy.nonces);
      if (pinned) continue;
      if (blocked) {
        notes.push({
          id: 'inline-script-blocked',
          subject: where(s),
          text: 'An inline script the page holds, which its Content-Security-Policy does not let run.',
        });
        continue;
      }
      findings.push({
        id: 'inline-script',
        severity: 'medium',
        requirements: ['6.4.3', 'SAQ A'],
        subject: where(s),
        title: `an inline ${s.inline === 'handler' ? 'event handler' : 'script'} runs on the payment page, not pinned by its hash (${s.sha384})`,
        change: `Move it into a file of your own origin, or authorize exactly this content: add '${s.sha384}' to script-src (and drop 'unsafe-inline'; a nonce authorizes whatever carries it).`,
      });
      continue;
    }
    if (s.paylit && s.paylit.matches) continue;
    const thirdParty = s.origin !== null && s.origin !== input.pageOrigin;
    if (s.integrity.attribute === null && thirdParty)
      findings.push({
        id: 'unpinned-third-party-script',
        severity: 'high',
        requirements: ['6.4.3', 'SAQ A'],
        subject: where(s),
        title: `a script from another origin (${s.origin}) runs on the payment page with no integrity attribute: whoever serves it can change what runs`,
        change:
          'Pin it with integrity="sha384-…" and crossorigin="anonymous" (its current hash is in this report), serve a reviewed copy from your own origin, or remove it from the payment page.',
      });
    else if (s.integrity.attribute === null && s.url && !thirdParty)
      notes.push({
        id: 'first-party-script',
        subject: s.url,
        text: "A script of the page's own origin, not pinned by integrity: authorize it in your inventory; its hash here is what a later report compares with.",
      });
  }
  for (const s of input.stylesheets) {
    const thirdParty = s.origin !== null && s.origin !== input.pageOrigin;
    if (!s.inline && s.integrity.attribute === null && thirdParty)
      findings.push({
        id: 'unpinned-third-party-stylesheet',
        severity: 'low',
        requirements: ['6.4.3'],
        subject: where(s),
        title: `a stylesheet from another origin (${s.origin}) has no integrity attribute: a stylesheet can redraw the page around the card fields`,
        change:
          'Pin it with integrity="sha384-…" and crossorigin="anonymous", or serve it from your own origin.',
      });
    if (s.integrity.matches === false)
      findings.push({
        id: 'integrity-mismatch',
        severity: 'high',
        requirements: ['6.4.3', '11.6.1'],
        subject: where(s),
        title: `the bytes of ${where(s)} do not match its integrity attribute`,
        change: 'Serve the authorized file, or update its integrity if the change is authorized.',
      });
  }

  // The headers.
  if (policy.scriptSrc === null)
    findings.push({
      id: 'csp-missing',
      severity: 'high',
      requirements: ['6.4.3', 'SAQ A'],
      subject: 'Content-Security-Policy',
      title:
        'no Content-Security-Policy restricts scripts (no script-src or default-src): any injected script runs',
      change:
        "Send the policy cspFor() returns (@paylit/server): script-src limited to your origin and paylit's, Trusted Types required.",
    });
  else {
    if (policy.unsafeInline)
      findings.push({
        id: 'csp-unsafe-inline',
        severity: 'high',
        requirements: ['6.4.3', 'SAQ A'],
        subject: 'Content-Security-Policy script-src',
        title: "script-src allows 'unsafe-inline': a script injected into the page's HTML runs",
        change: "Drop 'unsafe-inline'; move inline scripts into files, or pin each by its hash.",
      });
    if (policy.unsafeEval)
      findings.push({
        id: 'csp-unsafe-eval',
        severity: 'medium',
        requirements: ['6.4.3', 'SAQ A'],
        subject: 'Content-Security-Policy script-src',
        title: "script-src allows 'unsafe-eval': code built from strings runs",
        change: "Drop 'unsafe-eval' (paylit needs none).",
      });
    if (policy.wildcards.length)
      findings.push({
        id: 'csp-wildcard',
        severity: 'high',
        requirements: ['6.4.3', 'SAQ A'],
        subject: 'Content-Security-Policy script-src',
        title: `script-src allows scripts from anywhere: ${policy.wildcards.join(' ')}`,
        change: 'List the origins your payment page loads scripts from, and nothing wider.',
      });
    const wideHosts = policy.hosts.filter((h) => h.includes('*'));
    if (wideHosts.length)
      findings.push({
        id: 'csp-host-wildcard',
        severity: 'medium',
        requirements: ['6.4.3'],
        subject: 'Content-Security-Policy script-src',
        title: `script-src allows every subdomain of ${wideHosts.join(', ')}`,
        change: 'Name the hosts themselves.',
      });
  }
  if (!policy.requireTrustedTypes)
    notes.push({
      id: 'trusted-types-off',
      subject: 'Content-Security-Policy',
      text: "No require-trusted-types-for 'script': the page's own DOM writes are not checked for script injection (paylit works under it: cspFor() sends it).",
    });
  else if (policy.trustedTypes === null)
    notes.push({
      id: 'trusted-types-any-policy',
      subject: 'Content-Security-Policy trusted-types',
      text: 'Trusted Types are required, and any policy name may be created (no trusted-types directive).',
    });
  if (policy.frameAncestors === null && input.xFrameOptions === null)
    notes.push({
      id: 'framing-allowed',
      subject: 'Content-Security-Policy frame-ancestors',
      text: "Any site may frame this page (no frame-ancestors, no X-Frame-Options): add frame-ancestors 'self' unless the page is meant to be framed.",
    });
  if (policy.connectSrc === null || policy.connectSrc.some((s) => /^(\*|https?:)$/i.test(s)))
    findings.push({
      id: 'csp-connect-anywhere',
      severity: 'low',
      requirements: ['SAQ A'],
      subject: 'Content-Security-Policy connect-src',
      title:
        "connect-src (or default-src) lets the page's scripts send requests anywhere: a skimmer's exfiltration is not stopped",
      change:
        "List the origins the page talks to (cspFor() sends 'self' and the companion server).",
    });

  // The companion server's CORS.
  const cors = input.cors;
  if (cors?.foreignOrigin?.allowOrigin === '*' || cors?.pageOrigin?.allowOrigin === '*')
    findings.push({
      id: 'cors-any-origin',
      severity: 'medium',
      requirements: ['SAQ A'],
      subject: cors.endpoint,
      title: 'the companion server allows every origin (Access-Control-Allow-Origin: *)',
      change: 'List your shop’s origins in allowedOrigins.',
    });
  else if (
    cors?.foreignOrigin?.allowOrigin &&
    cors.foreignOrigin.allowOrigin === cors.foreignOrigin.origin
  )
    findings.push({
      id: 'cors-reflects-origin',
      severity: 'high',
      requirements: ['SAQ A'],
      subject: cors.endpoint,
      title: `the companion server allows an origin that is not the shop's (${cors.foreignOrigin.origin}): any site can drive the checkout in a shopper's browser`,
      change: 'List your shop’s origins in allowedOrigins; never reflect the Origin header.',
    });
  if (
    cors &&
    !cors.sameOrigin &&
    cors.pageOrigin &&
    cors.pageOrigin.allowOrigin !== input.pageOrigin
  )
    notes.push({
      id: 'cors-page-refused',
      subject: cors.endpoint,
      text: `The companion server does not allow this page's origin (${input.pageOrigin}): the checkout's requests would be refused.`,
    });
  if (cors?.error)
    notes.push({
      id: 'cors-unchecked',
      subject: cors.endpoint,
      text: `CORS not checked: ${cors.error}`,
    });

  // The card fields and the hostile-page probe.
  const { probe } = input;
  if (input.isolation === 'none' || !probe.ran)
    findings.push({
      id: 'probe-not-run',
      severity: 'high',
      requirements: ['SAQ A'],
      subject: 'paylit-card-fields',
      title: `the hostile-page probe could not run: ${probe.error ?? 'no card fields'}; nothing here shows what a page script reaches of the card`,
      change:
        'Attest the page that shows the card fields, drawn (the checkout page with an order).',
    });
  else if (
    probe.keyListener.number ||
    probe.inputValues.number ||
    probe.keyListener.digitsHeard > 0
  )
    findings.push({
      id: input.isolation === 'page' ? 'card-fields-in-page' : 'card-reached-in-frame',
      severity: 'high',
      requirements: ['SAQ A', '6.4.3'],
      subject: 'paylit-card-fields',
      title:
        `a script in the page read the test card typed into the card fields (${[
          probe.keyListener.number ? 'every key, by a listener on window/document' : '',
          probe.inputValues.number ? "the input's value, through the shadow root" : '',
          !probe.keyListener.number && probe.keyListener.digitsHeard > 0
            ? `${probe.keyListener.digitsHeard} digits by a key listener`
            : '',
        ]
          .filter(Boolean)
          .join('; ')}): ` +
        (input.isolation === 'page'
          ? 'in page isolation every script of the page can reach the card'
          : 'in frame isolation nothing of the page should: report this to paylit'),
      change:
        input.isolation === 'page'
          ? 'Set isolation="frame" on <paylit-checkout> or <paylit-card-fields>: the card fields then live in a sandboxed frame no page script reaches.'
          : 'Keep the page as it is and report the page and this report to paylit.',
    });
  if (probe.ran) {
    if (probe.overlay.possible || probe.replace.possible)
      notes.push({
        id: 'page-controls-layout',
        subject: 'paylit-card-fields',
        text: `A page script can still ${[
          probe.overlay.possible ? 'draw over the card fields' : '',
          probe.replace.possible ? 'replace the element with fields of its own' : '',
        ]
          .filter(Boolean)
          .join(
            ' and ',
          )}: in any isolation mode, only the page's scripts being the authorized ones (6.4.3) prevents that.`,
      });
  }
  if (input.manifest === null)
    findings.push({
      id: 'paylit-manifest-missing',
      severity: 'medium',
      requirements: ['6.4.3'],
      subject: 'integrity.json',
      title:
        "paylit's own files were not checked: no manifest of the release (dist/bundle/integrity.json) was found",
      change:
        'Install @paylit/elements beside @paylit/server, or pass its manifest with --manifest.',
    });
  return { findings, notes };
}
