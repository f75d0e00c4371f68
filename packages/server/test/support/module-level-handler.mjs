// A merchant's module as a framework's build loads it (a SvelteKit +server.ts, a Next.js
// route): the handler made at the top level, its options read from the environment only when
// the first request comes.
import { PaymentsClient, createCheckoutHandler, toFetchHandler } from '@paylit/server';

const handler = createCheckoutHandler(() => ({
  client: PaymentsClient.fromEnv(process.env),
  publicKey: process.env.PAYLIT_PUBLIC_KEY,
  publicUrl: process.env.PAYLIT_PUBLIC_URL,
  returnUrl: process.env.PAYLIT_RETURN_URL,
  allowedOrigins: (process.env.PAYLIT_ALLOWED_ORIGINS ?? '').split(','),
}));

export const paylit = toFetchHandler(handler, {
  basePath: '/paylit',
  clientAddress: () => '203.0.113.9',
});
