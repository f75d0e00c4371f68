/** Where the elements' builds read and write, and what every published build defines. */
import { fileURLToPath } from 'node:url';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const src = at('../src/');
export const dist = at('../dist/');
/** The script-tag file and its chunks. */
export const bundle = at('../dist/bundle/');
/** The card frame's script where the ES modules find it from `src/` and `dist/` (src/internal/module-loaders.ts). */
export const frame = at('../frame/');
/** The published builds: dev-mode warnings folded away (src/internal/dev.ts). */
export const define = { __PAYLIT_DEV__: 'false' };
