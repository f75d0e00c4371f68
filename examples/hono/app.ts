import { Hono } from 'hono';
import type { CheckoutHandler } from '@paylit/server';

/** A shop's Hono app with paylit's routes under /paylit. */
export function createApp(paylit: CheckoutHandler): Hono {
  const app = new Hono();
  app.route('/paylit', paylit);
  app.get('/', (c) => c.text('the shop'));
  return app;
}
