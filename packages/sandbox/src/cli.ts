#!/usr/bin/env node
/**
 * `paylit-sandbox [--port N] [--host H] [--key-file F] [--max-records N] [--frame-origin O]…`: the sandbox
 * on this machine.
 * Prints its base URL, the credentials to sign with (a secret taken from the environment
 * is not printed) and where its public key is.
 */
import { parseArgs } from 'node:util';
import { createSandbox } from './index.js';

const usage =
  'usage: paylit-sandbox [--port N] [--host HOST] [--key-file PRIVATE_KEY_FILE] [--max-records N] [--frame-origin ORIGIN]...';

async function main(): Promise<void> {
  let values: {
    port?: string;
    host?: string;
    'key-file'?: string;
    'max-records'?: string;
    'frame-origin'?: string[];
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'key-file': { type: 'string' },
        'max-records': { type: 'string' },
        'frame-origin': { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`paylit-sandbox: ${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = Number(values.port ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`paylit-sandbox: --port must be a port number from 0 to 65535\n${usage}`);
    process.exit(2);
  }
  const maxRecords =
    values['max-records'] === undefined ? undefined : Number(values['max-records']);
  if (maxRecords !== undefined && (!Number.isInteger(maxRecords) || maxRecords < 1)) {
    console.error(
      `paylit-sandbox: --max-records must be a whole number of 1 or more (records of each kind kept)\n${usage}`,
    );
    process.exit(2);
  }
  let sandbox;
  try {
    sandbox = await createSandbox({
      ...(values['key-file'] ? { keyFile: values['key-file'] } : {}),
      ...(maxRecords !== undefined ? { maxRecords } : {}),
      ...(values['frame-origin'] ? { frameOrigins: values['frame-origin'] } : {}),
    });
  } catch (error) {
    if (!(error instanceof TypeError && error.message.startsWith('frameOrigins:'))) throw error;
    console.error(`paylit-sandbox: --frame-origin${error.message.slice(12)}\n${usage}`);
    process.exit(2);
  }
  const running = await sandbox.listen({ port, hostname: values.host ?? '127.0.0.1' });
  const { login, transKey, secretKey } = sandbox.credentials;
  const fromEnv = sandbox.credentialSource === 'environment';
  console.log(
    [
      `paylit sandbox: ${running.url}`,
      `  X-Login       ${login}`,
      `  X-Trans-Key   ${fromEnv ? '(from PAYLIT_X_TRANS_KEY)' : transKey}`,
      `  secret key    ${fromEnv ? '(from PAYLIT_SECRET_KEY)' : secretKey}`,
      `  public key    ${running.url}/sandbox-tools/public-key (JWK, kid ${sandbox.publicJwk.kid}); ?format=pem for SPKI PEM`,
      `  tools         ${running.url}/sandbox-tools/ledger, /notifications, /faults, /clock`,
    ].join('\n'),
  );
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`paylit-sandbox: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
