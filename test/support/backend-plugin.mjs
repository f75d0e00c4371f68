// A @web/test-runner plugin: the real sandbox and companion server, started with the test
// server, so that browser tests pay against them over HTTP. The browser reads where they
// are from /__paylit/env.json; /__paylit/order creates an order (the merchant's backend
// would) and answers it with its client secret (`order.clientSecret`, what the page gives
// <paylit-checkout order>), /__paylit/ledger reads the sandbox's ledger.
export function paylitBackend() {
  let env;
  let backend;
  let card;
  const closers = [];
  let n = 0;
  return {
    name: 'paylit-backend',
    async serverStart({ config }) {
      const { createSandbox } = await import('@paylit/sandbox');
      card = await import('@paylit/core/card');
      const { PaymentsClient, MemoryStore, createCheckoutHandler } = await import('@paylit/server');
      const { serveNode, nodeTransport, nodeHmac } = await import('@paylit/server/node');
      const { Hono } = await import('hono');
      const sandbox = await createSandbox({
        settleDelayMs: 50,
        notificationTimeFactor: 1 / 3_600_000,
        onError: (e) => console.error(e),
      });
      const running = await sandbox.listen();
      const client = new PaymentsClient({
        baseUrl: running.url,
        ...sandbox.credentials,
        transport: nodeTransport(),
        hmac: nodeHmac,
      });
      const app = new Hono();
      const served = await serveNode(app);
      const origin = `http://${config.hostname ?? 'localhost'}:${config.port}`;
      const token = 'browser-tests-token-0123456789';
      // One store for the shop's mounts below, so that each knows the orders made through /paylit.
      const store = new MemoryStore();
      app.route(
        '/paylit',
        createCheckoutHandler({
          client,
          store,
          publicKey: sandbox.publicJwk,
          publicUrl: `${served.url}/paylit`,
          returnUrl: `${origin}/return`,
          allowedOrigins: [origin],
          apiToken: token,
          rateLimit: false,
          declineLimit: false,
          development: true,
          merchantName: 'Loja Exemplo',
        }),
      );
      // The same shop's server as configured for another site: it does not allow the test page's origin.
      app.route(
        '/paylit-elsewhere',
        createCheckoutHandler({
          client,
          publicKey: sandbox.publicJwk,
          publicUrl: `${served.url}/paylit-elsewhere`,
          returnUrl: `${origin}/return`,
          allowedOrigins: ['https://shop.example'],
          rateLimit: false,
          declineLimit: false,
          development: true,
          onError: () => {},
        }),
      );
      // The same shop's server with a rate limit of one request a minute per address: a page's
      // second request is 429, as one shopper's 121st is with the default limit.
      app.route(
        '/paylit-busy',
        createCheckoutHandler({
          client,
          store,
          publicKey: sandbox.publicJwk,
          publicUrl: `${served.url}/paylit-busy`,
          returnUrl: `${origin}/return`,
          allowedOrigins: [origin],
          rateLimit: { windowMs: 60_000, max: 1 },
          declineLimit: false,
          development: true,
        }),
      );
      env = {
        endpoint: `${served.url}/paylit`,
        busyEndpoint: `${served.url}/paylit-busy`,
        refusingEndpoint: `${served.url}/paylit-elsewhere`,
        sandbox: running.url,
      };
      backend = { sandbox, client, base: `${served.url}/paylit`, token, store, running };
      closers.push(
        () => served.close(),
        () => sandbox.close(),
      );
    },
    async serverStop() {
      for (const close of closers) await close();
    },
    async serve(context) {
      if (context.path === '/__paylit/env.json') return { body: JSON.stringify(env), type: 'json' };
      if (context.path === '/__paylit/order') {
        const q = Object.fromEntries(new URLSearchParams(context.querystring));
        const order = {
          id: `wtr-${Date.now().toString(36)}-${++n}`,
          amount: Number(q.amount ?? 120),
          currency: q.currency ?? 'BRL',
          country: q.country ?? 'BR',
          intent: q.intent ?? 'capture',
          payer: JSON.parse(
            q.payer ??
              '{"name":"Ana Lima","email":"ana@example.com","document":"53033315550","phone":"+5511999999999"}',
          ),
          ...(q.description ? { description: q.description } : {}),
          ...(q.methods ? { methods: q.methods.split(',') } : {}),
          ...(q.plan ? { plan: JSON.parse(q.plan) } : {}),
        };
        if (q.savedCard) {
          const cvv = '1234'.slice(0, card.maxCvvLength(card.detectBrand(q.savedCard)));
          const saved = await backend.client.cards.create({
            country: order.country,
            card: {
              holder_name: 'Ana Lima',
              expiration_month: 10,
              expiration_year: 2040,
              number: q.savedCard,
              cvv,
            },
            payer: order.payer,
          });
          order.savedCardIds = [saved.card_id];
        }
        const res = await fetch(`${backend.base}/orders`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${backend.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(order),
        });
        const made = await res.json();
        return {
          body: JSON.stringify(
            made.order
              ? { ...made, order: { ...made.order, clientSecret: made.clientSecret } }
              : made,
          ),
          type: 'json',
        };
      }
      // The payer's bank answers the mandate of an order signed up by Pix Automático (`action`: authorize, reject, cancel-by-payer).
      if (context.path === '/__paylit/enrollment') {
        const q = Object.fromEntries(new URLSearchParams(context.querystring));
        const sub = await backend.store.getSubscription(q.order);
        if (!sub) return { body: '{"error":"no subscription"}', type: 'json', status: 404 };
        const res = await fetch(
          `${backend.running.url}/sandbox-tools/enrollments/${sub.method.enrollmentId}/${q.action}`,
          { method: 'POST' },
        );
        return { body: await res.text(), type: 'json' };
      }
      if (context.path === '/__paylit/ledger') {
        const q = Object.fromEntries(new URLSearchParams(context.querystring));
        return {
          body: JSON.stringify(backend.sandbox.ledger(q.order_prefix ? {} : q)),
          type: 'json',
        };
      }
      return undefined;
    },
  };
}
