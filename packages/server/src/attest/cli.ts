/**
 * `paylit-server attest`: the command over `attest()`, loaded by `cli.ts` only for this command.
 *
 *   paylit-server attest <url> --key <ed25519.pem> [--out report.json] [--html report.html]
 *                        [--compare previous.json] [--chromium path] [--manifest integrity.json]
 *                        [--timeout seconds] [--unsigned]
 *   paylit-server attest keygen --out <key.pem>    (writes key.pem, 0600, and key.pub.pem)
 *
 * Writes the JSON report, its detached signature (`<out>.sig`) and the HTML page; prints the
 * findings. Exits 0 with no finding, 1 with findings, 3 when the page changed since the
 * previous report (each change named), 2 on a usage error.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { attest, generateSigningKey } from './index.js';

function usage(message: string): never {
  console.error(`paylit-server attest: ${message}`);
  console.error(
    'usage: paylit-server attest <url> --key <ed25519 private key PEM> [--out report.json] [--html report.html] [--compare previous.json] [--chromium path] [--manifest integrity.json] [--timeout seconds] [--unsigned]\n' +
      '       paylit-server attest keygen --out <key.pem>',
  );
  process.exit(2);
}

const VALUED = ['--key', '--out', '--html', '--compare', '--chromium', '--manifest', '--timeout'];

function parse(args: string[]): { positional: string[]; flags: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--unsigned') flags.set(arg, 'true');
    else if (VALUED.includes(arg)) {
      const value = args[++i];
      if (value === undefined || value.startsWith('--')) usage(`${arg} needs a value`);
      flags.set(arg, value);
    } else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
    else positional.push(arg);
  }
  return { positional, flags };
}

async function keygen(flags: Map<string, string>): Promise<void> {
  const out = flags.get('--out');
  if (!out)
    usage(
      'keygen needs --out <key.pem> (the private key; the public one goes beside it as .pub.pem)',
    );
  const pub = out.replace(/\.pem$/, '') + '.pub.pem';
  const key = generateSigningKey();
  // The private key is the merchant's alone: created readable by its owner only, never overwritten.
  await writeFile(out, key.privateKey, { mode: 0o600, flag: 'wx' }).catch((error: Error) =>
    usage(`cannot write ${out}: ${error.message}`),
  );
  await writeFile(pub, key.publicKey, { flag: 'wx' }).catch((error: Error) =>
    usage(`cannot write ${pub}: ${error.message}`),
  );
  console.log(
    `private key ${out} (keep it), public key ${pub} (give it to your assessor), fingerprint ${key.fingerprint}`,
  );
}

export async function attestCommand(args: string[]): Promise<void> {
  const { positional, flags } = parse(args);
  if (positional[0] === 'keygen') return keygen(flags);
  if (positional.length !== 1) usage('give one URL: the checkout page to attest');
  const url = positional[0]!;
  const keyPath = flags.get('--key');
  if (!keyPath && !flags.has('--unsigned'))
    usage(
      '--key <ed25519 private key PEM> is required (paylit-server attest keygen --out key.pem makes one), or --unsigned',
    );
  const timeout = flags.has('--timeout') ? Number(flags.get('--timeout')) : 30;
  if (!Number.isFinite(timeout) || timeout <= 0)
    usage('--timeout must be a number of seconds above 0');
  const read = (path: string, what: string) =>
    readFile(path, 'utf8').catch((error: Error) =>
      usage(`cannot read ${what} ${path}: ${error.message}`),
    );
  const out = flags.get('--out') ?? 'paylit-attest.json';
  const html = flags.get('--html') ?? `${out.replace(/\.json$/, '')}.html`;
  let result;
  try {
    result = await attest(url, {
      key: keyPath ? await read(keyPath, 'the key') : undefined,
      previous: flags.has('--compare')
        ? await read(flags.get('--compare')!, 'the previous report')
        : undefined,
      chromium: flags.get('--chromium'),
      manifest: flags.get('--manifest'),
      timeoutMs: timeout * 1000,
    });
  } catch (error) {
    // The message's first line (a browser error carries its call log after), without our prefix.
    const message = (error as Error).message.split('\n')[0]!.replace(/^attest: /, '');
    console.error(`paylit-server attest: ${message}`);
    process.exit(2);
  }
  await writeFile(out, result.json);
  if (result.signature) await writeFile(`${out}.sig`, result.signature);
  await writeFile(html, result.html);
  const { report } = result;
  console.log(
    `${report.url}: ${report.verdict === 'clean' ? 'no finding' : `${report.findings.length} finding(s)`} (${report.summary.scripts} scripts, ${report.summary.stylesheets} stylesheets, isolation ${report.isolation}); wrote ${out}${result.signature ? `, ${out}.sig` : ''}, ${html}`,
  );
  for (const f of report.findings)
    console.log(`  ${f.severity} [${f.requirements.join(', ')}] ${f.id}: ${f.title}`);
  const c = report.comparison;
  const changes = c
    ? [
        ...c.scripts.added.map((s) => `script added: ${s}`),
        ...c.scripts.removed.map((s) => `script removed: ${s}`),
        ...c.scripts.changed.map((s) => `script changed: ${s.subject}`),
        ...c.stylesheets.added.map((s) => `stylesheet added: ${s}`),
        ...c.stylesheets.removed.map((s) => `stylesheet removed: ${s}`),
        ...c.stylesheets.changed.map((s) => `stylesheet changed: ${s.subject}`),
        ...c.headers.map((h) => `header changed: ${h.name}`),
      ]
    : [];
  for (const line of changes)
    console.error(`paylit-server attest: changed since the previous report: ${line}`);
  process.exitCode = changes.length ? 3 : report.findings.length ? 1 : 0;
}
