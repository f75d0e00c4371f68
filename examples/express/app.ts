import express, { type Express } from 'express';
import type { CheckoutHandler } from '@paylit/server';
import { toNodeListener } from '@paylit/server/node';

/** A shop's Express app, its body parsers where most apps have them, and paylit's routes under /paylit. */
export function createApp(paylit: CheckoutHandler): Express {
  const app = express();
  // A notification's signature is over the bytes the API sent: they reach paylit as they came,
  // before express.json() would make an object of them (a parser that ran first has the final word).
  app.use('/paylit/notifications', express.raw({ type: '*/*' }));
  app.use(express.json());
  app.use(express.urlencoded());
  app.use('/paylit', toNodeListener(paylit));

  app.get('/', (_req, res) => {
    res.send('the shop');
  });
  return app;
}
