import { PaymentsClient, createCheckoutHandler, toFetchHandler } from '@paylit/server';

/**
 * paylit's routes under /paylit. The options are a function, called on the first request:
 * `vite build` loads this module with no PAYLIT_* variables, and reads none of them.
 */
export const handler = createCheckoutHandler(() => ({
  client: PaymentsClient.fromEnv(process.env),
  publicKey: process.env.PAYLIT_PUBLIC_KEY!,
  publicUrl: process.env.PAYLIT_PUBLIC_URL!,
  returnUrl: process.env.PAYLIT_RETURN_URL!,
  allowedOrigins: (process.env.PAYLIT_ALLOWED_ORIGINS ?? '').split(','),
  apiToken: process.env.PAYLIT_API_TOKEN,
}));

/** SvelteKit's own word for the shopper's address: its adapter's `getClientAddress()`. */
export const paylit = toFetchHandler(handler, {
  basePath: '/paylit',
  clientAddress: (_request, event: { getClientAddress(): string }) => event.getClientAddress(),
});
