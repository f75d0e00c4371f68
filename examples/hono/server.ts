import { createCheckoutHandler, PaymentsClient } from '@paylit/server';
import { serveNode } from '@paylit/server/node';
import { createApp } from './app.js';

const paylit = createCheckoutHandler({
  client: PaymentsClient.fromEnv(process.env),
  publicKey: process.env.PAYLIT_PUBLIC_KEY!,
  publicUrl: 'http://localhost:3000/paylit',
  returnUrl: 'http://localhost:3000/checkout/done',
  allowedOrigins: ['http://localhost:3000'],
  apiToken: process.env.PAYLIT_API_TOKEN,
});

// On Node; on Bun, Deno or a Worker, export the app (its fetch) as they ask.
const { url } = await serveNode(createApp(paylit), { port: 3000 });
console.log(url);
