/**
 * Reading barcodes and QR codes from pixels, as a scanner at a counter or a banking app would:
 * `@zxing/library` for the one-dimensional ones (ITF, Code 128) and `jsqr` for QR codes,
 * independent of the code that drew them.
 */
import zxing from '@zxing/library';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

// A CommonJS package: its names come from its default export in an ES module.
const {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} = zxing;

/** Gray levels (0–255) of an RGBA image, one byte a pixel. */
function luminance(rgba: Uint8Array | Buffer, width: number, height: number): Uint8ClampedArray {
  const gray = new Uint8ClampedArray(width * height);
  for (let i = 0; i < width * height; i++)
    gray[i] = (rgba[i * 4]! * 299 + rgba[i * 4 + 1]! * 587 + rgba[i * 4 + 2]! * 114) / 1000;
  return gray;
}

/** The text of the one-dimensional barcode in a PNG (ITF or Code 128), and its format's name. */
export function readBarcode(png: Buffer): { text: string; format: string } {
  const image = PNG.sync.read(png);
  const source = new RGBLuminanceSource(
    luminance(image.data, image.width, image.height),
    image.width,
    image.height,
  );
  const reader = new MultiFormatReader();
  const hints = new Map<zxing.DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.ITF, BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const result = reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints);
  return { text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()]! };
}

/** The text of the QR code in a PNG, or undefined when none is found. */
export function readQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** A PNG of bars (widths in modules, starting with a bar), `scale` pixels a module, for decoding. */
export function barsPng(widths: readonly number[], quiet: number, scale = 3, height = 60): Buffer {
  const modules = widths.reduce((a, b) => a + b, 0) + 2 * quiet;
  const width = Math.ceil(modules * scale);
  const png = new PNG({ width, height });
  png.data.fill(255);
  let x = quiet;
  widths.forEach((w, k) => {
    if (k % 2 === 0)
      for (let px = Math.round(x * scale); px < Math.round((x + w) * scale); px++)
        for (let y = 0; y < height; y++) {
          const i = (y * width + px) * 4;
          png.data[i] = png.data[i + 1] = png.data[i + 2] = 0;
        }
    x += w;
  });
  return PNG.sync.write(png);
}
