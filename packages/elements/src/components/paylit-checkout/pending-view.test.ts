import { expect } from '@open-wc/testing';
import { locales } from '../../i18n/locales.js';
import { serverSentEvents } from './live-payment.js';
import { pendingMessages } from './pending-messages.js';

/** A body that arrives in these pieces, as a network hands a stream over. */
function arriving(...pieces: string[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(bytes.encode(piece));
      controller.close();
    },
  });
}

async function all(body: ReadableStream<Uint8Array>) {
  const out = [];
  for await (const event of serverSentEvents(body)) out.push(event);
  return out;
}

describe('the pending view: its words and its live connection', () => {
  it("every language has each of English's messages, with the same placeholders", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
    for (const locale of locales) {
      const catalog = pendingMessages[locale] as Record<string, string>;
      for (const [key, english] of Object.entries(pendingMessages.en)) {
        expect(catalog[key], `${locale}.${key}`).to.be.a('string').and.not.equal('');
        expect(placeholders(catalog[key]!), `${locale}.${key}`).to.deep.equal(
          placeholders(english),
        );
      }
    }
  });

  it('reads Server-Sent Events however the network cuts them: mid-line, mid-character, CRLF, comments, retry', async () => {
    const json = JSON.stringify({ payment: { id: 'D-1', status: 'PENDING', name: 'São Paulo' } });
    const whole = `retry: 2000\nevent: payment\ndata: ${json}\n\n: waiting\n\nevent: payment\r\ndata: {"a":\r\ndata: 1}\r\n\r\n`;
    const expected = [
      { event: 'payment', data: json, retry: 2000 },
      { event: 'payment', data: '{"a":\n1}' },
    ];
    expect(await all(arriving(whole))).to.deep.equal(expected);
    // Cut at every byte, 'ã' split between two pieces included.
    const bytes = new TextEncoder().encode(whole);
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    expect(await all(cut)).to.deep.equal(expected);
    // An event the stream ends before finishing is not handed over.
    expect(await all(arriving('event: payment\ndata: {"half"'))).to.deep.equal([]);
  });
});
