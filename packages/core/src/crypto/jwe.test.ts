import { expect } from 'chai';
import { exportPKCS8, generateKeyPair } from 'jose';
import { DecryptionError, EncryptionError, InvalidArgumentError, KeyError } from '../errors.js';
import {
  cardKeyPairFromPrivateKey,
  decryptCard,
  decryptCvv,
  encryptCard,
  encryptCvv,
  generateCardKeyPair,
  jweKeyId,
  type CardKeyPair,
} from './jwe.js';

const card = { number: '4111111111111111', cvv: '123' };

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a rejection');
}

function decodeHeader(jwe: string): Record<string, unknown> {
  const part = jwe.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(atob(part)) as Record<string, unknown>;
}

describe('card JWE', () => {
  let keys: CardKeyPair;
  before(async () => {
    keys = await generateCardKeyPair({ kid: 'sandbox-1' });
  });

  it('encrypts {number, cvv} as a compact RSA-OAEP-256 / A256GCM JWE with the kid', async () => {
    const jwe = await encryptCard(card, keys.publicJwk);
    expect(jwe.split('.')).to.have.length(5);
    expect(decodeHeader(jwe)).to.deep.equal({
      alg: 'RSA-OAEP-256',
      enc: 'A256GCM',
      kid: 'sandbox-1',
    });
    expect(jwe).not.to.contain(card.number);
    expect(jweKeyId(jwe)).to.equal('sandbox-1');
    expect(await decryptCard(jwe, keys.privateJwk)).to.deep.equal(card);
  });

  it('takes the public key as SPKI PEM or as JWK JSON text', async () => {
    const fromPem = await encryptCard(card, keys.publicPem);
    expect(decodeHeader(fromPem)).to.deep.equal({ alg: 'RSA-OAEP-256', enc: 'A256GCM' });
    expect(await decryptCard(fromPem, keys.privateKey)).to.deep.equal(card);
    const fromJson = await encryptCard(card, JSON.stringify(keys.publicJwk));
    expect(await decryptCard(fromJson, JSON.stringify(keys.privateJwk))).to.deep.equal(card);
  });

  it('refuses a tampered token', async () => {
    const jwe = await encryptCard(card, keys.publicJwk);
    const parts = jwe.split('.');
    const cipher = parts[3]!;
    parts[3] = (cipher[0] === 'A' ? 'B' : 'A') + cipher.slice(1);
    const error = await rejection(decryptCard(parts.join('.'), keys.privateJwk));
    expect(error).to.be.instanceOf(DecryptionError);
    expect(error.message).to.equal(
      'the JWE could not be decrypted: it was altered or made for another key',
    );
    const tag = jwe.split('.');
    tag[4] = tag[4]!.split('').reverse().join('');
    expect(await rejection(decryptCard(tag.join('.'), keys.privateJwk))).to.be.instanceOf(
      DecryptionError,
    );
  });

  it('refuses a token made for another key', async () => {
    const other = await generateCardKeyPair();
    const jwe = await encryptCard(card, other.publicJwk);
    expect(await rejection(decryptCard(jwe, keys.privateJwk))).to.be.instanceOf(DecryptionError);
  });

  it('refuses what is not a compact JWE', async () => {
    expect((await rejection(decryptCard('a.b.c', keys.privateJwk))).message).to.equal(
      'not a compact JWE: expected five dot-separated parts',
    );
    expect(await rejection(decryptCard('!!.b.c.d.e', keys.privateJwk))).to.be.instanceOf(
      DecryptionError,
    );
    expect(await rejection(decryptCard(42 as unknown as string, keys.privateJwk))).to.be.instanceOf(
      InvalidArgumentError,
    );
  });

  it('refuses keys of the wrong type with a message that says what to give', async () => {
    const ec = await generateKeyPair('ECDH-ES', { extractable: true });
    const { exportJWK } = await import('jose');
    const ecJwk = await exportJWK(ec.publicKey);
    const cases: [unknown, RegExp][] = [
      [ecJwk, /must be an RSA key \(kty "RSA"\), got kty "EC"/],
      [keys.privateJwk, /a private key was given where the public key belongs/],
      [{ ...keys.publicJwk, alg: 'RSA1_5' }, /is for RSA1_5; card encryption uses RSA-OAEP-256/],
      [{ ...keys.publicJwk, use: 'sig' }, /needs a key for "enc"/],
      [
        '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
        /must be a "PUBLIC KEY" PEM, got "CERTIFICATE"/,
      ],
      ['-----BEGIN RSA PUBLIC KEY-----\nMIIB\n-----END RSA PUBLIC KEY-----', /PKCS#1/],
      [
        await exportPKCS8(keys.privateKey),
        /must be a "PUBLIC KEY" PEM, got "PRIVATE KEY" \(this is a private key\)/,
      ],
      ['{not json', /looks like a JWK but is not valid JSON/],
      ['hello', /must be a JWK or a PEM/],
      [42, /must be a JWK object, JWK JSON, a PEM string or a CryptoKey/],
      [null, /must be a JWK object/],
    ];
    for (const [key, message] of cases) {
      const error = await rejection(encryptCard(card, key as JsonWebKey));
      expect(error, String(message)).to.be.instanceOf(KeyError);
      expect(error.message).to.match(message);
    }
    expect(
      (await rejection(decryptCard(await encryptCard(card, keys.publicJwk), keys.publicJwk)))
        .message,
    ).to.match(/a public key was given where the private key belongs/);
  });

  it('derives the public key from a private JWK or PKCS#8 PEM', async () => {
    const fromJwk = await cardKeyPairFromPrivateKey(keys.privateJwk);
    expect(fromJwk.publicJwk).to.deep.equal(keys.publicJwk);
    const fromPem = await cardKeyPairFromPrivateKey(await exportPKCS8(keys.privateKey), 'pem-1');
    expect(fromPem.publicJwk.kid).to.equal('pem-1');
    expect(fromPem.publicPem).to.equal(keys.publicPem);
    expect(
      await decryptCard(await encryptCard(card, fromPem.publicJwk), keys.privateJwk),
    ).to.deep.equal(card);
    expect(await rejection(cardKeyPairFromPrivateKey(keys.publicJwk))).to.be.instanceOf(KeyError);
  });

  it('refuses an RSA key under 2048 bits', async () => {
    // jose will not make such a key; WebCrypto will.
    const small = await crypto.subtle.generateKey(
      {
        name: 'RSA-OAEP',
        modulusLength: 1024,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      },
      true,
      ['encrypt', 'decrypt'],
    );
    const error = await rejection(encryptCard(card, small.publicKey));
    expect(error).to.be.instanceOf(KeyError);
    expect(error.message).to.equal('the public key is 1024 bits; the API requires 2048 or more');
  });

  it('refuses card data that is not digits, without echoing it', async () => {
    const cases: [unknown, string][] = [
      [
        { number: '4111 1111 1111 1111', cvv: '987' },
        'card.number must be a string of 12 to 19 digits, with no separators',
      ],
      [
        { number: 4111111111111111, cvv: '987' },
        'card.number must be a string of 12 to 19 digits, with no separators',
      ],
      [{ number: '4111111111111111', cvv: '98' }, 'card.cvv must be a string of 3 or 4 digits'],
    ];
    for (const [bad, message] of cases) {
      const error = await rejection(encryptCard(bad as typeof card, keys.publicJwk));
      expect(error).to.be.instanceOf(EncryptionError);
      expect(error.message).to.equal(message);
    }
    expect(
      await rejection(encryptCard(null as unknown as typeof card, keys.publicJwk)),
    ).to.be.instanceOf(InvalidArgumentError);
  });

  it("encrypts a saved card's security code alone, and opens it only as {cvv}", async () => {
    const jwe = await encryptCvv('4321', keys.publicJwk);
    expect(decodeHeader(jwe)).to.deep.equal({
      alg: 'RSA-OAEP-256',
      enc: 'A256GCM',
      kid: 'sandbox-1',
    });
    expect(await decryptCvv(jwe, keys.privateJwk)).to.equal('4321');
    // A CVV-only JWE is not a card, and a card's JWE is not a CVV alone.
    expect((await rejection(decryptCard(jwe, keys.privateJwk))).message).to.equal(
      'the JWE does not hold {number, cvv} as strings',
    );
    expect(
      (await rejection(decryptCvv(await encryptCard(card, keys.publicJwk), keys.privateJwk)))
        .message,
    ).to.equal('the JWE does not hold {cvv} alone as a string');
  });

  it('refuses a security code that is not 3 or 4 digits, without echoing it', async () => {
    for (const bad of ['12', '12345', '12a', 123, undefined]) {
      const error = await rejection(encryptCvv(bad as string, keys.publicJwk));
      expect(error).to.be.instanceOf(EncryptionError);
      expect(error.message).to.equal('cvv must be a string of 3 or 4 digits');
    }
  });
});
