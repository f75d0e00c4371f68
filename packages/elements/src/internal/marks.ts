/**
 * The card brand, wallet and bank marks: simplified drawings of each brand's colours,
 * shapes and lettering (not the brands' artwork files), as 40×26 inline SVG. No set on the
 * npm registry covers the API's methods (the maintained ones hold a dozen card brands, as
 * React components or under a file-level copyleft licence, and no Mercado Pago, Pix or OXXO),
 * so each mark follows its brand's published lockup: Mercado Pago's handshake oval beside
 * its wordmark, Diners Club's split circle beside its name.
 *
 * The card brands and the security code's drawing; the wallets' and banks' marks are
 * method-marks.ts, which draws with the shapes exported here (a card-only order never loads it).
 *
 * Loaded lazily (`importMarks()` in lazy.ts). It builds DOM with `createElementNS` (no
 * `innerHTML`, no `DOMParser`), which works under `require-trusted-types-for 'script'`.
 *
 * Every call returns a new node (a clone of one built per id), so callers may insert it
 * anywhere; a Lit template renders it as a child value.
 *
 * @example
 * const { brandMark } = await importMarks();
 * html`${brandMark('visa')}`;
 */

/** One drawn shape: its tag and attributes, and the text of a `<text>`. */
export type Shape = readonly [tag: string, attrs: Record<string, string | number>, text?: string];
export type Drawing = readonly Shape[];

export const W = '#fff';

// Shape helpers. Text is bold by default (the root sets font-weight 700) and, with a width,
// fitted to it with textLength, so a wordmark fits whatever system font draws it.
export const R = (
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  rx = 0,
): Shape => ['rect', { x, y, width, height, fill, rx }];
export const C = (cx: number, cy: number, r: number, fill: string): Shape => [
  'circle',
  { cx, cy, r, fill },
];
export const P = (d: string, fill: string): Shape => ['path', { d, fill }];
export const T = (
  text: string,
  x: number,
  y: number,
  size: number,
  fill: string,
  width?: number,
  style = '',
): Shape => [
  'text',
  {
    x,
    y,
    fill,
    'font-size': size,
    'text-anchor': 'middle',
    ...(width ? { textLength: width, lengthAdjust: 'spacingAndGlyphs' } : {}),
    ...(style.includes('i') ? { 'font-style': 'italic' } : {}),
    ...(style.includes('n') ? { 'font-weight': 400 } : {}),
  },
  text,
];
/** A ring split into equal coloured arcs (Elo's ring, Google's G), starting at `start` (a fraction of a turn). */
export const ring = (
  cx: number,
  cy: number,
  r: number,
  width: number,
  colors: readonly string[],
  start = 0,
  gap = 0,
): Shape[] => {
  const turn = 2 * Math.PI * r;
  const arc = (turn * (1 - gap)) / colors.length;
  return colors.map((stroke, i) => [
    'circle',
    {
      cx,
      cy,
      r,
      fill: 'none',
      stroke,
      'stroke-width': width,
      'stroke-dasharray': `${arc} ${turn}`,
      'stroke-dashoffset': -(start * turn + i * arc),
    },
  ]);
};
/** The card's face: its colour, with a hairline edge on light colours. */
export const face = (fill: string): Shape => [
  'rect',
  { width: 40, height: 26, rx: 4, fill, ...(fill === W ? { stroke: '#d0d5dd' } : {}) },
];
/** Two overlapping circles and their lens (Mastercard, Maestro). */
const circles = (left: string, right: string, lens: string): Shape[] => [
  C(15.5, 13, 8, left),
  C(24.5, 13, 8, right),
  P('M20 6.4A8 8 0 0 1 20 19.6A8 8 0 0 1 20 6.4Z', lens),
];
/** A wordmark on a colour: the common case. */
export const word = (bg: string, text: string, fill = W, size = 9, style = ''): Drawing => [
  face(bg),
  T(text, 20, 13 + size * 0.36, size, fill, Math.min(34, text.length * size * 0.62), style),
];
/** Two chevrons, orange over green (RuPay, UPI). */
export const chevrons = (x: number): Shape[] => [
  P(`M${x} 7l5 6-5 6z`, '#f47920'),
  P(`M${x + 3} 7l5 6-5 6z`, '#0e8a3e'),
];

