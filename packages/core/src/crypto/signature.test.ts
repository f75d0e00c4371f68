import { expect } from 'chai';
import { signatureVectors } from '../../test/fixtures/signature-vectors.js';
import { InvalidArgumentError } from '../errors.js';
import {
  authorizationHeader,
  callbackSignatureText,
  createCallbackSignature,
  createSignature,
  formatXDate,
  isXDateFresh,
  parseAuthorizationHeader,
  parseXDate,
  signedHeaders,
  signedHeadersSync,
  verifyCallbackSignature,
  verifySignature,
  webCryptoHmac,
} from './signature.js';

describe('V2-HMAC-SHA256 signatures', () => {
  for (const v of signatureVectors) {
    it(`matches OpenSSL: ${v.name}`, async () => {
      expect(await createSignature(v)).to.equal(v.signature);
      expect(await createSignature({ ...v, body: new TextEncoder().encode(v.body) })).to.equal(
        v.signature,
      );
      expect(await verifySignature({ ...v, signature: v.signature })).to.equal(true);
    });
  }

  it('takes another HMAC primitive; what is signed stays the same', async () => {
    const [v] = signatureVectors;
    const seen: Uint8Array[] = [];
    const hmac = async (key: string, message: Uint8Array) => (
      seen.push(message),
      webCryptoHmac(key, message)
    );
    expect(await createSignature({ ...v!, hmac })).to.equal(v!.signature);
    expect(new TextDecoder().decode(seen[0])).to.equal(v!.login + v!.date + v!.body);
    const headers = await signedHeaders({
      login: v!.login,
      transKey: 't',
      secretKey: v!.secretKey,
      body: v!.body,
      date: new Date(v!.date),
      hmac: () => 'f'.repeat(64),
    });
    expect(headers.Authorization).to.equal(`V2-HMAC-SHA256, Signature: ${'f'.repeat(64)}`);
  });

  it('signs synchronously with a text HMAC: the same headers over the same bytes', async () => {
    for (const v of signatureVectors) {
      const seen: string[] = [];
      const date = new Date(v.date);
      const expected = await signedHeaders({
        login: v.login,
        transKey: 't',
        secretKey: v.secretKey,
        body: v.body,
        date,
      });
      if (formatXDate(date) !== v.date) continue; // a vector whose X-Date is not this formatting of a Date
      const bytes = (key: string, text: string) => (seen.push(text), 'f'.repeat(64));
      const headers = signedHeadersSync({
        login: v.login,
        transKey: 't',
        secretKey: v.secretKey,
        body: v.body,
        date,
        hmac: bytes,
      });
      expect(seen).to.deep.equal([v.login + v.date + v.body]);
      expect(headers).to.deep.equal({
        ...expected,
        Authorization: `V2-HMAC-SHA256, Signature: ${'f'.repeat(64)}`,
      });
    }
    expect(() =>
      signedHeadersSync({ login: 'L', transKey: 'T', secretKey: '', body: '', hmac: () => '' }),
    ).to.throw(InvalidArgumentError);
    expect(() =>
      signedHeadersSync({
        login: 'L',
        transKey: 'T',
        secretKey: 'S',
        body: 1 as unknown as string,
        hmac: () => '',
      }),
    ).to.throw(InvalidArgumentError);
  });

  it('refuses a signature one bit off, of another body, or malformed', async () => {
    const [v] = signatureVectors;
    const flipped = (v!.signature[0] === 'a' ? 'b' : 'a') + v!.signature.slice(1);
    expect(await verifySignature({ ...v!, signature: flipped })).to.equal(false);
    expect(await verifySignature({ ...v!, body: `${v!.body} `, signature: v!.signature })).to.equal(
      false,
    );
    expect(await verifySignature({ ...v!, signature: 'not hex' })).to.equal(false);
    expect(await verifySignature({ ...v!, signature: v!.signature.slice(2) })).to.equal(false);
    expect(await verifySignature({ ...v!, signature: 42 as unknown as string })).to.equal(false);
  });

  it('signs a request with every header of the spec', async () => {
    const body = '{"amount":1}';
    const date = new Date('2026-11-22T01:02:03.004Z');
    const headers = await signedHeaders({ login: 'L', transKey: 'T', secretKey: 'S', body, date });
    expect(headers).to.deep.include({
      'X-Date': '2026-11-22T01:02:03.004Z',
      'X-Login': 'L',
      'X-Trans-Key': 'T',
      'Content-Type': 'application/json',
      'X-Version': '2.1',
    });
    const signature = parseAuthorizationHeader(headers.Authorization);
    expect(signature).to.equal(
      await createSignature({ login: 'L', date: headers['X-Date']!, body, secretKey: 'S' }),
    );
  });

  it('signs the headers of a POST with a body and of a bodyless GET as OpenSSL does', async () => {
    // printf '%s' "vec-login2026-11-25T12:00:00.000Z$BODY" | openssl dgst -sha256 -hmac vec-secret-0123
    const credentials = {
      login: 'vec-login',
      transKey: 'vec-trans-key',
      secretKey: 'vec-secret-0123',
      date: new Date('2026-11-25T12:00:00.000Z'),
    };
    const body =
      '{"payment_id":"D-1-vec","notification_url":"https://shop.example/n","amount":10,"currency":"BRL"}';
    const post = await signedHeaders({ ...credentials, body });
    const get = await signedHeaders({ ...credentials, body: '' });
    expect(post.Authorization).to.equal(
      'V2-HMAC-SHA256, Signature: 8d9e60c6dff455823f6f97e8f7b408009acd6e97ffd5913d08b410e3a21cb5df',
    );
    expect(get.Authorization).to.equal(
      'V2-HMAC-SHA256, Signature: 7d598501c172cc9fd7454aba19fcf09af5c14e6ffffe54a60709fbf73517d135',
    );
    expect([post['X-Date'], get['X-Date']]).to.deep.equal([
      '2026-11-25T12:00:00.000Z',
      '2026-11-25T12:00:00.000Z',
    ]);
  });

  it('writes and reads the Authorization header', () => {
    expect(authorizationHeader('ab12')).to.equal('V2-HMAC-SHA256, Signature: ab12');
    expect(parseAuthorizationHeader('V2-HMAC-SHA256, Signature: ab12')).to.equal('ab12');
    expect(parseAuthorizationHeader('V2-HMAC-SHA256,Signature:ab12')).to.equal('ab12');
    expect(parseAuthorizationHeader('V1-HMAC-SHA256, Signature: ab12')).to.equal(undefined);
    expect(parseAuthorizationHeader('Bearer x')).to.equal(undefined);
    expect(parseAuthorizationHeader(null)).to.equal(undefined);
  });

  it('writes X-Date with milliseconds and reads it with or without', () => {
    expect(formatXDate(new Date(Date.UTC(2026, 10, 22, 1, 2, 3, 4)))).to.equal(
      '2026-11-22T01:02:03.004Z',
    );
    expect(parseXDate('2026-11-22T01:02:03Z')?.getTime()).to.equal(Date.UTC(2026, 10, 22, 1, 2, 3));
    expect(parseXDate('2026-11-22T01:02:03.004Z')?.getTime()).to.equal(
      Date.UTC(2026, 10, 22, 1, 2, 3, 4),
    );
    expect(parseXDate('2026-11-22T01:02:03+01:00')).to.equal(undefined);
    expect(parseXDate('yesterday')).to.equal(undefined);
    expect(() => formatXDate(new Date('nope'))).to.throw(
      InvalidArgumentError,
      'date must be a valid Date',
    );
  });

  it('accepts an X-Date within five minutes either way', () => {
    const now = new Date('2026-11-22T12:00:00.000Z');
    expect(isXDateFresh('2026-11-22T12:05:00.000Z', now)).to.equal(true);
    expect(isXDateFresh('2026-11-22T11:55:00Z', now)).to.equal(true);
    expect(isXDateFresh('2026-11-22T12:05:00.001Z', now)).to.equal(false);
    expect(isXDateFresh('2026-11-22T11:54:59.999Z', now)).to.equal(false);
    expect(isXDateFresh(undefined, now)).to.equal(false);
  });

  it('signs the redirect callback over its literal text', async () => {
    expect(callbackSignatureText({ status: 'PAID', paymentId: 'D-1' })).to.equal(
      '{status:PAID,paymentId:D-1}',
    );
    const v = signatureVectors.find((x) => x.name === 'callback with status COMPLETED')!;
    const fields = {
      login: v.login,
      date: v.date,
      status: 'COMPLETED',
      paymentId: 'D-7-abc',
      secretKey: v.secretKey,
    };
    expect(await createCallbackSignature(fields)).to.equal(v.signature);
    expect(await verifyCallbackSignature({ ...fields, signature: v.signature })).to.equal(true);
    expect(
      await verifyCallbackSignature({ ...fields, status: 'APPROVED', signature: v.signature }),
    ).to.equal(false);
  });

  it('refuses a missing secret with a typed error that does not print it', async () => {
    let error: unknown;
    try {
      await createSignature({ login: 'L', date: 'D', body: '', secretKey: '' });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(InvalidArgumentError);
    expect((error as Error).message).to.equal(
      'secretKey must be a non-empty string, received a string of 0 characters',
    );
  });
});

describe('V2-HMAC-SHA256: the edges of X-Date and of a signature', () => {
  it('refuses an X-Date without its Z: the clock of the reader would give it its time zone', () => {
    expect(parseXDate('2026-11-22T01:02:03.004')).to.equal(undefined);
    expect(parseXDate('2026-11-22T01:02:03')).to.equal(undefined);
    expect(parseXDate('2026-11-22T01:02:03.004z')).to.equal(undefined);
    expect(isXDateFresh('2026-11-22T12:00:00.000', new Date('2026-11-22T12:00:00.000Z'))).to.equal(
      false,
    );
  });

  it('writes every millisecond of a second with three digits, the second written once', () => {
    // One second, in the order a server signs within it: the text up to the dot is reused.
    const at = (ms: number) => formatXDate(new Date(Date.UTC(2026, 10, 22, 1, 2, 3, ms)));
    expect([0, 4, 9, 10, 11, 99, 100, 101, 999].map(at)).to.deep.equal([
      '2026-11-22T01:02:03.000Z',
      '2026-11-22T01:02:03.004Z',
      '2026-11-22T01:02:03.009Z',
      '2026-11-22T01:02:03.010Z',
      '2026-11-22T01:02:03.011Z',
      '2026-11-22T01:02:03.099Z',
      '2026-11-22T01:02:03.100Z',
      '2026-11-22T01:02:03.101Z',
      '2026-11-22T01:02:03.999Z',
    ]);
    expect(formatXDate(new Date(Date.UTC(2026, 10, 22, 1, 2, 4, 10)))).to.equal(
      '2026-11-22T01:02:04.010Z',
    );
  });

  it('refuses a right signature with anything after its 64 hex digits', async () => {
    const [v] = signatureVectors;
    expect(await verifySignature({ ...v!, signature: v!.signature })).to.equal(true);
    for (const tail of ['0', 'ff', ' ', 'x', v!.signature])
      expect(await verifySignature({ ...v!, signature: v!.signature + tail }), tail).to.equal(
        false,
      );
  });
});
