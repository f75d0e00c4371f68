// The demo shop's scenarios: what the merchant's backend puts in an order for each case the
// checkout must handle. Used by the demo server (to create orders) and by the pages (to
// show the picker). The sandbox decides outcomes from the request: see its README.

const brazilian = {
  name: 'Thiago Gabriel',
  email: 'thiago@example.com',
  document: '53033315550',
  phone: '+5511999999999',
};
const mexican = {
  name: 'Mariana Ruiz',
  email: 'mariana@example.com',
  document: 'RUMA900101MDFXXX06',
};
const argentine = { name: 'Lucía Fernández', email: 'lucia@example.com', document: '30111222' };
const southAfrican = {
  name: 'Ayanda Dlamini',
  email: 'ayanda@example.com',
  document: '8001015009087',
  address: {
    state: 'WC',
    city: 'Cape Town',
    zip_code: '8001',
    street: 'Long Street',
    number: '12',
  },
};

/**
 * @typedef {{ id: string, label: string, hint: string, order: Record<string, unknown>, savedCards?: string[] }} Scenario
 * @type {readonly Scenario[]}
 */
export const scenarios = [
  {
    id: 'pay',
    label: 'Pay',
    hint: 'Any valid card is charged at once. Try 4111 1111 1111 1111.',
    order: {
      amount: 120,
      currency: 'BRL',
      country: 'BR',
      payer: brazilian,
      methods: ['CARD'],
      installments: false,
    },
  },
  {
    id: 'authorize',
    label: 'Authorize, capture later',
    hint: 'The card is authorized; capture part of it from the back office, then refund.',
    order: {
      amount: 250,
      currency: 'BRL',
      country: 'BR',
      payer: brazilian,
      intent: 'authorize',
      methods: ['CARD'],
      installments: false,
    },
  },
  {
    id: 'verify',
    label: 'Verify a card',
    hint: 'A zero-amount check of the card: nothing is charged.',
    order: {
      amount: 1,
      currency: 'BRL',
      country: 'BR',
      payer: brazilian,
      intent: 'verify',
      methods: ['CARD'],
      installments: false,
    },
  },
  {
    id: '3ds',
    label: '3-D Secure',
    hint: "South African cards are challenged: approve or reject on the bank's page.",
    order: {
      amount: 499,
      currency: 'ZAR',
      country: 'ZA',
      payer: southAfrican,
      methods: ['CARD'],
      installments: false,
    },
  },
  {
    id: 'decline',
    label: 'A decline',
    hint: 'The order asks the sandbox to refuse with a code (302: insufficient funds).',
    order: {
      amount: 120,
      currency: 'BRL',
      country: 'BR',
      payer: brazilian,
      description: 'Decline 302',
      methods: ['CARD'],
      installments: false,
    },
  },
  {
    id: 'wallet',
    label: 'Wallet or bank',
    hint: "Pick Mercado Pago, PicPay or Pix: the payer is sent to the method's page and back.",
    order: { amount: 89.9, currency: 'BRL', country: 'BR', payer: brazilian, installments: false },
  },
  {
    id: 'installments-br',
    label: 'Installments, Brazil',
    hint: 'Type a card number: plans up to 12×, interest-free up to 3×.',
    order: { amount: 1200, currency: 'BRL', country: 'BR', payer: brazilian, methods: ['CARD'] },
  },
  {
    id: 'installments-mx',
    label: 'Installments, Mexico',
    hint: 'Meses sin intereses for the typed card.',
    order: { amount: 6000, currency: 'MXN', country: 'MX', payer: mexican, methods: ['CARD'] },
  },
  {
    id: 'installments-ar',
    label: 'Installments, Argentina',
    hint: 'Cuotas for the typed card.',
    order: { amount: 90000, currency: 'ARS', country: 'AR', payer: argentine, methods: ['CARD'] },
  },
  {
    id: 'returning',
    label: 'Returning payer',
    hint: 'Two saved cards, or a new one.',
    order: {
      amount: 120,
      currency: 'BRL',
      country: 'BR',
      payer: brazilian,
      methods: ['CARD'],
      installments: false,
    },
    savedCards: ['5555555555554444', '4111111111111111'],
  },
  {
    id: 'save-card',
    label: 'Save the card',
    hint: 'The order offers to save the card: tick the box, pay, and the next order offers it.',
    order: {
      amount: 120,
      currency: 'BRL',
      country: 'BR',
      payer: brazilian,
      methods: ['CARD'],
      installments: false,
      offerToSaveCard: true,
    },
  },
  {
    id: 'pix',
    label: 'Pix',
    hint: "Pick Pix QR: its QR code and copy-and-paste code show in the page, with a countdown; pay it (the log's link settles it in the sandbox) and the checkout turns paid by itself.",
    order: {
      amount: 120,
      currency: 'BRL',
      country: 'BR',
      payer: brazilian,
      methods: ['CARD', 'PQ'],
      installments: false,
    },
  },
  {
    id: 'pix-only',
    label: 'Pix only',
    hint: 'An order only Pix can pay: no card fields, Pix is chosen; Pay shows its QR code in the page.',
    order: {
      amount: 80,
      currency: 'BRL',
      country: 'BR',
      payer: { name: 'Thiago Gabriel', email: 'thiago@example.com', document: '53033315550' },
      methods: ['PQ'],
      installments: false,
    },
  },
  {
    id: 'boleto',
    label: 'Boleto',
    hint: 'The Boleto shows in the page: its typed line to copy, its ITF barcode, the due date and the printable voucher.',
    order: { amount: 120, currency: 'BRL', country: 'BR', payer: brazilian, methods: ['BL'] },
  },
  {
    id: 'oxxo',
    label: 'OXXO or SPEI',
    hint: 'Pick OXXO (a reference and a Code 128 barcode to pay in cash) or SPEI (a CLABE to transfer to): each shows in the page and turns paid when it is paid.',
    order: { amount: 500, currency: 'MXN', country: 'MX', payer: mexican, methods: ['OX', 'SE'] },
  },
  ...cashScenarios(),
  {
    id: 'subscription',
    label: 'Subscription',
    hint: "A monthly plan: subscribe by Pix Automático (its terms, then the payer's bank: POST /shop/sandbox/enrollment/<order id>/authorize or /reject, and the page follows by itself) or by card, which needs the recurring-charges consent ticked.",
    // A getter: the plan starts a week from the day the order is made.
    get order() {
      return {
        amount: 39.9,
        currency: 'BRL',
        country: 'BR',
        payer: brazilian,
        methods: ['XA', 'CARD'],
        installments: false,
        description: 'Paylit Club, monthly',
        plan: {
          frequency: 'MONTHLY',
          amount: { type: 'FIXED', value: 39.9 },
          startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        },
      };
    },
  },
  ...payerScenarios(),
];

