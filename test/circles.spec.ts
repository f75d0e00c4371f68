/**
 * `npm run check:circles` (issue 36), which `.ci/run` runs before the type check: it fails on an
 * import circle of any kind and names its files. Each case writes a small tree laid out as the
 * repository's (`packages/<name>/src`, `demo/src`) into a temp dir, with the repository's
 * `.dependency-cruiser.mjs` and `tsconfig.json`, and runs the script exactly as package.json has
 * it there: a circle made only of `import type`, only of `typeof import('./x.js')` in types, only
 * of `import()` in code, only of plain imports, and one in the demo, each fails; a tree with every
 * kind of edge and no circle passes.
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { scaled } from './support/time.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));

/** Writes the files (paths relative to the tree's root) and runs `npm run check:circles`'s command there. */
async function check(
  files: Record<string, string>,
): Promise<{ status: number | null; out: string }> {
  const root = await mkdtemp(join(tmpdir(), 'paylit-circles-'));
  try {
    for (const file of ['.dependency-cruiser.mjs', 'tsconfig.json'])
      await copyFile(join(repo, file), join(root, file));
    await mkdir(join(root, 'demo/src'), { recursive: true });
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    const script = JSON.parse(await readFile(join(repo, 'package.json'), 'utf8')).scripts[
      'check:circles'
    ] as string;
    const run = spawnSync('sh', ['-c', script], {
      cwd: root,
      env: {
        PATH: `${join(repo, 'node_modules/.bin')}${delimiter}${process.env.PATH}`,
        HOME: process.env.HOME ?? tmpdir(),
        NO_COLOR: '1',
      },
      encoding: 'utf8',
      timeout: scaled(20_000),
    });
    return { status: run.status, out: `${run.stdout}${run.stderr}` };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

const src = 'packages/shop/src';

test.describe('npm run check:circles', () => {
  test('fails on a circle made only of `import type`, naming its files', async () => {
    const { status, out } = await check({
      [`${src}/order.ts`]:
        "import type { Line } from './line.js';\nexport interface Order { lines: Line[] }\n",
      [`${src}/line.ts`]:
        "import type { Order } from './order.js';\nexport interface Line { order: Order }\n",
    });
    expect(status, out).not.toBe(0);
    expect(out).toContain('no-circular');
    expect(out).toContain(`${src}/order.ts`);
    expect(out).toContain(`${src}/line.ts`);
  });

  test("fails on a circle made only of `typeof import('./x.js')` in types, naming its files", async () => {
    const { status, out } = await check({
      [`${src}/loaders.ts`]:
        "export type Plans = typeof import('./plans.js');\nexport const loaders: { plans?: Plans } = {};\n",
      [`${src}/plans.ts`]:
        "export type Loaders = typeof import('./loaders.js');\nexport const plans = (l: Loaders) => l;\n",
    });
    expect(status, out).not.toBe(0);
    expect(out).toContain(`${src}/loaders.ts`);
    expect(out).toContain(`${src}/plans.ts`);
  });

  test('fails on a circle made only of dynamic `import()`, naming its files', async () => {
    const { status, out } = await check({
      [`${src}/fields.ts`]: "export const loadFrame = () => import('./frame.js');\n",
      [`${src}/frame.ts`]: "export const loadFields = () => import('./fields.js');\n",
    });
    expect(status, out).not.toBe(0);
    expect(out).toContain(`${src}/fields.ts`);
    expect(out).toContain(`${src}/frame.ts`);
  });

  test('fails on a circle of plain imports through three modules, naming each', async () => {
    const { status, out } = await check({
      [`${src}/a.ts`]: "import { b } from './b.js';\nexport const a = () => b;\n",
      [`${src}/b.ts`]: "import { c } from './nested/c.js';\nexport const b = () => c;\n",
      [`${src}/nested/c.ts`]: "import { a } from '../a.js';\nexport const c = () => a;\n",
    });
    expect(status, out).not.toBe(0);
    for (const file of ['a.ts', 'b.ts', 'nested/c.ts']) expect(out).toContain(`${src}/${file}`);
  });

  test("fails on a circle in the demo's sources", async () => {
    const { status, out } = await check({
      [`${src}/index.ts`]: 'export const shop = 1;\n',
      'demo/src/shop.ts': "import { cart } from './cart.js';\nexport const shop = () => cart;\n",
      'demo/src/cart.ts': "import { shop } from './shop.js';\nexport const cart = () => shop;\n",
    });
    expect(status, out).not.toBe(0);
    expect(out).toContain('demo/src/shop.ts');
    expect(out).toContain('demo/src/cart.ts');
  });

  test('passes on a tree with every kind of edge and no circle', async () => {
    const { status, out } = await check({
      [`${src}/entry.ts`]: [
        "import { plain } from './plain.js';",
        "import type { Shape } from './types.js';",
        "export type Lazy = typeof import('./lazy.js');",
        "export const load = () => import('./lazy.js');",
        'export const entry = (s: Shape) => plain(s);',
        '',
      ].join('\n'),
      [`${src}/plain.ts`]:
        "import type { Shape } from './types.js';\nexport const plain = (s: Shape) => s;\n",
      [`${src}/lazy.ts`]: "import { plain } from './plain.js';\nexport const lazy = plain;\n",
      [`${src}/types.ts`]: 'export interface Shape { id: string }\n',
      'demo/src/shop.ts':
        "import { entry } from '../../packages/shop/src/entry.js';\nexport const shop = entry;\n",
    });
    expect(status, out).toBe(0);
    expect(out).toMatch(/no dependency violations found \(5 modules, 6 dependencies cruised\)/);
  });
});
