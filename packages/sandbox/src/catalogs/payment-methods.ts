/**
 * The payment methods of each country, shaped as `GET /payments-methods` answers them:
 * `{id, type, name, logo, allowed_flows}`. Card brands take their names and codes from
 * core's brand table; wallets add the `<PROVIDER>_PAY` code that `card.wallet_type`
 * carries for card-based wallets. Logos are SVGs the sandbox serves itself.
 */
import { getBrand } from '@paylit/core/card';
import { countries } from './countries.js';

export type MethodType = 'CARD' | 'WALLET' | 'BANK_TRANSFER' | 'TICKET';
type Flow = 'DIRECT' | 'REDIRECT';

export interface PaymentMethod {
  id: string;
  type: MethodType;
  name: string;
  allowed_flows: Flow[];
  /** Card-based wallets: the `card.wallet_type` value. */
  wallet_type?: string;
  /** The logo's colour, for the SVG the sandbox draws. */
  color: string;
}

const BOTH: Flow[] = ['DIRECT', 'REDIRECT'];
const REDIRECT: Flow[] = ['REDIRECT'];

function card(code: string, color: string): PaymentMethod {
  const brand = getBrand(code);
  if (!brand) throw new Error(`no brand ${code} in core's table`);
  return { id: code, type: 'CARD', name: brand.name, allowed_flows: BOTH, color };
}

const cards = {
  VI: card('VI', '#1a1f71'),
  VD: card('VD', '#1a1f71'),
  MC: card('MC', '#eb001b'),
  AE: card('AE', '#2e77bb'),
  DC: card('DC', '#0079be'),
  EL: card('EL', '#000000'),
  HI: card('HI', '#b3131b'),
  NJ: card('NJ', '#ff6b00'),
  CL: card('CL', '#00599c'),
  AG: card('AG', '#1b3f8b'),
  TS: card('TS', '#e30613'),
  CS: card('CS', '#005baa'),
  CD: card('CD', '#e2001a'),
  JC: card('JC', '#0e4c96'),
};

const wallet = (id: string, name: string, color: string, flows: Flow[] = BOTH, wallet_type?: string): PaymentMethod => ({
  id, type: 'WALLET', name, allowed_flows: flows, color, ...(wallet_type ? { wallet_type } : {}),
});
const bank = (id: string, name: string, color: string): PaymentMethod => ({ id, type: 'BANK_TRANSFER', name, allowed_flows: REDIRECT, color });
const ticket = (id: string, name: string, color: string): PaymentMethod => ({ id, type: 'TICKET', name, allowed_flows: BOTH, color });

const applePay = wallet('AP', 'Apple Pay', '#000000', ['DIRECT'], 'APPLE_PAY');
const googlePay = wallet('GP', 'Google Pay', '#4285f4', ['DIRECT'], 'GOOGLE_PAY');
const mercadoPago = wallet('MP', 'Mercado Pago', '#00b1ea', BOTH, 'MERCADOPAGO_PAY');
const card_ = { id: 'CARD', type: 'CARD', name: 'Card', allowed_flows: BOTH, color: '#334155' } satisfies PaymentMethod;

export const paymentMethods: Readonly<Record<string, readonly PaymentMethod[]>> = {
  AR: [card_, cards.VI, cards.MC, cards.AE, cards.DC, cards.NJ, cards.CL, cards.AG, cards.TS, cards.CS, mercadoPago, ticket('RP', 'Rapipago', '#e4002b'), ticket('PF', 'Pago Fácil', '#ffd100')],
  BR: [card_, cards.VI, cards.VD, cards.MC, cards.EL, cards.HI, cards.AE, cards.DC, applePay, googlePay, mercadoPago, wallet('PP', 'PicPay', '#21c25e'), bank('PX', 'Pix', '#32bcad'), ticket('BL', 'Boleto Bancário', '#1e293b')],
  CL: [card_, cards.VI, cards.MC, cards.AE, cards.DC, applePay, googlePay, wallet('MH', 'MACH', '#6b2c91'), bank('WP', 'Webpay', '#d5006d'), ticket('SP', 'Servipag', '#00a0df')],
  CO: [card_, cards.VI, cards.MC, cards.AE, cards.DC, cards.CD, applePay, googlePay, wallet('NQ', 'Nequi', '#200020'), bank('PC', 'PSE', '#0c5fa8'), ticket('EY', 'Efecty', '#ffdd00')],
  MX: [card_, cards.VI, cards.MC, cards.AE, applePay, googlePay, mercadoPago, bank('SE', 'SPEI', '#0b3d91'), ticket('OX', 'OXXO', '#e21b22')],
  PE: [card_, cards.VI, cards.MC, cards.AE, cards.DC, applePay, googlePay, wallet('YP', 'Yape', '#742284'), bank('BC', 'BCP', '#002a8d'), ticket('EF', 'PagoEfectivo', '#fbb900')],
  UY: [card_, cards.VI, cards.MC, cards.AE, mercadoPago, bank('BU', 'BROU', '#003da5'), ticket('AI', 'Abitab', '#004b93'), ticket('RE', 'Redpagos', '#e30613')],
  IN: [card_, cards.VI, cards.MC, cards.AE, wallet('PW', 'Paytm', '#00baf2', REDIRECT), bank('UI', 'UPI', '#097939'), bank('NB', 'Netbanking', '#1f4e79')],
  ZA: [card_, cards.VI, cards.MC, cards.AE, cards.DC, applePay, googlePay, wallet('SS', 'SnapScan', '#0072bc', REDIRECT), bank('OZ', 'Ozow', '#00c1a2')],
  TR: [card_, cards.VI, cards.MC, cards.AE, wallet('PA', 'Papara', '#000000', REDIRECT), bank('HV', 'Havale/EFT', '#c8102e')],
  PH: [card_, cards.VI, cards.MC, cards.JC, wallet('GC', 'GCash', '#007dfe', REDIRECT)],
  MY: [card_, cards.VI, cards.MC, wallet('TG', "Touch 'n Go eWallet", '#005abb', REDIRECT), bank('FX', 'FPX', '#1b4f9c')],
};

// Every country has a catalog.
for (const country of Object.keys(countries)) if (!paymentMethods[country]) throw new Error(`no payment methods for ${country}`);

/** The method with this id in `country`, if the country offers it. */
export function findMethod(country: string, id: string): PaymentMethod | undefined {
  return paymentMethods[country]?.find((m) => m.id === id);
}

/** A logo: the method's initials on its colour, as an SVG. */
export function logoSvg(method: Pick<PaymentMethod, 'id' | 'name' | 'color'>): string {
  const label = method.id.replace(/[^A-Z0-9]/g, '').slice(0, 4);
  const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="40" viewBox="0 0 64 40" role="img" aria-label="${escape(method.name)}">` +
    `<rect width="64" height="40" rx="6" fill="${method.color}"/>` +
    `<text x="32" y="25" font-family="sans-serif" font-size="14" font-weight="700" fill="#fff" text-anchor="middle">${escape(label)}</text></svg>`;
}
