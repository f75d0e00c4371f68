// What the forwarding benchmark's processes share: the merchant's credentials, the order, and the
// API's two answers to it (its payment, PAID, and no payment yet).
export const credentials = {
  login: 'bench-login',
  transKey: 'bench-trans',
  secretKey: 'bench-secret-key',
};
export const order = {
  id: 'BENCH-1',
  amount: 120,
  currency: 'BRL',
  country: 'BR',
  payer: { name: 'Thiago Gabriel', email: 'thiago@example.com', document: '53033315550' },
};

/** The API's answer to the card payment the bench forwards: a PAID record, as JSON. */
export const record = JSON.stringify({
  id: 'D-1-00000000-0000-0000-0000-000000000000',
  amount: 120,
  currency: 'BRL',
  payment_method_id: 'CARD',
  payment_method_type: 'CARD',
  payment_method_flow: 'DIRECT',
  country: 'BR',
  card: {
    holder_name: 'Thiago Gabriel',
    expiration_month: 10,
    expiration_year: 2040,
    brand: 'VI',
    last4: '1111',
  },
  created_date: '2026-11-22T00:00:00.000+0000',
  approved_date: '2026-11-22T00:00:00.000+0000',
  status: 'PAID',
  status_detail: 'The payment was paid.',
  status_code: '200',
  order_id: 'BENCH-1.x',
  three_dsecure: {},
  refunds: [],
});
/** The API's answer to `GET /orders/…` for an order it has no payment of. */
export const notFound = JSON.stringify({
  code: 4000,
  message: 'Payment not found',
  param: 'order_id',
});
