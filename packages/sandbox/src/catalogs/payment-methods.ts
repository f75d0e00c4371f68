/**
 * The payment methods of each country, a view of core's table of countries shaped as
 * `GET /payments-methods` answers them: `{id, type, name, allowed_flows}` (the route adds
 * the logo). `CARD` comes first, then the country's card brands (named by core's brand
 * table), then its wallets, bank transfers and cash vouchers. Logos are SVGs the sandbox
 * draws itself, in each method's colour.
 */
import { getBrand } from '@paylit/core/card';
import { countries, type PaymentFlow, type PaymentMethodType } from '@paylit/core/countries';

export type MethodType = PaymentMethodType;

export interface PaymentMethod {
  id: string;
  type: MethodType;
  name: string;
  allowed_flows: PaymentFlow[];
  /** Card-based wallets: the `card.wallet_type` value. */
  wallet_type?: string;
  /** The logo's colour, for the SVG the sandbox draws. */
  color: string;
}

/** Logo colours by method name; a method not named here is drawn in slate. */
const colors: Readonly<Record<string, string>> = {
  Visa: '#1a1f71',
  'Visa Débito': '#1a1f71',
  Mastercard: '#eb001b',
  'American Express': '#2e77bb',
  'Diners Club': '#0079be',
  Elo: '#000000',
  Hipercard: '#b3131b',
  Naranja: '#ff6b00',
  Cabal: '#00599c',
  Argencard: '#1b3f8b',
  'Tarjeta Shopping': '#e30613',
  Cencosud: '#005baa',
  Codensa: '#e2001a',
  JCB: '#0e4c96',
  UnionPay: '#e21836',
  'Apple Pay': '#000000',
  'Google Pay': '#4285f4',
  'Mercado Pago': '#00b1ea',
  PicPay: '#21c25e',
  Pix: '#32bcad',
  'Pix QR': '#32bcad',
  'Boleto Bancário': '#1e293b',
  MACH: '#6b2c91',
  Webpay: '#d5006d',
  Servipag: '#00a0df',
  Nequi: '#200020',
  PSE: '#0c5fa8',
  Efecty: '#ffdd00',
  Baloto: '#f7a600',
  SPEI: '#0b3d91',
  OXXO: '#e21b22',
  Yape: '#742284',
  BCP: '#002a8d',
  Interbank: '#00a94f',
  BBVA: '#004481',
  PagoEfectivo: '#fbb900',
  Abitab: '#004b93',
  Redpagos: '#e30613',
  Rapipago: '#e4002b',
  'Pago Fácil': '#ffd100',
  'Transferencia bancaria': '#0f766e',
  Paytm: '#00baf2',
  UPI: '#097939',
  Netbanking: '#1f4e79',
  SnapScan: '#0072bc',
  Ozow: '#00c1a2',
  Papara: '#000000',
  'Havale/EFT': '#c8102e',
  GCash: '#007dfe',
  "Touch 'n Go eWallet": '#005abb',
  FPX: '#1b4f9c',
};
const colorOf = (name: string) => colors[name] ?? '#334155';

/** "A new card", whatever the brand. */
export const CARD_METHOD: PaymentMethod = {
  id: 'CARD',
  type: 'CARD',
  name: 'Card',
  allowed_flows: ['DIRECT', 'REDIRECT'],
  color: '#334155',
};

function card(code: string): PaymentMethod {
  const brand = getBrand(code);
  if (!brand) throw new Error(`no brand ${code} in core's table`);
  return {
    id: code,
    type: 'CARD',
    name: brand.name,
    allowed_flows: ['DIRECT', 'REDIRECT'],
    color: colorOf(brand.name),
  };
}

export const paymentMethods: Readonly<Record<string, readonly PaymentMethod[]>> =
  Object.fromEntries(
    Object.entries(countries).map(([code, c]) => [
      code,
      [
        CARD_METHOD,
        ...c.cards.map(card),
        ...c.methods.map((m): PaymentMethod => ({
          id: m.id,
          type: m.type,
          name: m.name,
          allowed_flows: [...m.flows],
          color: colorOf(m.name),
          ...(m.walletType ? { wallet_type: m.walletType } : {}),
        })),
      ],
    ]),
  );

/** The method with this id in `country`, if the country offers it. */
export function findMethod(country: string, id: string): PaymentMethod | undefined {
  return Object.hasOwn(paymentMethods, country)
    ? paymentMethods[country]!.find((m) => m.id === id)
    : undefined;
}

/** A logo: the method's initials on its colour, as an SVG. */
export function logoSvg(method: Pick<PaymentMethod, 'id' | 'name' | 'color'>): string {
  const label = method.id.replace(/[^A-Z0-9]/g, '').slice(0, 4);
  const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="40" viewBox="0 0 64 40" role="img" aria-label="${escape(method.name)}">` +
    `<rect width="64" height="40" rx="6" fill="${method.color}"/>` +
    `<text x="32" y="25" font-family="sans-serif" font-size="14" font-weight="700" fill="#fff" text-anchor="middle">${escape(label)}</text></svg>`
  );
}
