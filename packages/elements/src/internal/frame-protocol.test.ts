import { expect } from 'chai';
import { cardWords } from '../i18n/card-words.js';
import es from '../i18n/es.js';
import {
  readFrameMessage,
  readPageMessage,
  type FrameMessage,
  type PageMessage,
} from './frame-protocol.js';

// The card's words alone, as the page sends them.
const spanish = cardWords(es);

const fields = {
  number: { valid: true, error: null },
  expiry: { valid: false, error: 'invalid_month' },
  cvv: { valid: false, error: 'empty' },
  holder: { valid: true, error: null },
};
const jwe =
  'eyJhbGciOiJSU0EtT0FFUC0yNTYiLCJlbmMiOiJBMjU2R0NNIn0.c2VhbGVk.aXZpdml2aXZpdml2.Y2lwaGVy.dGFndGFndGFn';

/** Every message of the list, as the other side sends it. */
const frameMessages: FrameMessage[] = [
  { type: 'ready' },
  { type: 'state', brand: 'visa', last4: '1111', bin: '41111111', fields },
  { type: 'state', brand: null, last4: null, bin: null, fields },
  { type: 'state', brand: 'elo', last4: null, bin: '401178', fields },
  { type: 'focus', field: 'cvv' },
  { type: 'blur', field: 'number' },
  { type: 'height', px: 212.5 },
  {
    type: 'sealed',
    id: 3,
    card: {
      encryptedData: jwe,
      holderName: "María José Núñez-O'Neil",
      expirationMonth: 12,
      expirationYear: 2030,
    },
  },
  { type: 'sealed', id: 6, card: { encryptedCvv: jwe } },
  { type: 'submit' },
  { type: 'refused', id: 4, error: 'luhn' },
  { type: 'refused', id: 5, error: 'configuration' },
  { type: 'refused', id: 8, error: 'network' },
  { type: 'refused', id: 9, error: 'integrity' },
];
const pageMessages: PageMessage[] = [
  { type: 'configure', lang: 'en', messages: null, theme: {}, brands: [], saved: null },
  {
    type: 'configure',
    lang: 'es-AR',
    messages: spanish,
    theme: {
      '--paylit-color-accent': '#2563eb',
      '--paylit-radius': '8px',
      '--paylit-font': '16px/1.4 "Inter", system-ui',
    },
    brands: ['VI', 'MC', 'NJ'],
    saved: { brand: 'VI', last4: '4242' },
  },
  { type: 'seal', id: 1, publicKey: '{"kty":"RSA","n":"…","e":"AQAB"}' },
  { type: 'focus', field: 'number' },
  { type: 'report' },
  { type: 'clear' },
  { type: 'disable', disabled: true },
];

/** What a message is once it crossed a real MessagePort (structured clone), read on the other side. */
async function across<T>(message: unknown, read: (data: unknown) => T): Promise<T> {
  const { port1, port2 } = new MessageChannel();
  const arrived = new Promise<unknown>((resolve) => (port2.onmessage = (e) => resolve(e.data)));
  port1.postMessage(message);
  const data = await arrived;
  port1.close();
  port2.close();
  return read(data);
}

