/**
 * A card sealed by core (jose's CompactEncrypt) opens with tools that share no code with it: the
 * content key with openssl (`pkeyutl`, RSA-OAEP with SHA-256 and MGF1-SHA-256, spawned), the card
 * with Node's own AES-256-GCM, the protected header's base64url text as additional data, as RFC
 * 7516 has it. jose's own decryption (jwe.test.ts, jwe-cross.spec.ts) is not the only reader.
 */
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportPKCS8 } from 'jose';
import { encryptCard, encryptCvv, generateCardKeyPair } from '@paylit/core/crypto';

/** Opens a compact JWE with openssl and node:crypto alone. */
function openWithOpenssl(jwe: string, privatePem: string): { header: unknown; plain: string } {
  const parts = jwe.split('.');
  expect(parts).toHaveLength(5);
  const [header, encryptedKey, iv, ciphertext, tag] = parts as [
    string,
    string,
    string,
    string,
    string,
  ];
  const dir = mkdtempSync(join(tmpdir(), 'paylit-jwe-'));
  try {
    writeFileSync(join(dir, 'key.pem'), privatePem, { mode: 0o600 });
    writeFileSync(join(dir, 'cek.bin'), Buffer.from(encryptedKey, 'base64url'));
    const run = spawnSync(
      'openssl',
      [
        'pkeyutl',
        '-decrypt',
        '-inkey',
        join(dir, 'key.pem'),
        '-in',
        join(dir, 'cek.bin'),
        '-pkeyopt',
        'rsa_padding_mode:oaep',
        '-pkeyopt',
        'rsa_oaep_md:sha256',
        '-pkeyopt',
        'rsa_mgf1_md:sha256',
      ],
      { encoding: 'buffer' },
    );
    expect(run.status, run.stderr.toString()).toBe(0);
    const cek = run.stdout;
    expect(cek).toHaveLength(32);
    const decipher = createDecipheriv('aes-256-gcm', cek, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(header, 'ascii'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
    return { header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')), plain };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a card sealed by core opens with openssl and Node’s AES-256-GCM, its header as RFC 7516 writes it', async () => {
  const keys = await generateCardKeyPair({ kid: 'openssl-1' });
  const privatePem = await exportPKCS8(keys.privateKey);
  const jwe = await encryptCard({ number: '4111111111111111', cvv: '737' }, keys.publicJwk);
  const { header, plain } = openWithOpenssl(jwe, privatePem);
  expect(header).toEqual({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'openssl-1' });
  expect(plain).toBe('{"number":"4111111111111111","cvv":"737"}');
  // The IV is 96 bits and the tag 128 (RFC 7518 §5.3), and each seal has its own content key.
  const [, key, iv, , tag] = jwe.split('.');
  expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
  expect(Buffer.from(tag!, 'base64url')).toHaveLength(16);
  const again = await encryptCard({ number: '4111111111111111', cvv: '737' }, keys.publicJwk);
  expect(again.split('.')[1]).not.toBe(key);
  // A security code alone, under the SPKI PEM (no kid).
  const cvv = openWithOpenssl(await encryptCvv('1234', keys.publicPem), privatePem);
  expect(cvv).toEqual({ header: { alg: 'RSA-OAEP-256', enc: 'A256GCM' }, plain: '{"cvv":"1234"}' });
});
