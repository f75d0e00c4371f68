import { PaymentsClient, createCheckoutHandler, toFetchHandler } from '@paylit/server';

let handle: ((request: Request) => Promise<Response>) | undefined;

/**
 * paylit's routes under /paylit, made on the first request rather than when `next build`
 * loads the module: the credentials are the running server's.
 */
export function paylit(): (request: Request) => Promise<Response> {
  handle ??= toFetchHandler(
    createCheckoutHandler({
      client: PaymentsClient.fromEnv(process.env),
      publicKey: process.env.PAYLIT_PUBLIC_KEY!,
      publicUrl: process.env.PAYLIT_PUBLIC_URL!,
      returnUrl: process.env.PAYLIT_RETURN_URL!,
      allowedOrigins: (process.env.PAYLIT_ALLOWED_ORIGINS ?? '').split(','),
      apiToken: process.env.PAYLIT_API_TOKEN,
      // A route handler is given no socket: the rate limits count each shopper by the
      // X-Forwarded-For entry your proxy (or Next.js itself, when none) writes.
      trustProxy: 1,
    }),
    { basePath: '/paylit' },
  );
  return handle;
}
