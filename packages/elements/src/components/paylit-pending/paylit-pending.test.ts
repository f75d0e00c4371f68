import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../../../../../test/support/wait-until.js';
import { setViewport } from '@web/test-runner-commands';
import type { PaymentView } from '@paylit/core/checkout';
import { en } from '../../i18n/en.js';
import ar from '../../i18n/ar.js';
import '../../internal/module-loaders.js';
import '../../paylit-checkout.js';
import type { PaylitCheckout } from '../paylit-checkout/paylit-checkout.js';
import { scaled } from '../../../../../test/support/time.mjs';
import { followEvents, serverSentEvents } from './live-payment.js';
import './paylit-pending.js';
import type { PaylitPending } from './paylit-pending.js';
import { drawPng } from './qr-canvas.js';

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

describe('<paylit-pending>: its words and its live connection', () => {
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

  it("a page that is not a stream of events (a login page after a redirect, a proxy's HTML) is a failure: tried again later each time, not every 2 s for ever", async () => {
    const asked: string[] = [];
    const login = async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response('<!doctype html><title>Sign in</title><form></form>', {
        status: 200,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      });
    };
    // The waits it asks for before each new try (2 s and up), read from its timers and not let
    // run by themselves; shorter timers (this test's own polling) run as usual.
    const waits: number[] = [];
    const tries: (() => void)[] = [];
    const realSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = ((run: () => void, ms?: number, ...rest: unknown[]) => {
      if ((ms ?? 0) < 2_000) return realSetTimeout(run, ms, ...rest);
      waits.push(ms!);
      tries.push(run);
      return 0;
    }) as typeof setTimeout;
    const heard: unknown[] = [];
    let stop: (() => void) | undefined;
    try {
      stop = followEvents(
        { endpoint: 'https://shop.example/paylit', fetch: login as typeof fetch },
        '/payments/D-1/events?order=o_secret_x',
        'payment',
        () => false,
        (answer) => heard.push(answer),
      );
      // Each try's answer read, and the next try scheduled (polled on the real timers).
      const scheduled = async (n: number) => {
        const until = performance.now() + scaled(2_000);
        while (waits.length < n && performance.now() < until)
          await new Promise((resolve) => realSetTimeout(resolve, 10));
      };
      for (let n = 1; n <= 4; n++) {
        await scheduled(n);
        if (n < 4 && tries[n - 1]) tries[n - 1]!();
      }
    } finally {
      globalThis.setTimeout = realSetTimeout;
      stop?.();
    }
    expect(asked).to.have.length(4);
    expect(heard).to.deep.equal([]);
    expect(waits).to.deep.equal([4_000, 8_000, 16_000, 30_000]);
  });
});

const oxxo = {
  id: 'D-OX-1',
  status: 'PENDING',
  status_code: '100',
  amount: 500,
  currency: 'MXN',
  payment_method_id: 'OX',
  ticket: {
    number: '8500-1234-5678-90',
    barcode: '85001234567890',
    format: 'CODE_128',
    provider_name: 'OXXO',
    amount: 500,
    currency: 'MXN',
    expiration_date: '2030-01-02T03:04:05Z',
  },
} as unknown as PaymentView;

