/**
 * A voucher's barcode as bars, drawn as one SVG path: Interleaved 2 of 5 (`ITF`, Boleto's 44
 * digits) and Code 128 (`CODE_128`: OXXO, Efecty, PagoEfectivo, Servipag, Rapipago, Pago
 * Fácil; `GS1`: GS1-128, Code 128 with FNC1 first, Baloto's). Plain functions, no DOM.
 *
 * @example
 * const bars = barcodeBars('ITF', '00193373700000001000500940144816060680935031');
 * svg.setAttribute('viewBox', `0 0 ${bars.width} 1`);
 * path.setAttribute('d', barsPath(bars));
 */

/** Bars and spaces by their widths in modules, starting with a bar; `width` their sum with the quiet zones. */
export interface Bars {
  readonly widths: readonly number[];
  readonly width: number;
  /** Modules of quiet zone on each side. */
  readonly quiet: number;
}

/** ITF's digits, each five elements, N narrow and W wide (2.5 modules: wide to narrow 2.5:1). */
const ITF_DIGITS = [
  'NNWWN',
  'WNNNW',
  'NWNNW',
  'WWNNN',
  'NNWNW',
  'WNWNN',
  'NWWNN',
  'NNNWW',
  'WNNWN',
  'NWNWN',
];
const WIDE = 2.5;

/** Interleaved 2 of 5 of an even number of digits: the first of each pair in the bars, the second in the spaces. */
export function itf(digits: string): Bars {
  if (!/^(\d\d)+$/.test(digits)) throw new RangeError('ITF takes an even number of digits');
  const w = (c: string) => (c === 'W' ? WIDE : 1);
  const widths = [1, 1, 1, 1];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF_DIGITS[Number(digits[i])]!;
    const spaces = ITF_DIGITS[Number(digits[i + 1])]!;
    for (let k = 0; k < 5; k++) widths.push(w(bars[k]!), w(spaces[k]!));
  }
  widths.push(WIDE, 1, 1);
  return withQuiet(widths, 10);
}

/**
 * Code 128's 106 symbols (0–102 the values, 103–105 the starts A, B, C), each its six
 * bar-space widths in modules; the stop (`STOP`) has a seventh, its final bar.
 */
const CODE128 = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 ' +
  '122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 ' +
  '321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 112313 132113 132311 ' +
  '211313 231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 231131 213113 ' +
  '213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 111422 ' +
  '121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 ' +
  '241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 ' +
  '412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 ' +
  '211214 211232 '
)
  .trim()
  .split(' ');
const STOP = [2, 3, 3, 1, 1, 1, 2];
const START_B = 104;
const START_C = 105;
const CODE_B = 100;
const CODE_C = 99;
const FNC1 = 102;

/**
 * Code 128 of `text` (printable ASCII): runs of digits in code set C (two a symbol), the rest in
 * B; `gs1`: FNC1 first, as GS1-128 is.
 */
export function code128(text: string, gs1 = false): Bars {
  if (!/^[\x20-\x7e]+$/.test(text)) throw new RangeError('Code 128 takes printable ASCII');
  const values: number[] = [];
  let set: 'B' | 'C' | undefined;
  const to = (next: 'B' | 'C') => {
    if (set === next) return;
    values.push(set ? (next === 'B' ? CODE_B : CODE_C) : next === 'B' ? START_B : START_C);
    if (set === undefined && gs1) values.push(FNC1);
    set = next;
  };
  let i = 0;
  while (i < text.length) {
    const run = /^\d*/.exec(text.slice(i))![0].length;
    // Set C for four digits or more, or for the even digits that end the text.
    if (run >= 4 || (run >= 2 && run % 2 === 0 && i + run === text.length)) {
      // An odd run leaves its first digit in set B.
      if (run % 2 === 1) {
        to('B');
        values.push(text.charCodeAt(i++) - 32);
      }
      to('C');
      for (const end = i + run - (run % 2); i < end; i += 2)
        values.push(Number(text.slice(i, i + 2)));
    } else {
      to('B');
      values.push(text.charCodeAt(i++) - 32);
    }
  }
  const check = values.reduce((sum, v, k) => sum + v * Math.max(k, 1), 0) % 103;
  const widths: number[] = [];
  for (const v of [...values, check]) for (const c of CODE128[v]!) widths.push(Number(c));
  widths.push(...STOP);
  return withQuiet(widths, 10);
}

function withQuiet(widths: number[], quiet: number): Bars {
  return { widths, quiet, width: widths.reduce((a, b) => a + b, 0) + 2 * quiet };
}

/** The bars of a ticket's barcode by its `format`; undefined for a format not drawn (or content it cannot hold). */
export function barcodeBars(format: string | undefined, content: string): Bars | undefined {
  try {
    if (format === 'ITF') return itf(content);
    if (format === 'CODE_128') return code128(content);
    if (format === 'GS1') return code128(content, true);
  } catch {
    // Content the format cannot hold: the number is still there to type.
  }
  return undefined;
}

/** The bars as an SVG path in a box `width` wide and 1 high (draw it with `preserveAspectRatio="none"`). */
export function barsPath({ widths, quiet }: Bars): string {
  let x = quiet;
  let d = '';
  widths.forEach((w, k) => {
    if (k % 2 === 0) d += `M${+x.toFixed(2)} 0h${w}v1h-${w}z`;
    x += w;
  });
  return d;
}
