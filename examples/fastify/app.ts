import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { CheckoutHandler } from '@paylit/server';
import { toNodeListener } from '@paylit/server/node';

/** A shop's Fastify app with paylit's routes under /paylit. */
export async function createApp(paylit: CheckoutHandler): Promise<FastifyInstance> {
  const app = Fastify();
  const listener = toNodeListener(paylit, { basePath: '/paylit' });
  // paylit answers on the raw response; it takes the body Fastify parsed, or reads it itself.
  const forward = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    return listener(request.raw, reply.raw, { body: request.body });
  };

  await app.register(
    async (scope) => {
      // Fastify's JSON parser reads the browser's requests. The payer's callback is a form,
      // which Fastify does not parse: left to paylit.
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.all('/*', forward);
    },
    { prefix: '/paylit' },
  );
  await app.register(
    async (scope) => {
      // A notification's signature is over the bytes the API sent: paylit reads them itself.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.post('/notifications', forward);
    },
    { prefix: '/paylit' },
  );

  app.get('/', async () => 'the shop');
  return app;
}
