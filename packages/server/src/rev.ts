/**
 * A new `rev` for a compare-and-set (an order's charge state, a subscription): never the same
 * twice on any instance sharing the store, or after a restart. This process's random prefix
 * (128 bits, as a UUID's randomness) and a counter.
 *
 * Not `crypto.randomUUID()` for each: Node 20 writes a UUID's text as a tree of some thirty
 * joined pieces, about 500 bytes, and a rev is only ever compared, never flattened, so a store
 * that holds states in memory kept that tree for each of them (the greater part of what an
 * order paid leaves on a `MemoryStore`'s heap), and each write made two. This is one join:
 * the prefix, shared, and a few characters of count.
 */

// Web Crypto, as everywhere in the handler: it runs on fetch runtimes too.
const PREFIX = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
  b.toString(16).padStart(2, '0'),
).join('');
let count = 0;

export function newRev(): string {
  return `${PREFIX}.${(++count).toString(36)}`;
}