describe('<paylit-pending>: what it draws', () => {
  it('a voucher: its heading, the reference to copy, the barcode (an SVG, role img), the amount and due date, in its own shadow root', async () => {
    const el = await fixture<PaylitPending>(
      html`<paylit-pending .payment=${oxxo}></paylit-pending>`,
    );
    const root = el.shadowRoot!;
    const view = root.querySelector('[part=pending]')!;
    expect(view.getAttribute('aria-live')).to.equal('off');
    // Its heading is the checkout's (the outcome's one heading): none of its own.
    expect(view.querySelector('h1, h2, h3, h4')).to.equal(null);
    const input = root.querySelector<HTMLInputElement>('input')!;
    expect(root.querySelector(`label[for=${input.id}]`)!.textContent).to.equal('Reference');
    expect(input.value).to.equal('8500-1234-5678-90');
    const barcode = root.querySelector('svg[part=barcode]')!;
    expect(barcode.getAttribute('role')).to.equal('img');
    expect(barcode.querySelector('path')!.getAttribute('d')).to.match(/^M10 0h/);
    expect(root.querySelector('.facts dd')!.textContent).to.contain('500');
    expect(root.querySelector('.due')!.textContent).to.match(/^Pay by /);
    await expect(el).shadowDom.to.be.accessible();
  });

  it('a voucher falls due on the calendar day the API names where it is paid, whatever the viewer’s time zone', async () => {
    // 23:59 in Mexico City is 05:59 the next day in UTC, and later still east of it.
    const late = {
      ...oxxo,
      ticket: { ...oxxo.ticket, expiration_date: '2030-01-02T23:59:59-06:00' },
    } as PaymentView;
    const el = await fixture<PaylitPending>(
      html`<paylit-pending .payment=${late}></paylit-pending>`,
    );
    expect(el.shadowRoot!.querySelector('.due')!.textContent).to.equal('Pay by Jan 2, 2030');
    const ar = await fixture<PaylitPending>(
      html`<paylit-pending lang="es" .payment=${late}></paylit-pending>`,
    );
    await waitUntil(() => ar.shadowRoot!.querySelector('.due')?.textContent?.includes('2030'));
    expect(ar.shadowRoot!.querySelector('.due')!.textContent).to.contain('2 ene 2030');
  });

  it('a Pix counts down the time left the server gave, from when its answer arrived, not by the device’s clock', async () => {
    // Due in 2030 by the calendar: the countdown reads only the server's time left.
    const pix = {
      ...oxxo,
      id: 'D-PQ-1',
      currency: 'BRL',
      payment_method_id: 'PQ',
      ticket: {
        number: '000201',
        provider_name: 'pix',
        expiration_date: '2030-01-02T03:04:05Z',
        expires_in_ms: 3_600_000,
      },
    } as PaymentView;
    const el = await fixture<PaylitPending>(
      html`<paylit-pending .payment=${pix} .arrived=${performance.now() - 5_500}></paylit-pending>`,
    );
    const left = () => el.shadowRoot!.querySelector('.due [aria-hidden=true]')!.textContent;
    expect(left()).to.match(/^Expires in 00:59:5[34]$/);
    // Without the server's time left (an older server), no countdown: when it falls due.
    const { expires_in_ms: _, ...ticket } = pix.ticket!;
    const plain = await fixture<PaylitPending>(
      html`<paylit-pending .payment=${{ ...pix, ticket }}></paylit-pending>`,
    );
    expect(plain.shadowRoot!.querySelector('.due')!.textContent).to.match(/^Pay by .*2030/);
  });

  it('expired: said as an alert, with "Get a new voucher"', async () => {
    const el = await fixture<PaylitPending>(
      html`<paylit-pending .payment=${{ ...oxxo, status: 'EXPIRED' }}></paylit-pending>`,
    );
    const root = el.shadowRoot!;
    expect(root.querySelector('[role=alert]')!.textContent).to.equal(en.pendingView.expired);
    expect(root.querySelector('[part=new-code]')!.textContent).to.equal('Get a new voucher');
  });

  it('a PNG drawn on a canvas with no URL (no img-src asked): the same pixels', async () => {
    const source = new OffscreenCanvas(4, 2);
    const paint = source.getContext('2d')!;
    paint.fillStyle = '#fff';
    paint.fillRect(0, 0, 4, 2);
    paint.fillStyle = '#000';
    paint.fillRect(1, 0, 1, 2);
    const bytes = new Uint8Array(await (await source.convertToBlob()).arrayBuffer());
    const base64 = btoa(String.fromCharCode(...bytes));
    const canvas = document.createElement('canvas');
    expect(await drawPng(canvas, base64)).to.equal(true);
    expect([canvas.width, canvas.height]).to.deep.equal([4, 2]);
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, 4, 1).data;
    expect([pixels[0], pixels[4], pixels[8]]).to.deep.equal([255, 0, 255]);
    expect(await drawPng(canvas, btoa('not a png'))).to.equal(false);
  });

  it('a Pix: the QR is a canvas (role img, labelled) beside the code to copy', async () => {
    const source = new OffscreenCanvas(21, 21);
    source.getContext('2d')!.fillRect(0, 0, 7, 7);
    const bytes = new Uint8Array(await (await source.convertToBlob()).arrayBuffer());
    const pix = {
      ...oxxo,
      payment_method_id: 'PQ',
      ticket: {
        number: '00020126',
        barcode_png: btoa(String.fromCharCode(...bytes)),
        provider_name: 'Pix',
      },
    } as unknown as PaymentView;
    const el = await fixture<PaylitPending>(
      html`<paylit-pending .payment=${pix}></paylit-pending>`,
    );
    const canvas = el.shadowRoot!.querySelector('canvas')!;
    expect(canvas.getAttribute('part')).to.equal('qr');
    expect(canvas.getAttribute('role')).to.equal('img');
    expect(canvas.getAttribute('aria-label')).to.equal('Pix QR code');
    await waitUntil(() => canvas.width === 21, 'the PNG is drawn at its own size');
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
  });
});

