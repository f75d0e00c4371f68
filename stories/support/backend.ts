/**
 * The stories' backend: the real sandbox and the real companion server, running inside the
 * Storybook page, so that every story shows what the API answers (its catalogs of methods
 * and installment plans, its declines, 3-D Secure) with no server and no network.
 *
 * The checkout's `fetch` property sends its requests to the handler in the page; the
 * handler's client signs them and hands them to the sandbox in the page. Nothing leaves it.
 */
import { createSandbox, type FaultInput, type Sandbox } from '@paylit/sandbox';
import {
  PaymentsClient,
  createCheckoutHandler,
  payerSessionFor,
  type Transport,
} from '@paylit/server';
import { encryptCard } from '@paylit/core/crypto';
import { createScenarioOrder } from '../../demo/merchant.js';
import { demoPayers } from '../../demo/payers.js';
import { scenario } from '../../demo/scenarios.js';

/** The sandbox's address inside the page: the `.test` domain never resolves, and nothing is sent there. */
const SANDBOX_URL = 'https://sandbox.paylit.test';
/** Where the checkout looks for its server: `endpoint="/paylit"`, answered in the page. */
export const ENDPOINT = '/paylit';
/** The shop's server on another origin, for `refusingFetch`: the `.test` domain never resolves, and nothing is sent there. */
export const ELSEWHERE = 'https://checkout.paylit.test/paylit';

export interface StoryBackend {
  sandbox: Sandbox;
  /** Give this to `<paylit-checkout>`'s `fetch`: it answers `/paylit/...` from the handler in the page. */
  fetch: typeof globalThis.fetch;
  /**
   * Give this to a checkout whose `endpoint` is on another origin (`ELSEWHERE`): the shop's
   * server there, a handler in the page that allows only `https://shop.example`, answered as a
   * browser would (its answer without this page's origin in `Access-Control-Allow-Origin`
   * fails as a network error; a `no-cors` request gets an answer it cannot read).
   */
  refusingFetch: typeof globalThis.fetch;
  /** Creates the order of one of the demo shop's scenarios, as the merchant's backend would, and answers its client secret (`<paylit-checkout order>`). */
  order(scenario: string, options?: { code?: string; savedCardIds?: string[] }): Promise<string>;
  /**
   * A customer the shop signed in (demo/payers.js: two saved cards and a monthly subscription),
   * or with `empty` one who saved nothing: their payer session, as the merchant's server mints
   * it for `<paylit-checkout payer-session>`, and their saved cards' ids for the order.
   */
  payer(options?: { empty?: boolean }): Promise<{ session: string; savedCardIds: string[] }>;
  /** A fault on the next requests of an API path (the sandbox's own tool): latency, an error status. */
  fault(fault: FaultInput): Promise<void>;
  /**
   * The merchant's return page for a payer who went to the bank's page (3-D Secure) and came
   * back without finishing: a 3-D Secure order paid by the test Visa (as the checkout posts
   * it, the card inside a JWE), still PENDING, and this page's URL given the `payment_id` and
   * `order` (the client secret) the companion server's callback adds. Answers the client secret; `leaveReturnPage()`
   * takes the parameters off the URL again.
   */
  backFromTheBank(): Promise<string>;
  /** The payer's bank answers the Pix Automático mandate of an order (its client secret): the sandbox's own tools. */
  bank(order: string, action: 'authorize' | 'reject' | 'cancel-by-payer'): Promise<void>;
}

/** Takes the return page's parameters off this page's URL. */
export function leaveReturnPage(): void {
  const url = new URL(globalThis.location.href);
  url.searchParams.delete('payment_id');
  url.searchParams.delete('order');
  history.replaceState(history.state, '', url);
}

let backend: Promise<StoryBackend> | undefined;

/**
 * A request handed to the sandbox in the page. Browsers drop `User-Agent` from any Request
 * a script builds (they set it on the wire themselves), but the API requires the client's:
 * the request reads its headers from a `Headers` of its own, which keeps every header.
 */
function inPageRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Request {
  const request = new Request(url, init);
  const headers = new Headers(init.headers);
  return new Proxy(request, {
    get(target, key) {
      if (key === 'headers') return headers;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** One backend per page: created by the first story that needs it. */
export function storyBackend(): Promise<StoryBackend> {
  return (backend ??= start());
}

async function start(): Promise<StoryBackend> {
  const origin = globalThis.location.origin;
  // The sandbox notifies the handler in the page; the handler calls the sandbox in the page.
  let handler: ReturnType<typeof createCheckoutHandler> | undefined;
  const sandbox = await createSandbox({
    publicUrl: SANDBOX_URL,
    settleDelayMs: 2000,
    notificationTimeFactor: 1 / 3_600_000,
    // Its notification_url is `${origin}${ENDPOINT}/notifications`: the handler's own path is what follows the endpoint.
    fetch: async (input, init) =>
      handler!.request(new URL(String(input)).pathname.slice(ENDPOINT.length), init),
  });
  const transport: Transport = async ({ method, url, headers, body }) => {
    const res = await sandbox.fetch(
      inPageRequest(url, { method, headers, ...(body === undefined ? {} : { body }) }),
    );
    return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
  };
  // The shop's server and the API agree on the time: the sandbox's clock, which a story may move.
  const client = new PaymentsClient({
    baseUrl: SANDBOX_URL,
    ...sandbox.credentials,
    transport,
    now: () => sandbox.clock.now(),
  });
  const token = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  const payers = demoPayers({
    client,
    publicJwk: sandbox.publicJwk,
    subscriptions: () => handler!.subscriptions,
    now: () => sandbox.clock.now(),
  });
  handler = createCheckoutHandler({
    client,
    payers: payers.options,
    publicKey: sandbox.publicJwk,
    publicUrl: `${origin}${ENDPOINT}`,
    returnUrl: `${origin}/iframe.html`,
    allowedOrigins: [origin],
    apiToken: token,
    development: true,
    rateLimit: false,
    // The stories decline on purpose, many times in one page (every story shares this handler).
    declineLimit: false,
    // The payee a subscription's terms name.
    merchantName: 'Loja Paylit',
  });
  const h = handler;

  /** A method's logo lives on the API's host, which the page cannot reach: it gets the sandbox's same SVG as a blob. */
  const logos = new Map<string, string>();
  async function logo(url: string): Promise<string> {
    if (!url.startsWith(SANDBOX_URL)) return url;
    let local = logos.get(url);
    if (!local) {
      local = URL.createObjectURL(await (await sandbox.fetch(new Request(url))).blob());
      logos.set(url, local);
    }
    return local;
  }

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== origin || !url.pathname.startsWith(`${ENDPOINT}/`))
      throw new TypeError(`the stories' backend answers ${ENDPOINT}/… only, not ${url.href}`);
    const res = await h.request(`${url.pathname.slice(ENDPOINT.length)}${url.search}`, {
      method: request.method,
      headers: request.headers,
      ...(request.method === 'GET' ? {} : { body: await request.text() }),
    });
    if (url.pathname !== `${ENDPOINT}/checkout` || !res.ok) return res;
    const view = (await res.json()) as { paymentMethods?: { logo?: string }[] };
    for (const method of view.paymentMethods ?? [])
      if (method.logo) method.logo = await logo(method.logo);
    return Response.json(view, { status: res.status });
  };

  const elsewhere = createCheckoutHandler({
    client,
    publicKey: sandbox.publicJwk,
    publicUrl: ELSEWHERE,
    returnUrl: `${origin}/iframe.html`,
    allowedOrigins: ['https://shop.example'],
    development: true,
    rateLimit: false,
    onError: () => {},
  });
  const refusingFetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(new Request(input, init).url);
    const res = await elsewhere.request(
      `${url.pathname.slice(new URL(ELSEWHERE).pathname.length)}${url.search}`,
      { headers: { Origin: origin } },
    );
    if (init?.mode === 'no-cors') return new Response(null);
    if (res.headers.get('Access-Control-Allow-Origin') !== origin)
      throw new TypeError('Failed to fetch');
    return res;
  };

  const order = async (id: string, options: { code?: string; savedCardIds?: string[] } = {}) =>
    (
      await createScenarioOrder(
        { client, handler: h, token, publicJwk: sandbox.publicJwk },
        {
          scenario: id,
          code: options.code ?? null,
          returnUrl: `${origin}/iframe.html`,
          prefix: 'story',
          ...(options.savedCardIds ? { savedCardIds: options.savedCardIds } : {}),
        },
      )
    ).clientSecret;

  let customers = 0;
  const payer = async ({ empty = false } = {}) => {
    const id = `story-customer-${++customers}`;
    const { savedCardIds } = empty ? { savedCardIds: [] } : await payers.customer(id);
    return { session: await payerSessionFor(client, id), savedCardIds };
  };

  return {
    sandbox,
    fetch,
    refusingFetch,
    order,
    payer,
    backFromTheBank: async () => {
      const orderId = await order('3ds');
      const { amount, currency, country } = scenario('3ds')!.order as {
        amount: number;
        currency: string;
        country: string;
      };
      const encryptedData = await encryptCard(
        { number: '4111111111111111', cvv: '123' },
        sandbox.publicJwk,
      );
      const submission = {
        order: orderId,
        attempt: crypto.randomUUID(),
        method: {
          type: 'card',
          encryptedData,
          holderName: 'Ana Lima',
          expirationMonth: 12,
          expirationYear: 2030,
        },
        amount,
        currency,
        country,
      };
      const res = await fetch(`${origin}${ENDPOINT}/payments`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(submission),
      });
      const { payment } = (await res.json()) as { payment?: { id: string; status: string } };
      if (payment?.status !== 'PENDING')
        throw new Error(`the 3-D Secure payment is not pending: ${JSON.stringify(payment)}`);
      const url = new URL(globalThis.location.href);
      url.searchParams.set('payment_id', payment.id);
      url.searchParams.set('order', orderId);
      history.replaceState(history.state, '', url);
      return orderId;
    },
    bank: async (secret, action) => {
      const sub = await h.subscriptions.get(secret.replace(/_secret_[0-9a-f]{32}$/, ''));
      if (sub?.method.type !== 'XA') throw new Error(`no Pix Automático mandate for ${secret}`);
      const res = await sandbox.fetch(
        new Request(
          `${SANDBOX_URL}/sandbox-tools/enrollments/${encodeURIComponent(sub.method.enrollmentId)}/${action}`,
          { method: 'POST' },
        ),
      );
      if (!res.ok) throw new Error(`the sandbox refused ${action}: ${await res.text()}`);
    },
    fault: async (fault) => {
      const res = await sandbox.fetch(
        new Request(`${SANDBOX_URL}/sandbox-tools/faults`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(fault),
        }),
      );
      if (!res.ok) throw new Error(`the sandbox refused the fault: ${await res.text()}`);
    },
  };
}
