import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { PaymentView } from '@paylit/core/checkout';
import { en } from '../../i18n/en.js';
import '../../internal/module-loaders.js';
import { serverSentEvents } from './live-payment.js';
import { drawPng, type PaylitPending } from './paylit-pending.js';

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
    expect(view.querySelector('h3')!.textContent).to.equal('Pay with OXXO');
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