const brands: Readonly<Record<string, Drawing>> = {
  visa: [face(W), T('VISA', 20, 17.5, 12, '#1a1f71', 30, 'i')],
  'visa-debit': [
    face('#1a1f71'),
    T('VISA', 20, 14, 10, W, 26, 'i'),
    T('DEBIT', 20, 21.5, 5, '#f7b600', 16),
  ],
  mastercard: [face(W), ...circles('#eb001b', '#f79e1b', '#ff5f00')],
  maestro: [face(W), ...circles('#eb001b', '#00a2e5', '#7375cf')],
  'american-express': [
    face('#016fd0'),
    R(3, 5, 34, 16, 'none'),
    T('AMERICAN', 20, 12, 6, W, 30),
    T('EXPRESS', 20, 19, 6, W, 30),
  ],
  diners: [
    face(W),
    C(9.5, 13, 6.5, '#0079be'),
    C(9.5, 13, 4.6, W),
    R(8.6, 8.4, 1.8, 9.2, '#0079be'),
    T('Diners', 26.5, 12.5, 6.5, '#0079be', 18),
    T('Club', 26.5, 19.5, 6.5, '#0079be', 13),
  ],
  discover: [
    face(W),
    T('DISC', 10, 15.5, 7, '#231f20', 14),
    C(20.6, 13, 3.4, '#ff6000'),
    T('VER', 30.5, 15.5, 7, '#231f20', 12),
    R(0, 22, 40, 4, '#ff6000'),
  ],
  jcb: [
    face(W),
    R(6, 4, 9, 18, '#0e4c96', 2.5),
    R(15.5, 4, 9, 18, '#e20613', 2.5),
    R(25, 4, 9, 18, '#007b40', 2.5),
    T('J', 10.5, 16, 8, W),
    T('C', 20, 16, 8, W),
    T('B', 29.5, 16, 8, W),
  ],
  unionpay: [
    face(W),
    P('M7 4h9l-4 18H3z', '#e21836'),
    P('M16 4h9l-4 18h-9z', '#00447c'),
    P('M25 4h11l-4 18H21z', '#007b84'),
    T('UnionPay', 20, 15, 6, W, 26),
  ],
  elo: [
    face('#000'),
    ...ring(11, 13, 5, 2.6, ['#ffcb05', '#00a4e0', '#ef4123'], 0.75),
    T('elo', 27, 17, 11, W, 15),
  ],
  hipercard: word('#b3131b', 'Hipercard', W, 8, 'i'),
  hiper: word(W, 'hiper', '#f47920', 11),
  aura: [...word('#2d5aa0', 'Aura', W, 10), C(33, 7, 2.5, '#f7a823')],
  naranja: [...word('#fe5000', 'naranja', W, 8), R(8, 19, 24, 1.5, W)],
  cabal: [...word('#00599c', 'CABAL', W, 9), R(0, 21, 40, 2, '#63b7e6')],
  argencard: word('#1b3f8b', 'argencard', W, 7),
  'tarjeta-shopping': [
    face('#e30613'),
    T('Tarjeta', 20, 11, 5, W, 16, 'n'),
    T('Shopping', 20, 19, 8, W, 30, 'i'),
  ],
  cencosud: word('#005baa', 'Cencosud', W, 7),
  codensa: word('#e2001a', 'Codensa', W, 7.5),
  carnet: [...word('#006b3f', 'CARNET', W, 8), R(0, 0, 6, 26, '#e30613', 0)],
  rupay: [face(W), T('RuPay', 16, 16.5, 9, '#1b3281', 24, 'i'), ...chevrons(29)],
  troy: [face(W), T('troy', 20, 17.5, 12, '#0d3e4f', 24), C(29.5, 7.5, 1.6, '#00a4a6')],
  mir: [face(W), T('МИР', 20, 17.5, 11, '#0f754e', 26)],
  verve: [
    face(W),
    C(9, 13, 5.5, '#e41f26'),
    T('V', 9, 16, 7, W),
    T('verve', 25, 16, 8, '#00425f', 20),
  ],
  dankort: [
    face('#ed1c24'),
    R(3, 5, 34, 16, W, 8),
    T('Dankort', 20, 15.5, 7.5, '#ed1c24', 26, 'i'),
  ],
};

