/**
 * The checkout's client of the companion server: one function per call, typed by core's
 * checkout protocol (`@paylit/core/checkout`, types only: no zod reaches the browser). Each
 * answers a `ServerResult`: the answer, or a refusal (`refusalKind` tells its kind by core's
 * rule), or no answer at all (`status` 0).
 *
 * @example
 * const result = await loadCheckout({ endpoint: '/paylit' }, clientSecret);
 * if (result.ok) show(result.answer.order);
 */
import type {
  CheckoutErrorAnswer,
  CheckoutErrorBody,
  CheckoutView,
  InstallmentsAnswer,
  PaymentAnswer,
  PaymentStatusAnswer,
  Submission,
} from '@paylit/core/checkout';
import type { PaylitErrorKind } from '@paylit/core/errors';
import { checkoutErrorKind } from '@paylit/core/rules';

/** Where the companion server is (its base URL, e.g. `/paylit`), and the `fetch` that reaches it (the page's by default). */
export interface CompanionServer {
  endpoint: string;
  fetch?: typeof globalThis.fetch | undefined;
}

/** The server's refusal (`status` its HTTP status), or no answer (`status` 0). */
export interface ServerRefusal {
  ok: false;
  status: number;
  /** The refusal's `error`, when the server said why. */
  error: Partial<CheckoutErrorBody> | undefined;
  /** With no answer: why (what `fetch` or the body's reading threw). */
  cause?: unknown;
  /** A 429's `Retry-After`, in seconds, when it gave one. */
  retryAfter?: number;
}

/** A `Retry-After` in seconds (a number, or an HTTP date from now), or undefined. */
export function retryAfterOf(header: string | null): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export type ServerResult<T> = { ok: true; answer: T } | ServerRefusal;

/** A refusal's kind: core's `checkoutErrorKind` of its type and status (`network` for no answer). */
export function refusalKind({ error, status }: ServerRefusal): PaylitErrorKind {
  return checkoutErrorKind(error?.type, status);
}

/** The URL of one of the server's routes. */
export function serverUrl(server: CompanionServer, path: string): string {
  return `${server.endpoint.replace(/\/+$/, '')}${path}`;
}

const send = (server: CompanionServer, path: string, init?: RequestInit) =>
  (server.fetch ?? globalThis.fetch)(serverUrl(server, path), init);

export const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * One call, answered when its body has `key`. A body that is not JSON is a refusal of its
 * status when `lenient`, and no answer (the outcome unknown) otherwise; a body cut off (the
 * network dropped mid-answer) is no answer either way.
 */
export async function call<T>(
  server: CompanionServer,
  path: string,
  init: RequestInit,
  key: keyof T,
  lenient?: boolean,
): Promise<ServerResult<T>> {
  let res: Response;
  let body: (Partial<T> & Partial<CheckoutErrorAnswer>) | undefined;
  try {
    res = await send(server, path, init);
    body = await res.json().catch((error: unknown) => {
      if (lenient && error instanceof SyntaxError) return undefined;
      throw error;
    });
  } catch (cause) {
    return { ok: false, status: 0, error: undefined, cause };
  }
  if (res.ok && body?.[key] !== undefined) return { ok: true, answer: body as T };
  const retryAfter = res.status === 429 ? retryAfterOf(res.headers.get('Retry-After')) : undefined;
  return {
    ok: false,
    status: res.status,
    error: body?.error,
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  };
}

/** `GET /checkout?order=`: the order's view, for the checkout to render. */
export function loadCheckout(
  server: CompanionServer,
  order: string,
  signal?: AbortSignal,
): Promise<ServerResult<CheckoutView>> {
  return call<CheckoutView>(
    server,
    `/checkout?order=${encodeURIComponent(order)}`,
    { signal },
    'order',
    true,
  );
}

/** `POST /installments`: the plans for the card's BIN (never more of the number). */
export function fetchPlans(
  server: CompanionServer,
  order: string,
  bin: string,
): Promise<ServerResult<InstallmentsAnswer>> {
  return call<InstallmentsAnswer>(server, '/installments', post({ order, bin }), 'plan');
}

/** `POST /payments`: the payment the submission makes (or the one its attempt made already). */
export function submitPayment(
  server: CompanionServer,
  submission: Submission,
): Promise<ServerResult<PaymentAnswer>> {
  return call<PaymentAnswer>(server, '/payments', post(submission), 'payment');
}

/** `GET /payments/:id?order=`: the payment the payer comes back from, on the return page. */
export function resumePayment(
  server: CompanionServer,
  order: string,
  paymentId: string,
  signal?: AbortSignal,
): Promise<ServerResult<PaymentStatusAnswer>> {
  return call<PaymentStatusAnswer>(
    server,
    `/payments/${encodeURIComponent(paymentId)}?order=${encodeURIComponent(order)}`,
    { signal },
    'payment',
  );
}

/** `POST /payments/:id/cancel`: the shopper leaves the bank's page; the payment waiting on it is cancelled. */
export function cancelPayment(
  server: CompanionServer,
  order: string,
  paymentId: string,
): Promise<ServerResult<PaymentStatusAnswer>> {
  return call<PaymentStatusAnswer>(
    server,
    `/payments/${encodeURIComponent(paymentId)}/cancel`,
    post({ order }),
    'payment',
  );
}