const env = (await (await fetch('/__paylit/env.json')).json()) as { endpoint: string };
const mexican =
  '{"name":"Mariana Ruiz","email":"mariana@example.com","document":"RUMA900101MDFXXX06"}';

/** A checkout of the real companion server and sandbox for an order only `method` pays, paid: its waiting view. */
async function paidAway(params: Record<string, string>, lang = 'en') {
  const { order } = await (await fetch(`/__paylit/order?${new URLSearchParams(params)}`)).json();
  const el = await fixture<PaylitCheckout>(
    html`<paylit-checkout endpoint=${env.endpoint} order=${order.clientSecret} lang=${lang}></paylit-checkout>`,
  );
  const pay = () => el.shadowRoot!.querySelector<HTMLButtonElement>('button[part=button]');
  await waitUntil(() => pay()?.getAttribute('aria-disabled') === 'false', 'loads', {
    timeout: scaled(1_700),
  });
  pay()!.click();
  const pending = () => el.shadowRoot!.querySelector('paylit-pending');
  await waitUntil(() => pending()?.shadowRoot?.querySelector('.waiting'), 'the view shows', {
    timeout: scaled(1_700),
  });
  await pending()!.updateComplete;
  return { el, view: pending()!, root: pending()!.shadowRoot! };
}

/** What the shopper reads: the text drawn and the values of the fields, through the view's shadow root. */
function read(el: PaylitCheckout): string {
  const root = el.shadowRoot!;
  const view = root.querySelector('paylit-pending')!.shadowRoot!;
  const fields = [...view.querySelectorAll<HTMLInputElement>('input, textarea')].map(
    (f) => f.value,
  );
  const text = (node: ParentNode) =>
    [...node.querySelectorAll('*')]
      .filter((e) => !e.closest('.sr-only') && !e.children.length)
      .map((e) => e.textContent);
  return [...text(root.querySelector('[part=outcome]')!), ...text(view), ...fields].join(' | ');
}

