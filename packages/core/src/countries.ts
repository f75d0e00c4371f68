/**
 * `@paylit/core/countries`: the countries the API serves, in one table. Each has the
 * currencies the API takes there (the local one first, then USD), its card brands and other
 * payment methods with their flows, and whether its payments offer installments, need 3-D
 * Secure, a full address or the payer's IP. The sandbox's catalogs, the schemas and the
 * server read it from here. Data only, no zod: it runs in the browser as well.
 *
 * @example
 * countries.PA.currencies           // ['USD']
 * acceptsCurrency('CL', 'USD')      // true
 * acceptsCurrency('BR', 'ARS')      // false
 * requiresThreeDSecure('IN')        // true
 */

export type PaymentFlow = 'DIRECT' | 'REDIRECT';
export type PaymentMethodType = 'CARD' | 'WALLET' | 'BANK_TRANSFER' | 'TICKET';

/** A payment method of a country other than a card brand: a wallet, a bank transfer or a cash voucher. */
export interface CountryMethod {
  /** The code sent as `payment_method_id`. */
  readonly id: string;
  readonly type: PaymentMethodType;
  readonly name: string;
  /** The flows a payment with this method may use. */
  readonly flows: readonly PaymentFlow[];
  /** Card-based wallets: the `card.wallet_type` value (`APPLE_PAY`…). */
  readonly walletType?: string;
}

export interface Country {
  /** The country's name in English. */
  readonly name: string;
  /** The currencies a payment may be in: the local one first, then USD (alone where USD is local). */
  readonly currencies: readonly string[];
  /** Card brands taken, as the API's codes of core's brand table (`VI`, `MC`…). */
  readonly cards: readonly string[];
  /** Wallets, bank transfers and cash vouchers. */
  readonly methods: readonly CountryMethod[];
  /** Whether card payments may be paid in installments. */
  readonly installments: boolean;
  /** Whether every card payment goes through 3-D Secure. */
  readonly threeDSecure: boolean;
  /** Whether `payer.address` with all five fields is required on every payment. */
  readonly addressRequired: boolean;
  /** Whether `payer.ip` is required. */
  readonly ipRequired: boolean;
}

/**
 * How many decimals the API takes in each currency of the table: ISO 4217's minor units as
 * `Intl` gives them, except where the API's own rule differs (COP has none, although ISO
 * gives it two). `currencyDecimals` in `@paylit/core/money` answers the same.
 */
export const currencies: Readonly<Record<string, { readonly decimals: number }>> = {
  ARS: { decimals: 2 },
  BOB: { decimals: 2 },
  BRL: { decimals: 2 },
  CLP: { decimals: 0 },
  COP: { decimals: 0 },
  CRC: { decimals: 2 },
  DOP: { decimals: 2 },
  USD: { decimals: 2 },
  GTQ: { decimals: 2 },
  HNL: { decimals: 2 },
  MXN: { decimals: 2 },
  NIO: { decimals: 2 },
  PYG: { decimals: 0 },
  PEN: { decimals: 2 },
  UYU: { decimals: 2 },
  INR: { decimals: 2 },
  ZAR: { decimals: 2 },
  TRY: { decimals: 2 },
  IDR: { decimals: 0 },
  MYR: { decimals: 2 },
  PHP: { decimals: 2 },
  THB: { decimals: 2 },
  VND: { decimals: 0 },
  NGN: { decimals: 2 },
  KES: { decimals: 2 },
  EGP: { decimals: 2 },
  CNY: { decimals: 2 },
  JPY: { decimals: 0 },
};

const BOTH: readonly PaymentFlow[] = ['DIRECT', 'REDIRECT'];
const REDIRECT: readonly PaymentFlow[] = ['REDIRECT'];
const DIRECT: readonly PaymentFlow[] = ['DIRECT'];

const wallet = (
  id: string,
  name: string,
  flows: readonly PaymentFlow[] = BOTH,
  walletType?: string,
): CountryMethod => ({ id, type: 'WALLET', name, flows, ...(walletType ? { walletType } : {}) });
const transfer = (
  id: string,
  name: string,
  flows: readonly PaymentFlow[] = REDIRECT,
): CountryMethod => ({ id, type: 'BANK_TRANSFER', name, flows });
const voucher = (
  id: string,
  name: string,
  flows: readonly PaymentFlow[] = BOTH,
): CountryMethod => ({ id, type: 'TICKET', name, flows });

const applePay = wallet('AP', 'Apple Pay', DIRECT, 'APPLE_PAY');
const googlePay = wallet('GP', 'Google Pay', DIRECT, 'GOOGLE_PAY');
const mercadoPago = wallet('MP', 'Mercado Pago', BOTH, 'MERCADOPAGO_PAY');
const pagoEfectivo = voucher('EF', 'PagoEfectivo');

interface Rules {
  installments?: boolean;
  threeDSecure?: boolean;
  addressRequired?: boolean;
  ipRequired?: boolean;
}

