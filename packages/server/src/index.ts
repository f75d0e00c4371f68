/**
 * `@paylit/server`: the companion server. `PaymentsClient` for every API operation, and
 * `createCheckoutHandler` for the routes the elements talk to.
 * `toFetchHandler` for runtimes that hand over a web `Request` (Next.js route handlers, Workers).
 * Node: `@paylit/server/node` (toNodeListener for Express and Fastify, serveNode, nodeTransport). Stores: `@paylit/server/redis`, `@paylit/server/postgres`.
 */
export { PaymentsClient } from './client/payments-client.js';
export type { PaymentsClientOptions } from './client/payments-client.js';
export { PaymentsApiError } from './client/errors.js';
export type { PaymentsErrorType } from './client/errors.js';
export { IDEMPOTENCY_KEY_MAX, newIdempotencyKey } from './client/requester.js';
export type { RequestOptions } from './client/requester.js';
export { fetchTransport } from './client/transport.js';
export type { Transport, TransportRequest, TransportResponse } from './client/transport.js';
export { clientSecretFor } from './client-secret.js';
export { payerSessionFor, PAYER_SESSION_TTL_MS } from './payer-session.js';
export type { PayerSessionOptions } from './payer-session.js';
export type { PayerChange, PayerRecord, PayersOptions } from './routes/payer.js';
export { toFetchHandler } from './adapters/fetch.js';
export type { FetchApp, FetchHandlerOptions } from './adapters/fetch.js';
export { cspFor } from './csp.js';
export type { CspOptions } from './csp.js';
export { createCheckoutHandler } from './handler.js';
/** What `createCheckoutHandler` makes: a Hono app, mounted with `app.route`, `toFetchHandler` or `toNodeListener`, and its `sweep()`. */
export type { CheckoutHandler } from './handler.js';
export type { CheckoutHandlerOptions, LogEntry, RateLimit } from './handler.js';
export type { NotificationEvent } from './context.js';
export { CheckoutError } from './middleware/errors.js';
export { SetupWarning } from './middleware/log.js';
export { ClientAddressUnknownError } from './middleware/client-address.js';
export { HookTimeoutError } from './hooks.js';
export type { ClientAddressRecipe } from './middleware/client-address.js';
export type { CheckoutErrorBody, CheckoutErrorType } from './middleware/errors.js';
export { merchantOrderSchema } from './order.js';
export type { MerchantOrder, MerchantOrderInput } from './order.js';
export { submissionSchema } from './routes/payments.js';
export type { Submission } from './routes/payments.js';
export { MemoryStore, StoreUnavailableError } from './store/store.js';
export type { ChargeState, CheckoutStore, PaymentLink } from './store/store.js';
export {
  createSubscriptions,
  DEFAULT_RETRY_SCHEDULE_MS,
  newSubscriptionSchema,
  SubscriptionError,
} from './subscriptions/subscriptions.js';
export type {
  ChargeDueResult,
  NewSubscription,
  Subscriptions,
  SubscriptionsOptions,
} from './subscriptions/subscriptions.js';
export type {
  PeriodState,
  Subscription,
  SubscriptionEvent,
  SubscriptionMethod,
  SubscriptionStatus,
} from './subscriptions/types.js';
export { VERSION } from './version.js';
