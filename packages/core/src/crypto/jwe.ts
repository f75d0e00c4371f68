/**
 * Card encryption into `card.encrypted_data`: a compact JWE (RFC 7516) of
 * `{"number", "cvv"}` with `alg` RSA-OAEP-256 and `enc` A256GCM, under the API's RSA
 * public key (2048 bits or more), given as a JWK or an SPKI PEM. See packages/sandbox/README.md,
 * "Card encryption".
 *
 * @example
 * const jwe = await encryptCard({ number: '4111111111111111', cvv: '123' }, publicJwk);
 * // eyJhbGciOiJSU0EtT0FFUC0yNTYiLCJlbmMiOiJBMjU2R0NNIiwia2lkIjoi…
 */
import {
  CompactEncrypt,
  compactDecrypt,
  decodeProtectedHeader,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  errors as joseErrors,
} from 'jose';
import {
  DecryptionError,
  EncryptionError,
  InvalidArgumentError,
  KeyError,
  assertObject,
  assertString,
} from '../errors.js';

export const JWE_ALG = 'RSA-OAEP-256';
export const JWE_ENC = 'A256GCM';
export const MIN_RSA_BITS = 2048;

/** The sensitive part of a card: what goes inside the JWE and nowhere else. */
export interface CardSecret {
  number: string;
  cvv: string;
}

/** A key as the API hands it out: a JWK (object or JSON text), a PEM, or a WebCrypto key. */
export type KeyInput = JsonWebKey | string | CryptoKey;

interface ImportedKey {
  key: CryptoKey;
  kid: string | undefined;
}

const isCryptoKey = (value: unknown): value is CryptoKey =>
  typeof CryptoKey !== 'undefined' && value instanceof CryptoKey;

function pemLabel(pem: string): string | undefined {
  return /^-----BEGIN ([A-Z0-9 ]+)-----/.exec(pem)?.[1];
}

/** RSA-OAEP with SHA-256, as WebCrypto names the JWE's `alg`. */
const RSA_OAEP_256 = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

/**
 * A PEM or a JWK as a WebCrypto key, for encryption (`public`) or decryption (`private`).
 * WebCrypto reads the key: jose's importers are not needed to make a JWE from a `CryptoKey`,
 * and leaving them out keeps their code (an ASN.1 reader among it) out of the browser's
 * encryption chunk.
 */
function importRsaKey(
  format: 'spki' | 'pkcs8' | 'jwk',
  data: BufferSource | JsonWebKey,
  want: 'public' | 'private',
): Promise<CryptoKey> {
  const usages: KeyUsage[] = [want === 'public' ? 'encrypt' : 'decrypt'];
  return format === 'jwk'
    ? crypto.subtle.importKey(format, data as JsonWebKey, RSA_OAEP_256, true, usages)
    : crypto.subtle.importKey(format, data as BufferSource, RSA_OAEP_256, true, usages);
}

/** The DER bytes of a PEM's base64 body (its header, footer and line breaks dropped). */
function pemBytes(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----|\s+/g, '');
  return Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
}

