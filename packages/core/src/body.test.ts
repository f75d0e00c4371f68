import { expect } from 'chai';
import { quoteUnsafeNumbers, readBodyLimited } from './body.js';

/** A body that arrives in `chunks` of `size` bytes, as a chunked request does, counting what was pulled. */
function chunked(size: number, chunks: number) {
  const pulled = { count: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.count === chunks) return controller.close();
      pulled.count++;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  return { stream, pulled };
}

describe('readBodyLimited', () => {
  it('answers the whole body when it is at most the limit, declared or not', async () => {
    const read = await readBodyLimited(chunked(1024, 64).stream, 64 * 1024);
    expect(read.kind).to.equal('complete');
    expect(read.kind === 'complete' && read.bytes.byteLength).to.equal(64 * 1024);
    expect(await readBodyLimited(null, 10)).to.deep.equal({
      kind: 'complete',
      bytes: new Uint8Array(0),
    });
  });

  it('stops at the first chunk past the limit, and never pulls the rest of a huge body', async () => {
    // 450 MB announced by nothing but its chunks.
    const { stream, pulled } = chunked(64 * 1024, 7200);
    const read = await readBodyLimited(stream, 64 * 1024);
    expect(read.kind).to.equal('too_large');
    expect(pulled.count).to.be.at.most(3);
    // Released, not cancelled: the runtime answers before it closes the connection.
    expect(stream.locked).to.equal(false);
  });

  it('says when the body stopped short', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
        controller.error(new Error('aborted'));
      },
    });
    const read = await readBodyLimited(stream, 100);
    expect(read.kind).to.equal('incomplete');
  });
});

describe('quoteUnsafeNumbers', () => {
  it('writes each integer past 2^53 as the string of its digits, and nothing else', () => {
    const text =
      '{"a":12345678901234567891,"b":-12345678901234567891,"c":[9007199254740993],' +
      '"d":9007199254740991,"e":1.2345678901234567891,"f":12345678901234567891e2,' +
      '"g":"x\\"12345678901234567891","h":true}';
    expect(JSON.parse(quoteUnsafeNumbers(text))).to.deep.equal({
      a: '12345678901234567891',
      b: '-12345678901234567891',
      c: ['9007199254740993'],
      d: 9007199254740991,
      e: 1.2345678901234567891,
      f: 12345678901234567891e2,
      g: 'x"12345678901234567891',
      h: true,
    });
  });

  it("writes an amount's decimal literal that a double would change as its text, in amount fields only", () => {
    const text =
      '{"amount":99.99999999999999999,"splits":[{"amount" : 120.009999999999999999}],' +
      '"plan":{"max":1.0000000000000000001},' +
      '"a":{"amount":100.000000000000000,"value":1e2,"min_value":0.10000000000000000},' +
      '"count":1.0000000000000000001,"amountx":99.99999999999999999}';
    expect(JSON.parse(quoteUnsafeNumbers(text))).to.deep.equal({
      amount: '99.99999999999999999',
      splits: [{ amount: '120.009999999999999999' }],
      plan: { max: '1.0000000000000000001' },
      a: { amount: 100, value: 100, min_value: 0.1 },
      count: 1,
      amountx: 100,
    });
    // The key escaped is the same key.
    expect(JSON.parse(quoteUnsafeNumbers('{"\\u0061mount":100.0000000000000001}'))).to.deep.equal({
      amount: '100.0000000000000001',
    });
  });

  it('leaves what JSON does not allow as it is, to be refused', () => {
    const text = '{"a":012345678901234567891}';
    expect(quoteUnsafeNumbers(text)).to.equal(text);
  });
});
