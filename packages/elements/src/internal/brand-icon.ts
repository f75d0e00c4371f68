/**
 * An inline SVG icon for every brand of core's table, drawn from its colours and a short
 * mark (no image requests, nothing to load). Unknown brands get a generic card.
 */
import { svg, type SVGTemplateResult } from 'lit';

const marks: Readonly<Record<string, [fill: string, label: string, text?: string]>> = {
  visa: ['#1a1f71', 'VISA'],
  'visa-debit': ['#1a1f71', 'VISA', 'DEBIT'],
  mastercard: ['#231f20', ''],
  maestro: ['#0099df', ''],
  'american-express': ['#2e77bb', 'AMEX'],
  diners: ['#0079be', 'DINERS'],
  discover: ['#ff6000', 'DISC'],
  jcb: ['#0e4c96', 'JCB'],
  unionpay: ['#d10429', 'UP'],
  elo: ['#000000', 'elo'],
  hipercard: ['#b3131b', 'HIPER'],
  hiper: ['#f47920', 'Hiper'],
  aura: ['#2d5aa0', 'AURA'],
  naranja: ['#fe5000', 'N'],
  cabal: ['#00599c', 'CABAL'],
  argencard: ['#1b3f8b', 'ARGEN'],
  'tarjeta-shopping': ['#e30613', 'TS'],
  cencosud: ['#005baa', 'CENC'],
  codensa: ['#e2001a', 'CODEN'],
  carnet: ['#00a651', 'CARNET'],
  rupay: ['#097939', 'RuPay'],
  troy: ['#00a4a6', 'TROY'],
  mir: ['#0f754e', 'МИР'],
  verve: ['#00425f', 'VERVE'],
  dankort: ['#ed1c24', 'DK'],
};

/** The brand's icon, 40×26; `undefined` id gives the generic card. */
export function brandIcon(id: string | undefined): SVGTemplateResult {
  const mark = id ? marks[id] : undefined;
  if (!mark) {
    return svg`<svg viewBox="0 0 40 26" width="40" height="26" aria-hidden="true"><rect x="0.5" y="0.5" width="39" height="25" rx="4" fill="none" stroke="currentColor" opacity=".5"/><rect x="4" y="7" width="32" height="4" fill="currentColor" opacity=".35"/><rect x="4" y="16" width="12" height="3" rx="1" fill="currentColor" opacity=".35"/></svg>`;
  }
  const [fill, label, sub] = mark;
  if (id === 'mastercard' || id === 'maestro') {
    const right = id === 'mastercard' ? '#f79e1b' : '#e6001f';
    const left = id === 'mastercard' ? '#eb001b' : '#0099df';
    return svg`<svg viewBox="0 0 40 26" width="40" height="26" aria-hidden="true"><rect width="40" height="26" rx="4" fill="${fill}"/><circle cx="16" cy="13" r="7" fill="${left}"/><circle cx="24" cy="13" r="7" fill="${right}" fill-opacity=".9"/></svg>`;
  }
  return svg`<svg viewBox="0 0 40 26" width="40" height="26" aria-hidden="true"><rect width="40" height="26" rx="4" fill="${fill}"/><text x="20" y="${sub ? 13 : 16.5}" font-family="system-ui,sans-serif" font-size="${label.length > 4 ? 7 : 9}" font-weight="700" fill="#fff" text-anchor="middle">${label}</text>${sub ? svg`<text x="20" y="21" font-family="system-ui,sans-serif" font-size="5" fill="#fff" text-anchor="middle">${sub}</text>` : ''}</svg>`;
}

/** Brands that have an icon of their own (a spec checks every brand of core has one). */
export const brandsWithIcons: readonly string[] = Object.keys(marks);