/** The API's card codes in the payment-method list, to the brand they draw. */
export const codes: Readonly<Record<string, string>> = {
  VI: 'visa',
  VD: 'visa-debit',
  MC: 'mastercard',
  MS: 'maestro',
  AE: 'american-express',
  DC: 'diners',
  DI: 'discover',
  JC: 'jcb',
  UP: 'unionpay',
  EL: 'elo',
  HI: 'hipercard',
  NJ: 'naranja',
  CL: 'cabal',
  AG: 'argencard',
  TS: 'tarjeta-shopping',
  CS: 'cencosud',
  CD: 'codensa',
};

const generic: Drawing = [
  [
    'rect',
    {
      x: 0.5,
      y: 0.5,
      width: 39,
      height: 25,
      rx: 4,
      fill: 'none',
      stroke: 'currentColor',
      'stroke-opacity': 0.5,
    },
  ],
  ['rect', { x: 4, y: 7, width: 32, height: 4, fill: 'currentColor', 'fill-opacity': 0.35 }],
  [
    'rect',
    { x: 4, y: 16, width: 12, height: 3, rx: 1, fill: 'currentColor', 'fill-opacity': 0.35 },
  ],
];

const NS = 'http://www.w3.org/2000/svg';
const built = new Map<string, SVGSVGElement>();

export function draw(
  key: string,
  name: string,
  drawing: Drawing,
  [width, height] = [40, 26],
): SVGSVGElement {
  let svg = built.get(key);
  if (!svg) {
    svg = document.createElementNS(NS, 'svg');
    const attrs = {
      viewBox: `0 0 ${width} ${height}`,
      width,
      height,
      'aria-hidden': 'true',
      focusable: 'false',
      'font-family': 'system-ui,Arial,sans-serif',
      'font-weight': 700,
      'data-mark': name,
    };
    for (const [k, v] of Object.entries(attrs)) svg.setAttribute(k, String(v));
    for (const [tag, shapeAttrs, text] of drawing) {
      const node = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(shapeAttrs)) node.setAttribute(k, String(v));
      if (text) node.textContent = text;
      svg.append(node);
    }
    built.set(key, svg);
  }
  return svg.cloneNode(true) as SVGSVGElement;
}

/**
 * A card brand's mark, 40×26 and `aria-hidden` (name the brand in text beside it):
 * by core's brand `id` (`visa`, `american-express`) or the API's code (`VI`, `AE`).
 * An unknown or missing id draws a generic card in `currentColor` (`data-mark="generic"`).
 */
export function brandMark(id: string | undefined): SVGSVGElement {
  const key = id && (brands[id] ? id : codes[id]);
  return key ? draw(key, key, brands[key]!) : draw('', 'generic', generic);
}

/**
 * Where the security code is, 34×22 and `aria-hidden` (the field's title says it in words): a
 * small card seen from the front (the code above the number, as American Express prints it)
 * or from the back (the signature strip), the code's box in the accent colour.
 */
export function cvvMark(front: boolean): SVGSVGElement {
  const accent = 'var(--_accent)';
  const box = (x: number, y: number, width: number, height: number): Shape => [
    'rect',
    { x, y, width, height, rx: 1.5, fill: 'none', stroke: accent, 'stroke-width': 1.5 },
  ];
  const outline: Shape = [
    'rect',
    {
      x: 0.5,
      y: 0.5,
      width: 33,
      height: 21,
      rx: 3,
      fill: 'none',
      stroke: 'currentColor',
      'stroke-opacity': 0.55,
    },
  ];
  const shade = (
    x: number,
    y: number,
    width: number,
    height: number,
    opacity: number,
    rx = 0,
  ): Shape => ['rect', { x, y, width, height, rx, fill: 'currentColor', 'fill-opacity': opacity }];
  const drawing: Drawing = front
    ? [outline, shade(4, 13, 20, 2.5, 0.35, 1), box(20, 5, 11, 6), R(22, 7.2, 7, 1.6, accent)]
    : [
        outline,
        shade(1, 3.5, 32, 4.5, 0.55),
        shade(4, 11, 18, 5, 0.18),
        box(21.5, 9.5, 9.5, 8),
        R(23.5, 12.7, 5.5, 1.6, accent),
      ];
  return draw(`cvv:${front}`, front ? 'cvv-front' : 'cvv-back', drawing, [34, 22]);
}