async function importKey(input: KeyInput, want: 'public' | 'private'): Promise<ImportedKey> {
  const what = want === 'public' ? 'the public key' : 'the private key';
  let imported: ImportedKey;
  if (isCryptoKey(input)) {
    imported = { key: input, kid: undefined };
  } else if (typeof input === 'string') {
    const text = input.trim();
    if (text.startsWith('{')) {
      let jwk: unknown;
      try {
        jwk = JSON.parse(text);
      } catch (cause) {
        throw new KeyError(`${what} looks like a JWK but is not valid JSON`, { cause });
      }
      return importKey(jwk as JsonWebKey, want);
    }
    const label = pemLabel(text);
    const expected = want === 'public' ? 'PUBLIC KEY' : 'PRIVATE KEY';
    if (label === undefined) {
      throw new KeyError(
        `${what} must be a JWK or a PEM (-----BEGIN ${expected}-----); the text given is neither`,
      );
    }
    if (label !== expected) {
      const hint =
        label === 'RSA PUBLIC KEY' || label === 'RSA PRIVATE KEY'
          ? ' (this is PKCS#1: convert it with `openssl pkey`)'
          : label.includes(want === 'public' ? 'PRIVATE' : 'PUBLIC')
            ? ` (this is ${want === 'public' ? 'a private' : 'a public'} key)`
            : '';
      throw new KeyError(`${what} must be a "${expected}" PEM, got "${label}"${hint}`);
    }
    try {
      const key = await importRsaKey(want === 'public' ? 'spki' : 'pkcs8', pemBytes(text), want);
      imported = { key, kid: undefined };
    } catch (cause) {
      throw new KeyError(`${what} PEM could not be read as an RSA key for ${JWE_ALG}`, { cause });
    }
  } else if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
    const jwk = input as JsonWebKey & { kid?: unknown };
    if (jwk.kty !== 'RSA') {
      throw new KeyError(
        `${what} must be an RSA key (kty "RSA"), got kty ${JSON.stringify(jwk.kty ?? null)}`,
      );
    }
    if (want === 'public' && 'd' in jwk)
      throw new KeyError(
        'a private key was given where the public key belongs: give the key without "d"',
      );
    if (want === 'private' && !('d' in jwk))
      throw new KeyError('a public key was given where the private key belongs');
    if (jwk.alg !== undefined && jwk.alg !== JWE_ALG)
      throw new KeyError(`${what} is for ${String(jwk.alg)}; card encryption uses ${JWE_ALG}`);
    if (jwk.use !== undefined && jwk.use !== 'enc')
      throw new KeyError(
        `${what} is for use "${String(jwk.use)}"; card encryption needs a key for "enc"`,
      );
    try {
      const { kid: _kid, ...material } = jwk;
      const key = await importRsaKey('jwk', { ...material, alg: JWE_ALG, ext: true }, want);
      imported = { key, kid: typeof jwk.kid === 'string' ? jwk.kid : undefined };
    } catch (cause) {
      throw new KeyError(`${what} JWK could not be imported as an RSA key for ${JWE_ALG}`, {
        cause,
      });
    }
  } else {
    throw new KeyError(`${what} must be a JWK object, JWK JSON, a PEM string or a CryptoKey`);
  }
  const { key } = imported;
  const algorithm = key.algorithm as {
    name?: string;
    hash?: { name?: string };
    modulusLength?: number;
  };
  if (algorithm.name !== 'RSA-OAEP' || algorithm.hash?.name !== 'SHA-256') {
    throw new KeyError(
      `${what} must be an ${JWE_ALG} key (RSA-OAEP with SHA-256), got ${algorithm.name ?? 'an unknown algorithm'}`,
    );
  }
  if (key.type !== want) throw new KeyError(`${what} must be a ${want} key, got a ${key.type} key`);
  if ((algorithm.modulusLength ?? 0) < MIN_RSA_BITS) {
    throw new KeyError(
      `${what} is ${algorithm.modulusLength ?? 0} bits; the API requires ${MIN_RSA_BITS} or more`,
    );
  }
  return imported;
}

function checkSecret(card: unknown): CardSecret {
  if (card === null || typeof card !== 'object')
    throw new InvalidArgumentError('card', 'an object {number, cvv}', card);
  const { number, cvv } = card as Record<string, unknown>;
  // Never echo the values: they are card data.
  if (typeof number !== 'string' || !/^\d{12,19}$/.test(number))
    throw new EncryptionError(
      'card.number must be a string of 12 to 19 digits, with no separators',
    );
  return { number, cvv: checkCvv(cvv, 'card.cvv') };
}

function checkCvv(cvv: unknown, name: string): string {
  if (typeof cvv !== 'string' || !/^\d{3,4}$/.test(cvv))
    throw new EncryptionError(`${name} must be a string of 3 or 4 digits`);
  return cvv;
}