describe("the card frame's messages: a closed list, read on arrival", () => {
  it('reads every message of the list, in each direction, after a real MessagePort', async () => {
    for (const m of frameMessages)
      expect(await across(m, readFrameMessage), m.type).to.deep.equal(m);
    for (const m of pageMessages) expect(await across(m, readPageMessage), m.type).to.deep.equal(m);
  });

  it('drops a message with one key more, one key less, or of the other direction', () => {
    for (const m of frameMessages) {
      expect(readFrameMessage({ ...m, extra: 1 }), `${m.type} + extra`).to.equal(undefined);
      const keys = Object.keys(m).filter((k) => k !== 'type');
      if (keys.length)
        expect(
          readFrameMessage({ ...m, [keys[0]!]: undefined }),
          `${m.type} - ${keys[0]}`,
        ).to.equal(undefined);
    }
    for (const m of pageMessages)
      expect(readPageMessage({ ...m, extra: 1 }), `${m.type} + extra`).to.equal(undefined);
    expect(readPageMessage({ type: 'sealed', id: 1, card: frameMessages[7] })).to.equal(undefined);
    expect(readFrameMessage({ type: 'seal', id: 1, publicKey: 'k' })).to.equal(undefined);
    for (const junk of [
      null,
      undefined,
      'ready',
      42,
      [],
      [{ type: 'ready' }],
      { type: 'READY' },
      { type: 'nope' },
    ]) {
      expect(readFrameMessage(junk)).to.equal(undefined);
      expect(readPageMessage(junk)).to.equal(undefined);
    }
  });

  it('never lets a card number or a security code through: not as last four, BIN, brand, error, name, theme or key', () => {
    const pan = '4111111111111111';
    expect(
      readFrameMessage({ type: 'state', brand: 'visa', last4: pan, bin: null, fields }),
    ).to.equal(undefined);
    expect(
      readFrameMessage({ type: 'state', brand: 'visa', last4: '1111', bin: pan, fields }),
    ).to.equal(undefined);
    expect(
      readFrameMessage({ type: 'state', brand: pan, last4: '1111', bin: null, fields }),
    ).to.equal(undefined);
    expect(
      readFrameMessage({
        type: 'state',
        brand: 'visa',
        last4: '1111',
        bin: null,
        fields: { ...fields, cvv: { valid: false, error: '737' } },
      }),
    ).to.equal(undefined);
    expect(readFrameMessage({ type: 'refused', id: 1, error: pan })).to.equal(undefined);
    const sealed = frameMessages[7] as Extract<FrameMessage, { type: 'sealed' }>;
    expect(
      readFrameMessage({ ...sealed, card: { ...sealed.card, holderName: `Ana ${pan}` } }),
    ).to.equal(undefined);
    expect(
      readFrameMessage({ ...sealed, card: { ...sealed.card, holderName: 'Ana 4111' } }),
    ).to.equal(undefined);
    // core's rule: digits of any script (Arabic-Indic, full-width) carry a number too, and a
    // format character hides one.
    for (const holderName of ['Ana ٤١١١', 'Ana ４１１１', 'Ana\u200e4111'])
      expect(
        readFrameMessage({ ...sealed, card: { ...sealed.card, holderName } }),
        holderName,
      ).to.equal(undefined);
    expect(readFrameMessage({ ...sealed, card: { ...sealed.card, encryptedData: pan } })).to.equal(
      undefined,
    );
    expect(readFrameMessage({ ...sealed, card: { ...sealed.card, cvv: '737' } })).to.equal(
      undefined,
    );
  });

  it('checks each value: a brand the table knows by id, validity that agrees with its error, a real month, a sane height', () => {
    expect(
      readFrameMessage({ type: 'state', brand: 'VI', last4: null, bin: null, fields }),
    ).to.equal(undefined);
    expect(
      readFrameMessage({
        type: 'state',
        brand: null,
        last4: null,
        bin: null,
        fields: { ...fields, number: { valid: true, error: 'luhn' } },
      }),
    ).to.equal(undefined);
    expect(
      readFrameMessage({
        type: 'state',
        brand: null,
        last4: null,
        bin: null,
        fields: { ...fields, number: { valid: false, error: 'invalid_month' } },
      }),
    ).to.equal(undefined);
    expect(
      readFrameMessage({ type: 'state', brand: null, last4: null, bin: '41111', fields }),
    ).to.equal(undefined);
    const sealed = frameMessages[7] as Extract<FrameMessage, { type: 'sealed' }>;
    expect(readFrameMessage({ ...sealed, card: { ...sealed.card, expirationMonth: 13 } })).to.equal(
      undefined,
    );
    expect(readFrameMessage({ ...sealed, id: -1 })).to.equal(undefined);
    expect(readFrameMessage({ type: 'height', px: Infinity })).to.equal(undefined);
    expect(readFrameMessage({ type: 'height', px: '200' })).to.equal(undefined);
    expect(readFrameMessage({ type: 'focus', field: 'password' })).to.equal(undefined);
  });

  it('takes theme tokens of paylit alone, with values that fetch nothing', () => {
    const configure = (theme: Record<string, unknown>, lang = 'en') =>
      readPageMessage({ type: 'configure', lang, messages: null, theme, brands: [], saved: null });
    expect(configure({ color: 'red' })).to.equal(undefined);
    expect(configure({ '--paylit-bg': 'url(https://evil.example/x.png)' })).to.equal(undefined);
    expect(configure({ '--paylit-bg': 'image-set("x.png" 1x)' })).to.equal(undefined);
    expect(configure({ '--paylit-bg': 'red} body{display:none' })).to.equal(undefined);
    expect(configure({ '--paylit-bg': '\\75 rl(x)' })).to.equal(undefined);
    expect(configure({ '--paylit-bg': 3 })).to.equal(undefined);
    expect(configure({}, 'en"><script>')).to.equal(undefined);
    expect(
      configure(
        Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`--paylit-t${i}`, 'red'])),
      ),
    ).to.equal(undefined);
    expect(configure({ '--paylit-color-accent': 'light-dark(#2563eb, #60a5fa)' })).to.deep.equal({
      type: 'configure',
      lang: 'en',
      messages: null,
      theme: { '--paylit-color-accent': 'light-dark(#2563eb, #60a5fa)' },
      brands: [],
      saved: null,
    });
  });

  it("takes the accepted brands as the API's codes, and a saved card as its brand and last four alone", () => {
    const configure = (brands: unknown, saved: unknown) =>
      readPageMessage({ type: 'configure', lang: 'en', messages: null, theme: {}, brands, saved });
    expect(configure(['VI', 'EL'], { brand: 'MC', last4: '0004' })).to.not.equal(undefined);
    expect(configure('VI', null)).to.equal(undefined);
    expect(configure(['<b>'], null)).to.equal(undefined);
    expect(
      configure(
        Array.from({ length: 41 }, () => 'VI'),
        null,
      ),
    ).to.equal(undefined);
    expect(configure([], { brand: 'VI', last4: '4111111111111111' })).to.equal(undefined);
    expect(configure([], { brand: 'VI', last4: '4242', cardId: 'x' })).to.equal(undefined);
  });

  it("takes a language's catalog in English's shape, every message and nothing else", () => {
    const configure = (messages: unknown) =>
      readPageMessage({
        type: 'configure',
        lang: 'es',
        messages,
        theme: {},
        brands: [],
        saved: null,
      });
    expect(configure(spanish)).to.not.equal(undefined);
    const { cardNumber: _, ...lacking } = spanish;
    expect(configure(lacking)).to.equal(undefined);
    expect(configure({ ...spanish, extra: 'one more' })).to.equal(undefined);
    expect(configure({ ...spanish, cardNumber: 42 })).to.equal(undefined);
    expect(configure({ ...spanish, cardNumber: 'x'.repeat(401) })).to.equal(undefined);
    expect(
      configure({
        ...spanish,
        errors: { ...spanish.errors, cvv: { ...spanish.errors.cvv, extra: 'x' } },
      }),
    ).to.equal(undefined);
    expect(configure({ ...spanish, errors: 'no' })).to.equal(undefined);
    expect(configure(Object.values(spanish))).to.equal(undefined);
    // The whole catalog is more than the card's words: the frame is sent those alone.
    expect(configure(es)).to.equal(undefined);
  });

  it("refuses a seal for a field's error or one of three of the encryption's own (configuration, network, integrity), and nothing else", () => {
    for (const error of ['configuration', 'network', 'integrity', 'luhn', 'expired', 'digits'])
      expect(readFrameMessage({ type: 'refused', id: 1, error }), error).to.deep.equal({
        type: 'refused',
        id: 1,
        error,
      });
    for (const error of [
      'Integrity',
      'integrity ',
      'integrity_failed',
      'timeout',
      'sha384-aPJz21i6p2poyXBVTtQeRgmeriaeS3PvXJjA7J+hCSVpnZPLGjEtoLM4u6SJ2j/w',
      '',
      null,
    ])
      expect(readFrameMessage({ type: 'refused', id: 1, error }), String(error)).to.equal(
        undefined,
      );
  });

  it('drops objects that are not plain: a prototype smuggled in, an array in place of an object', () => {
    const polluted = JSON.parse('{"type":"ready","__proto__":{"evil":true}}');
    expect(readFrameMessage(polluted)).to.equal(undefined);
    expect(
      readFrameMessage({
        type: 'state',
        brand: null,
        last4: null,
        bin: null,
        fields: Object.assign(Object.create({ x: 1 }), fields),
      }),
    ).to.equal(undefined);
    expect(
      readFrameMessage({
        type: 'state',
        brand: null,
        last4: null,
        bin: null,
        fields: [fields.number, fields.expiry, fields.cvv, fields.holder],
      }),
    ).to.equal(undefined);
  });
});