function country(
  name: string,
  local: string,
  cards: readonly string[],
  methods: readonly CountryMethod[],
  rules: Rules = {},
): Country {
  return {
    name,
    currencies: local === 'USD' ? ['USD'] : [local, 'USD'],
    cards,
    methods,
    installments: rules.installments ?? false,
    threeDSecure: rules.threeDSecure ?? false,
    addressRequired: rules.addressRequired ?? false,
    ipRequired: rules.ipRequired ?? false,
  };
}

const CARDS = ['VI', 'MC', 'AE'];

/**
 * Every country the API serves, by ISO 3166-1 alpha-2 code. The cash vouchers and bank
 * transfers paid in the DIRECT flow, and the methods only paid by REDIRECT (PSE, Webpay,
 * Abitab, Redpagos), are the API's own codes.
 */
export const countries: Readonly<Record<string, Country>> = {
  AR: country(
    'Argentina',
    'ARS',
    ['VI', 'MC', 'AE', 'DC', 'NJ', 'CL', 'AG', 'TS', 'CS'],
    [
      mercadoPago,
      voucher('RP', 'Rapipago'),
      voucher('PF', 'Pago Fácil'),
      transfer('IO', 'Transferencia bancaria', BOTH),
    ],
    { installments: true },
  ),
  BO: country('Bolivia', 'BOB', CARDS, []),
  BR: country(
    'Brazil',
    'BRL',
    ['VI', 'VD', 'MC', 'EL', 'HI', 'AE', 'DC'],
    [
      applePay,
      googlePay,
      mercadoPago,
      wallet('PP', 'PicPay'),
      transfer('PX', 'Pix'),
      voucher('BL', 'Boleto Bancário'),
      voucher('PQ', 'Pix QR', DIRECT),
    ],
    { installments: true },
  ),
  CL: country(
    'Chile',
    'CLP',
    ['VI', 'MC', 'AE', 'DC'],
    [
      applePay,
      googlePay,
      wallet('MH', 'MACH'),
      transfer('WP', 'Webpay'),
      voucher('SP', 'Servipag'),
    ],
    { installments: true },
  ),
  CO: country(
    'Colombia',
    'COP',
    ['VI', 'MC', 'AE', 'DC', 'CD'],
    [
      applePay,
      googlePay,
      wallet('NQ', 'Nequi'),
      transfer('PC', 'PSE'),
      voucher('EY', 'Efecty'),
      voucher('BU', 'Baloto'),
    ],
    { installments: true },
  ),
  CR: country('Costa Rica', 'CRC', CARDS, []),
  DO: country('Dominican Republic', 'DOP', CARDS, []),
  EC: country('Ecuador', 'USD', ['VI', 'MC', 'AE', 'DC'], [pagoEfectivo]),
  SV: country('El Salvador', 'USD', CARDS, []),
  GT: country('Guatemala', 'GTQ', CARDS, []),
  HN: country('Honduras', 'HNL', CARDS, []),
  MX: country(
    'Mexico',
    'MXN',
    ['VI', 'MC', 'AE'],
    [applePay, googlePay, mercadoPago, transfer('SE', 'SPEI', BOTH), voucher('OX', 'OXXO')],
    { installments: true },
  ),
  NI: country('Nicaragua', 'NIO', CARDS, []),
  PA: country('Panama', 'USD', CARDS, []),
  PY: country('Paraguay', 'PYG', CARDS, []),
  PE: country(
    'Peru',
    'PEN',
    ['VI', 'MC', 'AE', 'DC'],
    [
      applePay,
      googlePay,
      wallet('YP', 'Yape'),
      transfer('BC', 'BCP', BOTH),
      transfer('IB', 'Interbank', BOTH),
      transfer('BP', 'BBVA', BOTH),
      pagoEfectivo,
    ],
    { installments: true },
  ),
  UY: country(
    'Uruguay',
    'UYU',
    ['VI', 'MC', 'AE'],
    [mercadoPago, voucher('AI', 'Abitab', REDIRECT), voucher('RE', 'Redpagos', REDIRECT)],
    { installments: true },
  ),
  IN: country(
    'India',
    'INR',
    ['VI', 'MC', 'AE'],
    [wallet('PW', 'Paytm', REDIRECT), transfer('UI', 'UPI'), transfer('NB', 'Netbanking')],
    { threeDSecure: true },
  ),
  ZA: country(
    'South Africa',
    'ZAR',
    ['VI', 'MC', 'AE', 'DC'],
    [applePay, googlePay, wallet('SS', 'SnapScan', REDIRECT), transfer('OZ', 'Ozow')],
    { threeDSecure: true, addressRequired: true },
  ),
  TR: country(
    'Turkey',
    'TRY',
    ['VI', 'MC', 'AE'],
    [wallet('PA', 'Papara', REDIRECT), transfer('HV', 'Havale/EFT')],
    { installments: true, ipRequired: true },
  ),
  ID: country('Indonesia', 'IDR', CARDS, []),
  MY: country(
    'Malaysia',
    'MYR',
    ['VI', 'MC'],
    [wallet('TG', "Touch 'n Go eWallet", REDIRECT), transfer('FX', 'FPX')],
    { threeDSecure: true },
  ),
  PH: country('Philippines', 'PHP', ['VI', 'MC', 'JC'], [wallet('GC', 'GCash', REDIRECT)], {
    threeDSecure: true,
  }),
  TH: country('Thailand', 'THB', CARDS, []),
  VN: country('Vietnam', 'VND', CARDS, []),
  NG: country('Nigeria', 'NGN', CARDS, []),
  KE: country('Kenya', 'KES', CARDS, []),
  EG: country('Egypt', 'EGP', CARDS, []),
  CN: country('China', 'CNY', ['UP', 'VI', 'MC'], []),
  JP: country('Japan', 'JPY', ['VI', 'MC', 'JC', 'AE'], []),
};

