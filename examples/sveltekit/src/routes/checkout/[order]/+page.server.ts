import { clientSecretFor, PaymentsClient } from '@paylit/server';

/** The page's data: the order's client secret, made on the server (never the bare order id). */
export const load = async ({ params }: { params: { order: string } }) => {
  // Your own access check goes here: is this shopper the payer of this order?
  return { secret: await clientSecretFor(PaymentsClient.fromEnv(process.env), params.order) };
};