/**
 * Each other market's cash vouchers and bank transfers: a reference and a barcode to pay at a
 * counter (Code 128; Baloto's GS1-128), or the account to transfer to, shown in the page and
 * followed until paid.
 * @returns {Scenario[]}
 */
function cashScenarios() {
  /** @type {[string, string, string, number, Record<string, unknown>, string[], string][]} */
  const markets = [
    ['AR', 'Argentina', 'ARS', 25000, argentine, ['RP', 'PF', 'IO'], 'Rapipago or Pago Fácil (a reference and a Code 128 barcode to pay in cash) or a bank transfer (a CBU)'],
    ['CL', 'Chile', 'CLP', 15000, { name: 'Matías Soto', email: 'matias@example.com', document: '11111111-1' }, ['SP'], 'Servipag (a number and a Code 128 barcode to pay in cash)'],
    ['CO', 'Colombia', 'COP', 80000, { name: 'Camila Gómez', email: 'camila@example.com', document: '1020304050' }, ['EY', 'BU'], 'Efecty (a Code 128 barcode) or Baloto (a GS1-128 barcode), to pay in cash'],
    ['PE', 'Peru', 'PEN', 150, { name: 'Rosa Quispe', email: 'rosa@example.com', document: '45612378' }, ['EF', 'BC', 'IB', 'BP'], "PagoEfectivo (a code to pay in cash or at a bank) or a transfer from BCP, Interbank or BBVA (the bank's payment reference)"],
  ]; // prettier-ignore
  return markets.map(([country, name, currency, amount, payer, methods, how]) => ({
    id: `cash-${country.toLowerCase()}`,
    label: `Cash or transfer, ${name}`,
    hint: `Pick ${how}: each shows in the page and turns paid when it is paid.`,
    order: { amount, currency, country, payer, methods },
  }));
}

/**
 * Orders that leave out some of the payer's details, as a cross-border merchant's often do: the
 * checkout asks the shopper for what each country's payments need (a CPF or CNPJ, a CUIT, a
 * RUT…; in India the PAN, phone, birth date and the full address; in South Africa the address).
 * @returns {Scenario[]}
 */
function payerScenarios() {
  /** @type {[string, string, string, number, Record<string, unknown>, string][]} */
  const markets = [
    ['BR', 'Brazil', 'BRL', 120, { name: 'Ana Lima', email: 'ana@example.com' }, 'a CPF or a CNPJ'],
    ['AR', 'Argentina', 'ARS', 5000, { name: 'Lucía Pérez', email: 'lucia@example.com' }, 'a DNI, CUIT or CUIL'],
    ['CL', 'Chile', 'CLP', 15000, { name: 'Matías Soto', email: 'matias@example.com' }, 'a RUT'],
    ['CO', 'Colombia', 'COP', 50000, { name: 'Camila Gómez', email: 'camila@example.com' }, 'a CC or a NIT'],
    ['MX', 'Mexico', 'MXN', 500, { name: 'Guadalupe Hernández' }, 'the e-mail and a CURP or RFC'],
    ['PE', 'Peru', 'PEN', 100, { name: 'Rosa Quispe', email: 'rosa@example.com' }, 'a DNI or a RUC'],
    ['UY', 'Uruguay', 'UYU', 1000, { name: 'Martina Silva', email: 'martina@example.com' }, 'a CI or a RUT'],
    ['IN', 'India', 'INR', 1500, { name: 'Asha Rao', email: 'asha@example.com' }, 'the PAN, phone, birth date and the full address (cross-border)'],
    ['ZA', 'South Africa', 'ZAR', 499, { name: 'Thandi Nkosi', email: 'thandi@example.com', document: '8001015009087' }, 'the full address'],
  ]; // prettier-ignore
  return markets.map(([country, name, currency, amount, payer, asks]) => ({
    id: `payer-${country.toLowerCase()}`,
    label: `Payer details, ${name}`,
    hint: `The order has only some of the payer's details: the checkout asks for ${asks}.`,
    order: { amount, currency, country, payer, methods: ['CARD'], installments: false },
  }));
}

/** The scenario with this id, or the first. */
export function scenario(id) {
  return scenarios.find((s) => s.id === id) ?? scenarios[0];
}