/** Seals a JSON payload for the API's key; the header carries the key's `kid` when it has one. */
async function seal(payload: object, publicKey: KeyInput, what: string): Promise<string> {
  const { key, kid } = await importKey(publicKey, 'public');
  const plaintext = new TextEncoder().encode(JSON.stringify(payload));
  try {
    return await new CompactEncrypt(plaintext)
      .setProtectedHeader({ alg: JWE_ALG, enc: JWE_ENC, ...(kid === undefined ? {} : { kid }) })
      .encrypt(key);
  } catch (cause) {
    throw new EncryptionError(`${what} could not be encrypted with this key`, { cause });
  }
}

/** Opens a compact JWE of a JSON object made by `seal`. */
async function open(jwe: string, privateKey: KeyInput): Promise<Record<string, unknown>> {
  if (typeof jwe !== 'string') throw new InvalidArgumentError('jwe', 'a compact JWE string', jwe);
  if (jwe.split('.').length !== 5)
    throw new DecryptionError('not a compact JWE: expected five dot-separated parts');
  try {
    decodeProtectedHeader(jwe);
  } catch (cause) {
    throw new DecryptionError('not a compact JWE: the protected header is not base64url JSON', {
      cause,
    });
  }
  const { key } = await importKey(privateKey, 'private');
  let plaintext: Uint8Array;
  try {
    ({ plaintext } = await compactDecrypt(jwe, key, {
      keyManagementAlgorithms: [JWE_ALG],
      contentEncryptionAlgorithms: [JWE_ENC],
    }));
  } catch (cause) {
    if (
      cause instanceof joseErrors.JOSEAlgNotAllowed ||
      cause instanceof joseErrors.JOSENotSupported
    ) {
      throw new DecryptionError(`the JWE must use alg ${JWE_ALG} and enc ${JWE_ENC}`, { cause });
    }
    throw new DecryptionError(
      'the JWE could not be decrypted: it was altered or made for another key',
      { cause },
    );
  }
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(plaintext));
  } catch (cause) {
    throw new DecryptionError('the JWE does not hold JSON', { cause });
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    throw new DecryptionError('the JWE does not hold a JSON object');
  return payload as Record<string, unknown>;
}

/**
 * Encrypts `{number, cvv}` for `card.encrypted_data`. The header carries the key's
 * `kid` when it has one, so the API can pick the key among several.
 *
 * @throws {KeyError} the key is not an RSA-OAEP-256 public key of 2048 bits or more
 * @throws {EncryptionError} the number or CVV are not digit strings
 */
export async function encryptCard(card: CardSecret, publicKey: KeyInput): Promise<string> {
  const secret = checkSecret(card);
  return seal({ number: secret.number, cvv: secret.cvv }, publicKey, 'the card');
}

/**
 * Encrypts a saved card's security code alone, `{cvv}`, for `card.encrypted_data` next
 * to `card.card_id`: how a returning payer confirms a saved card without the number.
 *
 * @throws {KeyError} the key is not an RSA-OAEP-256 public key of 2048 bits or more
 * @throws {EncryptionError} the CVV is not a string of 3 or 4 digits
 */
export async function encryptCvv(cvv: string, publicKey: KeyInput): Promise<string> {
  return seal({ cvv: checkCvv(cvv, 'cvv') }, publicKey, 'the security code');
}

/**
 * Opens a JWE made by `encryptCard` (the sandbox's side of the API).
 *
 * @throws {KeyError} the key is not an RSA-OAEP-256 private key
 * @throws {DecryptionError} not a compact JWE of the expected algorithms, altered, made for another key, or not `{number, cvv}`
 */
export async function decryptCard(jwe: string, privateKey: KeyInput): Promise<CardSecret> {
  const { number, cvv } = await open(jwe, privateKey);
  if (typeof number !== 'string' || typeof cvv !== 'string')
    throw new DecryptionError('the JWE does not hold {number, cvv} as strings');
  return { number, cvv };
}

