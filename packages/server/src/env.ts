/** The Hono environment of the checkout handler: Node bindings when served by the Node adapter. */
import type { HttpBindings } from '@hono/node-server';
import type { RequestIdVariables } from 'hono/request-id';

export interface HandlerEnv {
  /**
   * `paylitClientAddress`: the client's address as `toFetchHandler`'s `clientAddress` recipe
   * read it from the platform, handed to the handler beside the request.
   */
  Bindings: Partial<HttpBindings> & { paylitClientAddress?: string };
  Variables: RequestIdVariables &
    BodyVariables &
    PaymentAnswerVariables & {
      /** The client's address, worked out once per request (handler.ts `address`). */
      paylitAddress?: string;
      /** Why the answer is a 5xx, for the log line (handler.ts `answerError`). */
      paylitCause?: string;
    };
}

/** The request's body as JSON, parsed once for every check and route that reads it (middleware/input.ts). */
export interface BodyVariables {
  paylitJson?: { value: unknown } | { invalid: true };
}

/**
 * What `POST /payments` answered, as the route made it: the decline limit reads the payment's
 * status here rather than parsing the answer back (middleware/decline-limit.ts).
 */
export interface PaymentAnswerVariables {
  paylitPaymentAnswer?: {
    payment?: { id?: string; status?: string };
    replayed?: true;
  };
}