describe('<paylit-pending>: as the shopper reads it in the checkout', () => {
  it('SPEI: one heading, the amount once, the CLABE in its groups (3-3-11-1), copied as its digits', async () => {
    const { el, root } = await paidAway({
      country: 'MX',
      currency: 'MXN',
      amount: '500',
      methods: 'SE',
      payer: mexican,
    });
    const headings = [
      ...el.shadowRoot!.querySelectorAll('h1, h2, h3, h4'),
      ...root.querySelectorAll('h1, h2, h3, h4'),
    ].map((h) => h.textContent);
    expect(headings).to.deep.equal([en.pendingView.payTransfer]);
    const seen = read(el);
    expect(seen).not.to.contain(en.pending);
    // The amount as a number of its own: not the digits 500 inside the transfer's random
    // reference (…8500) or the CLABE, which a CI run once met.
    expect(seen.match(/(?<!\d)500(?!\d)/g), seen).to.have.length(1);
    const clabe = [...root.querySelectorAll<HTMLInputElement>('input, textarea')].find((i) =>
      /^\d{3} \d{3} \d{11} \d$/.test(i.value),
    );
    expect(clabe, seen).to.not.equal(undefined);
    const copied: string[] = [];
    const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    try {
      (clabe!.nextElementSibling as HTMLButtonElement).click();
      await waitUntil(() => copied.length === 1, 'copied');
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
      Object.defineProperty(Navigator.prototype, 'clipboard', clipboard);
    }
    expect(copied).to.deep.equal([clabe!.value.replace(/ /g, '')]);
  });

  it('SPEI for a USD order: the amount to send is in pesos, as the transfer says, not the order’s dollars', async () => {
    // The sandbox converts at 1 USD = 18.5 MXN: 120 USD is 2,220.00 MXN to send by SPEI.
    const { el } = await paidAway({
      country: 'MX',
      currency: 'USD',
      amount: '120',
      methods: 'SE',
      payer: mexican,
    });
    const seen = read(el);
    expect(seen, seen).to.contain('2,220.00');
    expect(seen, seen).to.contain('MX$');
    expect(seen, seen).not.to.match(/US\$|120\.00/);
  });

  it('Boleto at 320 px: the typed line in its groups, wrapped between them, never cut off', async () => {
    await setViewport({ width: 320, height: 720 });
    try {
      const { root } = await paidAway({ methods: 'BL' });
      const line = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(
        '#' + root.querySelector('label')!.htmlFor,
      )!;
      expect(line.value).to.match(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
      // All of it in sight: nothing scrolled away sideways or below, and inside the screen.
      expect(line.scrollWidth, 'not cut off at its end').to.be.at.most(line.clientWidth);
      expect(line.scrollHeight, 'every line shown').to.be.at.most(line.clientHeight);
      expect(line.getBoundingClientRect().right).to.be.at.most(320);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('the amount row mirrors in Arabic: the label at the start (right), the amount at the end (left)', async () => {
    for (const lang of ['en', 'ar']) {
      const el = await fixture<PaylitPending>(
        html`<paylit-pending lang=${lang} .payment=${oxxo}></paylit-pending>`,
      );
      await waitUntil(
        () =>
          el.shadowRoot!.querySelector('.facts dt')?.textContent ===
          (lang === 'ar' ? ar : en).pendingView.amount,
      );
      const row = el.shadowRoot!.querySelector('.facts')!.getBoundingClientRect();
      const label = el.shadowRoot!.querySelector('.facts dt')!;
      const range = document.createRange();
      range.selectNodeContents(el.shadowRoot!.querySelector('.facts dd')!);
      const amount = range.getBoundingClientRect();
      const term = document.createRange();
      term.selectNodeContents(label);
      const said = term.getBoundingClientRect();
      if (lang === 'ar') {
        expect(said.right, 'ar: the label at the right').to.be.closeTo(row.right, 1);
        expect(amount.left, 'ar: the amount at the left').to.be.closeTo(row.left, 1);
      } else {
        expect(said.left, 'en: the label at the left').to.be.closeTo(row.left, 1);
        expect(amount.right, 'en: the amount at the right').to.be.closeTo(row.right, 1);
      }
    }
  });

  it('in Arabic, each code to copy reads left to right from the left edge: the Boleto line (wrapped over lines), a reference, a CLABE, a Pix code', async () => {
    const boleto = {
      ...oxxo,
      payment_method_id: 'BL',
      ticket: {
        number: '34191790010104351004791020150008196610000012345',
        barcode: '34191966100000123451790001043510047102015000',
        format: 'ITF',
        provider_name: 'Boleto',
        amount: 120,
        currency: 'BRL',
      },
    } as unknown as PaymentView;
    const spei = {
      ...oxxo,
      payment_method_id: 'SE',
      ticket: undefined,
      bank_transfer: {
        bank_name: 'STP',
        bank_account: '646180948059833334',
        bank_account_label: 'CLABE',
        beneficiary_name: 'Shop',
        reference: '6153438',
        user_payment_amount: 500,
        currency: 'MXN',
      },
    } as unknown as PaymentView;
    const pix = {
      ...oxxo,
      payment_method_id: 'PQ',
      ticket: { number: '00020126580014br.gov.bcb.pix0136', provider_name: 'Pix' },
    } as unknown as PaymentView;
    for (const payment of [boleto, oxxo, spei, pix]) {
      const el = await fixture<PaylitPending>(
        html`<paylit-pending lang="ar" style="inline-size: 320px" .payment=${payment}></paylit-pending>`,
      );
      await waitUntil(() => el.shadowRoot!.querySelector('label')?.textContent !== undefined);
      const codes = [...el.shadowRoot!.querySelectorAll('input, textarea')];
      expect(codes.length, String(payment.payment_method_id)).to.be.greaterThan(0);
      for (const code of codes) {
        const { direction, textAlign } = getComputedStyle(code);
        const said = `${payment.payment_method_id}: ${(code as HTMLInputElement).value}`;
        expect(direction, said).to.equal('ltr');
        expect(['left', 'start'], said).to.include(textAlign);
      }
    }
  });

  it("Pix's QR: every module the same whole number of device pixels, each where the PNG has it", async () => {
    // A QR-like picture as an API would send it: 25 modules, the three finder patterns, 4 px a
    // module, a quiet zone of 4 modules.
    const count = 25;
    const on = (i: number, j: number) => {
      const finder = (x: number, y: number) => {
        const d = Math.max(Math.abs(x - 3), Math.abs(y - 3));
        return x >= 0 && x < 7 && y >= 0 && y < 7 && d !== 2;
      };
      if (finder(i, j) || finder(i - (count - 7), j) || finder(i, j - (count - 7))) return true;
      if ((i < 8 && j < 8) || (i >= count - 8 && j < 8) || (i < 8 && j >= count - 8)) return false;
      return (i * 7 + j * 13 + i * j) % 3 === 0;
    };
    const scale = 4;
    const source = new OffscreenCanvas((count + 8) * scale, (count + 8) * scale);
    const paint = source.getContext('2d')!;
    paint.fillStyle = '#fff';
    paint.fillRect(0, 0, source.width, source.height);
    paint.fillStyle = '#000';
    for (let j = 0; j < count; j++)
      for (let i = 0; i < count; i++)
        if (on(i, j)) paint.fillRect((4 + i) * scale, (4 + j) * scale, scale, scale);
    const bytes = new Uint8Array(await (await source.convertToBlob()).arrayBuffer());
    const pix = {
      ...oxxo,
      payment_method_id: 'PQ',
      ticket: { number: '00020126', barcode_png: btoa(String.fromCharCode(...bytes)) },
    } as unknown as PaymentView;
    const el = await fixture<PaylitPending>(
      html`<paylit-pending .payment=${pix}></paylit-pending>`,
    );
    const canvas = el.shadowRoot!.querySelector('canvas')!;
    // 300 px: a canvas's width before anything is drawn on it.
    await waitUntil(() => canvas.width !== 300, 'drawn', { timeout: scaled(1_000) });
    const drawn = canvas.getBoundingClientRect();
    const ratio = devicePixelRatio;
    // Shown at its own size: one canvas pixel a device pixel, so no module is stretched.
    expect(drawn.width * ratio, 'shown at its size').to.be.closeTo(canvas.width, 0.01);
    expect(drawn.height * ratio).to.be.closeTo(canvas.height, 0.01);
    const total = count + 8;
    expect(canvas.width % total, 'whole pixels a module').to.equal(0);
    const each = canvas.width / total;
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let j = 0; j < count; j++)
      for (let i = 0; i < count; i++) {
        const x = (4 + i) * each + Math.floor(each / 2);
        const y = (4 + j) * each + Math.floor(each / 2);
        expect(pixels[(y * canvas.width + x) * 4]! < 128, `module ${i},${j}`).to.equal(on(i, j));
      }
    expect(drawn.width, 'about 14rem, by whole modules, within the view').to.be.within(
      180,
      224 + 33,
    );
  });
});
