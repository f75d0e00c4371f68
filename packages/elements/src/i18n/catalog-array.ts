/**
 * A catalog as the script-tag build ships it: its messages alone, as an array in the order of
 * English's keys, so that the keys travel once, in English (which paylit.js holds anyway). The
 * sources stay objects, for translators; the build writes each chunk with `toArray`
 * (build/catalog-arrays.ts), and internal/script-loaders.ts rebuilds the object with
 * `fromArray`. The ES modules keep the objects.
 */
import { en, type Messages } from './en.js';

interface Tree {
  readonly [key: string]: string | Tree;
}

/** The messages of `catalog` in English's key order (depth first, as `Object.entries` walks it); `null` where it has none. */
export function toArray(catalog: Messages): (string | null)[] {
  const out: (string | null)[] = [];
  const walk = (ref: Tree, node: Tree | undefined): void => {
    for (const [key, value] of Object.entries(ref)) {
      const own = node?.[key];
      if (typeof value === 'string') out.push(typeof own === 'string' ? own : null);
      else walk(value, typeof own === 'object' ? own : undefined);
    }
  };
  walk(en, catalog);
  return out;
}

/** The catalog `toArray` flattened, as an object again; a message it lacks is English's. */
export function fromArray(values: readonly (string | null)[]): Messages {
  let i = 0;
  const build = (ref: Tree): Tree =>
    Object.fromEntries(
      Object.entries(ref).map(([key, value]) => [
        key,
        typeof value === 'string' ? (values[i++] ?? value) : build(value),
      ]),
    );
  return build(en) as unknown as Messages;
}
