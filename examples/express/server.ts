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

createApp(paylit).listen(3000, () => console.log('http://localhost:3000'));
