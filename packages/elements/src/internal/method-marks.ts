/**
 * The wallets' and banks' marks, as marks.ts draws the card brands (and with its shapes): a
 * chunk of its own, loaded by the wallet picker alone (`importMethodMarks()` in lazy.ts), so a
 * card-only order never downloads them. It also hands on `brandMark`, for the picker's saved
 * cards and its "new card" option.
 *
 * @example
 * const { brandMark, methodMark } = await importMethodMarks();
 * html`${brandMark('visa')} ${methodMark('PX', 'Pix')}`;
 */
import {
  brandMark,
  C,
  chevrons,
  codes,
  draw,
  face,
  P,
  R,
  ring,
  T,
  W,
  word,
  type Drawing,
} from './marks.js';

export { brandMark } from './marks.js';

const methods: Readonly<Record<string, Drawing>> = {
  AP: [
    face('#000'),
    C(9.5, 14.6, 4, W),
    C(13.6, 13.2, 1.5, '#000'),
    P('M9.6 10c.2-1.7 1.2-2.6 2.5-2.8-.1 1.6-1.1 2.6-2.5 2.8z', W),
    T('Pay', 24.5, 17, 10, W, 16, 'n'),
  ],
  GP: [
    face(W),
    ...ring(10.5, 13, 4.6, 2.2, ['#4285f4', '#34a853', '#fbbc04', '#ea4335'], 0.06, 0.12),
    R(10.5, 12, 5.8, 2.2, '#4285f4'),
    T('Pay', 26, 17, 10, '#5f6368', 15, 'n'),
  ],
  MP: [
    face(W),
    ['ellipse', { cx: 10, cy: 13, rx: 8, ry: 6, fill: '#00b1ea', stroke: '#2d3277' }],
    ['path', { d: 'M4.5 13.5l3-2.5 2.5 1.5 2-1.5 2.5 1.5 3-1.5', fill: 'none', stroke: '#2d3277' }],
    T('mercado', 29, 12, 5.5, '#2d3277', 18),
    T('pago', 29, 19, 6.5, '#2d3277', 13),
  ],
  PP: word('#21c25e', 'PicPay', W, 9),
  PX: [
    face(W),
    P('M10 4.5l8.5 8.5-8.5 8.5-8.5-8.5z', '#32bcad'),
    P('M10 9.5l3.5 3.5-3.5 3.5-3.5-3.5z', W),
    T('pix', 28.5, 16.5, 10, '#32bcad', 15),
  ],
  BL: [
    face(W),
    ...[3, 1, 2, 1, 1, 3, 2, 1, 1, 2, 3, 1, 2, 1, 1, 2].map((w, i, all) => {
      const x = 5 + all.slice(0, i).reduce((a, b) => a + b + 1, 0) * 0.75;
      return R(x, 5, w * 0.75, 12, i % 2 ? W : '#1e293b');
    }),
    T('boleto', 20, 23, 5, '#1e293b', 16, 'n'),
  ],
  MH: word('#6b2c91', 'MACH', W, 10),
  WP: [face(W), T('web', 13, 16.5, 9, '#1d1d1b', 14), T('pay', 28, 16.5, 9, '#d5006d', 13)],
  SP: word('#00a0df', 'servipag', W, 7.5),
  NQ: [...word('#200020', 'Nequi', W, 9), R(30, 6, 3, 3, '#ff0083', 0.6)],
  PC: [face(W), C(20, 13, 10, '#0c5fa8'), T('pse', 20, 16, 8, W, 13)],
  EY: word('#ffdd00', 'efecty', '#1d2b5b', 9),
  SE: word('#0b3d91', 'SPEI', W, 10, 'i'),
  OX: [
    face('#e21b22'),
    R(0, 3, 40, 3, '#ffd100'),
    R(0, 20, 40, 3, '#ffd100'),
    T('OXXO', 20, 16.5, 9, W, 28),
  ],
  YP: [...word('#742284', 'yape', W, 11), C(33, 19, 1.6, '#00d4c8')],
  BC: [face('#002a8d'), T('BCP', 17, 16.5, 9, W, 19), P('M30 8l5 5-5 5h-2.4l5-5-5-5z', '#ff7800')],
  EF: word('#fbb900', 'PagoEfectivo', '#1d1d1b', 6),
  BU: word('#ffd100', 'baloto', '#003893', 9),
  AI: word('#004b93', 'abitab', W, 9),
  RE: word('#e30613', 'redpagos', W, 7.5),
  PW: [face(W), T('pay', 15, 16.5, 9.5, '#002e6e', 14), T('tm', 28, 16.5, 9.5, '#00baf2', 9)],
  UI: [face(W), T('UPI', 15, 17, 10, '#4d4d4f', 17, 'i'), ...chevrons(27)],
  NB: [
    face('#1f4e79'),
    P('M20 4l10 5H10z', W),
    R(12, 10, 2, 8, W),
    R(17, 10, 2, 8, W),
    R(21, 10, 2, 8, W),
    R(26, 10, 2, 8, W),
    R(10, 19, 20, 2.5, W),
  ],
  SS: word('#0072bc', 'SnapScan', W, 7.5),
  OZ: [face(W), T('ozow', 20, 16.5, 10, '#1a1a1a', 26), C(11.2, 13.4, 1.3, '#00c1a2')],
  PA: word('#000', 'papara', W, 9),
  HV: [face('#c8102e'), T('HAVALE', 20, 11, 5.5, W, 22), T('EFT', 20, 20, 8, W, 16)],
  GC: [
    face('#007dfe'),
    C(9, 13, 5, W),
    T('G', 9, 16, 8, '#007dfe'),
    T('Cash', 25, 16.5, 8.5, W, 20),
  ],
  TG: [face('#005abb'), T('Touch', 20, 11.5, 6.5, W, 18), T("'n Go", 20, 19.5, 6.5, '#ffd200', 18)],
  FX: word('#1b4f9c', 'FPX', W, 11, 'i'),
  RP: [...word('#e4002b', 'rapipago', W, 7.5), R(0, 22, 40, 4, '#ffd100')],
  PF: [
    face('#ffd100'),
    T('Pago', 20, 12, 7, '#0033a0', 16),
    T('Fácil', 20, 20.5, 7, '#0033a0', 16, 'i'),
  ],
  IO: [face('#0f766e'), P('M20 5l9 4.5H11z', W), R(13, 10.5, 14, 6, W), R(10, 18, 20, 2.5, W)],
  PQ: [
    face(W),
    P('M10 4.5l8.5 8.5-8.5 8.5-8.5-8.5z', '#32bcad'),
    P('M10 9.5l3.5 3.5-3.5 3.5-3.5-3.5z', W),
    T('QR', 28.5, 16.5, 9, '#32bcad', 12),
  ],
  IB: word('#00a94f', 'Interbank', W, 7),
  BP: word('#004481', 'BBVA', W, 10),
};

/** A tile with up to three initials on a neutral colour, for a method with no mark of its own. */
function initials(name: string): Drawing {
  const letters = (name.match(/\p{L}+|\d+/gu) ?? ['?'])
    .map((w) => w[0]!)
    .join('')
    .slice(0, 3)
    .toUpperCase();
  return [face('#475569'), T(letters, 20, 17, 10, W, letters.length * 7)];
}

/**
 * A payment method's mark, 40×26 and `aria-hidden`, by the method's id in the API's list
 * (`AP`, `PX`, `OX`; card codes such as `VI` draw the brand, `CARD` the generic card).
 * A method with no mark of its own gets its name's initials on a neutral tile
 * (`data-mark="initials"`).
 */
export function methodMark(id: string, name: string): SVGSVGElement {
  if (methods[id]) return draw(`m:${id}`, id, methods[id]);
  if (id === 'CARD' || codes[id]) return brandMark(id);
  return draw(`i:${name}`, 'initials', initials(name));
}

/** The method ids that have a mark of their own (the wallets' and banks', and the API's card codes): others get their logo or initials. */
export const markedMethods: readonly string[] = [...Object.keys(methods), ...Object.keys(codes)];
