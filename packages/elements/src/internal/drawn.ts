import { nothing } from 'lit';

/**
 * A drawing from the marks' chunk for `key`, built once per element and key and kept in its
 * `cache` (a DOM node is in one place at a time, and a new node each render would be redrawn);
 * nothing while the chunk is not here.
 */
export function drawn<M>(
  cache: Map<string, SVGSVGElement>,
  marks: M | null | undefined,
  key: string,
  build: (marks: M) => SVGSVGElement,
): SVGSVGElement | typeof nothing {
  if (!marks) return nothing;
  let node = cache.get(key);
  if (!node) cache.set(key, (node = build(marks)));
  return node;
}
