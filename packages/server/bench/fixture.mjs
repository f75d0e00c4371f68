// What the forwarding benchmark's processes share: the merchant's credentials and the order.
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
