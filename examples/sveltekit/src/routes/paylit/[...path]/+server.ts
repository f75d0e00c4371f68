import { paylit } from '../../../lib/server/paylit.js';

/**
 * Every method under /paylit (GET /checkout, POST /payments, the callback, notifications):
 * SvelteKit's `fallback` hands each request to the handler with its event, whose
 * `getClientAddress()` tells the shoppers apart.
 */
export const fallback = (event: { request: Request; getClientAddress(): string }) =>
  paylit(event.request, event);
