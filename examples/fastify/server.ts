import { createCheckoutHandler, PaymentsClient } from '@paylit/server';
import { createApp } from './app.js';

const paylit = createCheckoutHandler({
  client: PaymentsClient.fromEnv(process.env),
  publicKey: process.env.PAYLIT_PUBLIC_KEY!,
  publicUrl: 'http://localhost:3000/paylit',
  returnUrl: 'http://localhost:3000/checkout/done',
  allowedOrigins: ['http://localhost:3000'],
  apiToken: process.env.PAYLIT_API_TOKEN,
});

const app = await createApp(paylit);
console.log(await app.listen({ port: 3000 }));