/** The country's entry, or undefined where the API does not serve it. */
export function countryOf(code: string): Country | undefined {
  return Object.hasOwn(countries, code) ? countries[code] : undefined;
}

/** Whether the API serves `country` (an ISO 3166-1 alpha-2 code). */
export function isServedCountry(country: string): boolean {
  return countryOf(country) !== undefined;
}

/**
 * The country's local currency (USD where it is the local one). What a payer pays a bank
 * transfer in (SPEI, a CBU, Peru's CIP): a transfer moves local money, so the API converts a
 * USD payment and its `bank_transfer.user_payment_amount` is in this currency.
 */
export function localCurrency(country: string): string | undefined {
  return countryOf(country)?.currencies[0];
}

/** Whether a payment in `country` may be in `currency` (its local currency or USD). */
export function acceptsCurrency(country: string, currency: string): boolean {
  return countryOf(country)?.currencies.includes(currency) ?? false;
}

/**
 * Why a payment of `amount` in `currency` cannot be made in `country`, naming the field at
 * fault, or undefined when the API takes it: a country the API does not serve, a currency
 * it does not take there, or decimals the currency does not have (CLP 990.5).
 */
export function marketProblem(
  country: string,
  currency: string,
  amount?: number,
): { param: 'country' | 'currency' | 'amount'; message: string } | undefined {
  const c = countryOf(country);
  if (!c)
    return {
      param: 'country',
      message: `must be a country the payments API serves (${Object.keys(countries).join(', ')})`,
    };
  if (!c.currencies.includes(currency))
    return {
      param: 'currency',
      message: `must be ${c.currencies.join(' or ')} for payments in ${country}`,
    };
  const decimals = currencies[currency]!.decimals;
  if (amount !== undefined && Math.round(amount * 10 ** decimals) / 10 ** decimals !== amount) {
    return {
      param: 'amount',
      message:
        decimals === 0
          ? `must be a whole number: ${currency} has no decimals`
          : `must have at most ${decimals} decimals in ${currency}`,
    };
  }
  return undefined;
}

/**
 * Why a subscription plan's amounts (`plan.amount`: its `value`, or its `max` and `min`) cannot
 * be charged in `country` and `currency` (`marketProblem` for each), naming the field at fault
 * (`country`, `currency`, `plan.amount.value`…), or undefined when every period can be.
 */
export function planMarketProblem(
  amount:
    | { type: 'FIXED'; value: number | string }
    | { type: 'VARIABLE'; max: number | string; min?: number | string | undefined },
  country: string,
  currency: string,
): { param: string; message: string } | undefined {
  const amounts: [string, number][] =
    amount.type === 'FIXED'
      ? [['value', Number(amount.value)]]
      : [
          ['max', Number(amount.max)],
          ...(amount.min !== undefined ? [['min', Number(amount.min)] as [string, number]] : []),
        ];
  for (const [key, value] of amounts) {
    const problem = marketProblem(country, currency, value);
    if (problem)
      return {
        param: problem.param === 'amount' ? `plan.amount.${key}` : problem.param,
        message: problem.message,
      };
  }
  return undefined;
}

const where = (rule: (c: Country) => boolean): readonly string[] =>
  Object.keys(countries).filter((code) => rule(countries[code]!));

/** Countries where every card payment goes through 3-D Secure. */
export const threeDSecureCountries: readonly string[] = /* @__PURE__ */ where(
  (c) => c.threeDSecure,
);

/** Countries where `payer.address` with all five fields is required on every payment. */
export const addressRequiredCountries: readonly string[] = /* @__PURE__ */ where(
  (c) => c.addressRequired,
);

/** Countries where `payer.ip` is required. */
export const ipRequiredCountries: readonly string[] = /* @__PURE__ */ where((c) => c.ipRequired);

/** The address fields that a country requiring an address wants, all of them. */
export const addressFields = ['state', 'city', 'zip_code', 'street', 'number'] as const;

/** Payer fields mandatory for cross-border processing in India (with the full address). */
export const indiaCrossBorderPayerFields = ['birth_date', 'phone', 'document', 'address'] as const;

/** Whether 3-D Secure is required for a card payment in `country`. */
export function requiresThreeDSecure(country: string): boolean {
  return countryOf(country)?.threeDSecure ?? false;
}
