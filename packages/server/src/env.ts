/** The Hono environment of the checkout handler: Node bindings when served by the Node adapter. */
import type { HttpBindings } from '@hono/node-server';
import type { RequestIdVariables } from 'hono/request-id';

export interface HandlerEnv {
  /**
   * `paylitClientAddress`: the client's address as `toFetchHandler`'s `clientAddress` recipe
   * read it from the platform, handed to the handler beside the request.
   */
  Bindings: Partial<HttpBindings> & { paylitClientAddress?: string };
  Variables: RequestIdVariables;
}