/**
 * Opens a JWE made by `encryptCvv`: a saved card's security code, with no number.
 *
 * @throws {KeyError} the key is not an RSA-OAEP-256 private key
 * @throws {DecryptionError} not a compact JWE of the expected algorithms, altered, made for another key, or not `{cvv}` alone
 */
export async function decryptCvv(jwe: string, privateKey: KeyInput): Promise<string> {
  const payload = await open(jwe, privateKey);
  if (typeof payload.cvv !== 'string' || Object.keys(payload).length !== 1)
    throw new DecryptionError('the JWE does not hold {cvv} alone as a string');
  return payload.cvv;
}

/** A key pair for card encryption, in every form the API and its clients use. */
export interface CardKeyPair {
  publicKey: CryptoKey;
  privateKey: CryptoKey;
  /** The public key as handed to merchants: with `kid`, `alg` and `use`. */
  publicJwk: JsonWebKey & { kid: string; alg: string; use: string };
  privateJwk: JsonWebKey & { kid: string; alg: string };
  /** The public key as SPKI PEM. */
  publicPem: string;
}

/** Generates an RSA key pair for card encryption (what the API does for a merchant). */
export async function generateCardKeyPair(
  options: { kid?: string; modulusLength?: number } = {},
): Promise<CardKeyPair> {
  assertObject(options, 'options', 'an object {kid?, modulusLength?}');
  if (options.kid !== undefined) assertString(options.kid, 'options.kid');
  const modulusLength = options.modulusLength ?? MIN_RSA_BITS;
  if (!Number.isInteger(modulusLength) || modulusLength < MIN_RSA_BITS) {
    throw new InvalidArgumentError(
      'modulusLength',
      `an integer of ${MIN_RSA_BITS} or more`,
      modulusLength,
    );
  }
  const kid = options.kid ?? crypto.randomUUID();
  const { publicKey, privateKey } = await generateKeyPair(JWE_ALG, {
    modulusLength,
    extractable: true,
  });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: JWE_ALG, use: 'enc' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: JWE_ALG };
  return { publicKey, privateKey, publicJwk, privateJwk, publicPem: await exportSPKI(publicKey) };
}

/**
 * The key pair for a private key the API (or the sandbox) already has, given as a JWK,
 * JWK JSON or PKCS#8 PEM: the public half is derived from it. `kid` defaults to the
 * JWK's own.
 *
 * @throws {KeyError} not an RSA-OAEP-256 private key of 2048 bits or more
 */
export async function cardKeyPairFromPrivateKey(
  input: KeyInput,
  kid?: string,
): Promise<CardKeyPair> {
  const { key: privateKey, kid: ownKid } = await importKey(input, 'private');
  const keyId = kid ?? ownKid ?? crypto.randomUUID();
  const { n, e, ...rest } = await exportJWK(privateKey);
  const publicKey = await importRsaKey(
    'jwk',
    { kty: 'RSA', n, e, alg: JWE_ALG, ext: true },
    'public',
  ).catch((cause: unknown) => {
    throw new KeyError('the public half of the private key could not be derived', { cause });
  });
  return {
    publicKey,
    privateKey,
    publicJwk: { kty: 'RSA', n, e, kid: keyId, alg: JWE_ALG, use: 'enc' },
    privateJwk: { ...rest, n, e, kid: keyId, alg: JWE_ALG },
    publicPem: await exportSPKI(publicKey),
  };
}

/** The protected header's `kid` of a JWE, to pick the decryption key; `undefined` when absent or unreadable. */
export function jweKeyId(jwe: string): string | undefined {
  try {
    const { kid } = decodeProtectedHeader(jwe);
    return typeof kid === 'string' ? kid : undefined;
  } catch {
    return undefined;
  }
}
