/**
 * Faults for tests: the next N requests on a path get latency, an error status, a
 * dropped connection, or, most treacherous, "commit then drop": the request is processed
 * in full and then the connection is cut before the answer, so the client cannot know
 * that it succeeded. A latency can hold the answer after the request is processed too
 * (`answer_after_ms`), so that its notification reaches the client before it. Set through `POST /sandbox-tools/faults`. And one fault of the API itself,
 * for proving a client's own guard: `no_duplicate_check`, a payment created without the check
 * that its `order_id` is new (5009), as an API whose check is not atomic would let through.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { apiErrorBody } from '@paylit/core/codes';
import { z } from 'zod';
import { DroppedConnection } from '../errors.js';
import type { SandboxEnv } from '../env.js';

export const faultSchema = z.strictObject({
  /** An exact path, or a prefix ending in `*`. */
  path: z.string().regex(/^\/\S*$/, 'must be a path starting with /'),
  method: z.enum(['GET', 'POST', 'DELETE']).optional(),
  kind: z.enum(['latency', 'status', 'drop', 'commit_then_drop', 'no_duplicate_check']),
  count: z.number().int().min(1).max(1000).default(1),
  latency_ms: z.number().int().min(0).max(60_000).optional(),
  /** `latency` only: the answer held this long after the request is processed. */
  answer_after_ms: z.number().int().min(0).max(60_000).optional(),
  status: z.number().int().min(400).max(599).optional(),
});
export type FaultInput = z.input<typeof faultSchema>;
export type Fault = z.output<typeof faultSchema> & { id: string; remaining: number };

export class Faults {
  readonly #faults: Fault[] = [];
  readonly #max: number;
  #seq = 0;

  /** At most `max` faults wait at once; adding one more drops the oldest. */
  constructor(max = 1000) {
    this.#max = max;
  }

  add(input: z.output<typeof faultSchema>): Fault {
    const fault: Fault = { ...input, id: `F-${++this.#seq}`, remaining: input.count };
    if (this.#faults.length >= this.#max) this.#faults.shift();
    this.#faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.#faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.#faults.length = 0;
  }

  /** Takes one use of the first fault matching this request, if any. */
  take(method: string, path: string): Fault | undefined {
    const index = this.#faults.findIndex(
      (f) =>
        (f.method === undefined || f.method === method) &&
        (f.path.endsWith('*') ? path.startsWith(f.path.slice(0, -1)) : f.path === path),
    );
    if (index < 0) return undefined;
    const fault = this.#faults[index]!;
    if (--fault.remaining <= 0) this.#faults.splice(index, 1);
    return { ...fault };
  }
}

/** Cuts the connection under the Node adapter; in-process, the caller's fetch fails. */
function drop(c: Context<SandboxEnv>): Response {
  const socket = c.env?.incoming?.socket;
  if (!socket) throw new DroppedConnection();
  socket.destroy();
  return new Response(null, { status: 499 });
}

export function faults(registry: Faults): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    if (c.req.path.startsWith('/sandbox-tools/')) return next();
    // `/payments/` is `/payments` (the wire dialect: what the API accepts beyond its spec, packages/sandbox/README.md).
    const fault = registry.take(c.req.method, c.req.path.replace(/(.)\/$/, '$1'));
    if (!fault) return next();
    switch (fault.kind) {
      case 'latency':
        await new Promise((resolve) => setTimeout(resolve, fault.latency_ms ?? 1000));
        await next();
        if (fault.answer_after_ms)
          await new Promise((resolve) => setTimeout(resolve, fault.answer_after_ms));
        return;
      case 'status': {
        const status = fault.status ?? 500;
        return c.json(apiErrorBody(status === 429 ? 6000 : 7000), status as 500);
      }
      case 'drop':
        return drop(c);
      case 'no_duplicate_check':
        // With `latency_ms`, held that long first: two sends of one order_id overlap at will.
        c.set('noDuplicateCheck', true);
        if (fault.latency_ms) await new Promise((resolve) => setTimeout(resolve, fault.latency_ms));
        return next();
      case 'commit_then_drop':
        await next();
        // The answer exists (and the idempotency store has it), but never reaches the client.
        c.res = drop(c);
        return;
    }
  };
}
