/**
 * A QR code as a PNG's bytes, the same in Node and in a browser (the stories run the sandbox in
 * the page): the modules from `qrcode`'s encoder (`QRCode.create`, in both of its builds), the
 * PNG written here (8-bit grayscale, the image data deflated with `CompressionStream`, which
 * both have). `qrcode`'s own `toBuffer` exists in Node only.
 */
import QRCode from 'qrcode';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The QR code of `text` (error correction M), `scale` pixels a module, with a quiet zone of `margin` modules. */
export async function qrPng(text: string, scale = 4, margin = 4): Promise<Uint8Array> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = (modules.size + 2 * margin) * scale;
  // Each row: filter type 0, then one byte a pixel (0 black, 255 white).
  const rows = new Uint8Array(size * (size + 1)).fill(255);
  for (let y = 0; y < size; y++) {
    rows[y * (size + 1)] = 0;
    const my = Math.floor(y / scale) - margin;
    for (let x = 0; x < size; x++) {
      const mx = Math.floor(x / scale) - margin;
      const dark =
        mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx);
      if (dark) rows[y * (size + 1) + 1 + x] = 0;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 0, 0, 0, 0], 8); // 8 bits, grayscale, deflate, no filter method, not interlaced
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', await deflate(rows)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}

/** Bytes as base64, in Node and in a browser alike. */
export function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
