/** The Hono environment of the checkout handler: Node bindings when served by the Node adapter. */
import type { HttpBindings } from '@hono/node-server';
import type { RequestIdVariables } from 'hono/request-id';

export interface HandlerEnv {
  Bindings: Partial<HttpBindings>;
  Variables: RequestIdVariables;
}
