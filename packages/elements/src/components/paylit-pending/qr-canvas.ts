/**
 * Pix's QR code on a canvas, from the PNG the API gives (`ticket.barcode_png`, base64): decoded in
 * the page, so no URL and no CSP directive (`img-src`) is asked, and drawn again with whole device
 * pixels per module so that a phone's camera reads it at any zoom. Plain functions of the pending
 * view (paylit-pending.ts), in its chunk.
 */

/** The bytes of a base64 text. */
function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Draws a PNG (base64) on `canvas` at its own size, decoded in the page: no URL, so no CSP
 * directive is asked. Resolves false when it cannot be decoded.
 */
export async function drawPng(canvas: HTMLCanvasElement, base64: string): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(new Blob([bytesOf(base64)], { type: 'image/png' }));
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) return false;
    context.imageSmoothingEnabled = false;
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

/**
 * Draws a QR code (a PNG, base64) on `canvas` with whole device pixels per module, at most
 * `room` CSS pixels wide: its modules are read from the picture (the finder pattern in its
 * corner is seven modules wide, which gives their size) and drawn again, each `k` device pixels
 * square, with a quiet zone of four modules, at least `size` CSS pixels wide where `room`
 * allows (a QR a little larger scans more easily), never wider than `room`; the canvas is shown at exactly its size, so no module is a pixel
 * wider than another. A picture it cannot read is drawn as it is.
 */
export async function drawQr(
  canvas: HTMLCanvasElement,
  base64: string,
  size: number,
  room = size,
): Promise<boolean> {
  if (!(await drawPng(canvas, base64))) return false;
  const { width, height } = canvas;
  const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
  const dark = (x: number, y: number) => {
    const at = (Math.floor(y) * width + Math.floor(x)) * 4;
    return pixels[at]! + pixels[at + 1]! + pixels[at + 2]! < 384 && pixels[at + 3]! > 127;
  };
  // The top-left finder pattern: the first dark pixel, and its run of seven modules.
  let x0 = -1;
  let y0 = 0;
  for (; y0 < height && x0 < 0; y0++)
    for (let x = 0; x < width && x0 < 0; x++) if (dark(x, y0)) x0 = x;
  y0--;
  if (x0 < 0) return true;
  let run = 0;
  while (x0 + run < width && dark(x0 + run, y0)) run++;
  let x1 = width - 1;
  while (x1 > x0 && !dark(x1, y0)) x1--;
  const unit = run / 7;
  const count = Math.round((x1 - x0 + 1) / unit);
  if (unit < 1 || count < 21 || y0 + count * unit > height + 1) return true;
  const quiet = 4;
  const ratio = globalThis.devicePixelRatio || 1;
  const total = count + 2 * quiet;
  const each = Math.max(
    1,
    Math.min(Math.ceil((size * ratio) / total), Math.floor((room * ratio) / total)),
  );
  const modules: boolean[] = [];
  for (let j = 0; j < count; j++)
    for (let i = 0; i < count; i++)
      modules.push(dark(x0 + (i + 0.5) * unit, y0 + (j + 0.5) * unit));
  canvas.width = canvas.height = (count + 2 * quiet) * each;
  const paint = canvas.getContext('2d')!;
  paint.fillStyle = '#fff';
  paint.fillRect(0, 0, canvas.width, canvas.height);
  paint.fillStyle = '#000';
  modules.forEach((on, n) => {
    if (on)
      paint.fillRect(
        (quiet + (n % count)) * each,
        (quiet + Math.floor(n / count)) * each,
        each,
        each,
      );
  });
  // Shown at its own size in device pixels (a property, not an attribute: a strict CSP allows it).
  canvas.style.inlineSize = `${canvas.width / ratio}px`;
  return true;
}
