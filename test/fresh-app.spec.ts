/**
 * A merchant's first app, outside the repository (issue 23): a Vite + React 19 + TypeScript app
 * and a Vue 3 + vue-tsc app, each in a temp dir, install the four packages from their `npm pack`
 * tarballs beside what such an app installs from the registry (from the npm cache the
 * repository's own install filled: `--prefer-offline`). Each type-checks as written, fails to
 * type-check with a misspelt event (the error names it), builds with `vite build`, and the built
 * app pays in Chromium against the real sandbox, through the checkout handler, the money counted
 * in the sandbox's ledger. The React app renders the wrapper of `@paylit/elements/react` in
 * StrictMode, which mounts it twice: `onPaylitPaid` is called once.
 *
 * The versions are those of the repository's own devDependencies, so CI needs no download
 * beyond its `npm ci`. Each step's time is printed: the spec must fit CI's budget.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { createCheckoutHandler } from '@paylit/server';
import { serveNode, type Served } from '@paylit/server/node';
import { expect, test } from '@playwright/test';
import { Hono } from 'hono';
import { payer, startSandbox, type Harness } from '../packages/server/test/support/harness.js';
import { payButton, typeCard } from './support/demo.js';
import { installed, sh, timed as timedStep, type Ran } from './support/fresh.js';
import { packAll, type Packs } from './support/pack.js';
import { scaled } from './support/time.mjs';

const timings: string[] = [];
/** Runs `step`, printing and noting how long it took. */
const timed = <T>(what: string, step: () => Promise<T>) =>
  timedStep('fresh app', what, step, timings);

async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

const page = (title: string, entry: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${title}</title></head>
  <body><main id="app"></main><script type="module" src="${entry}"></script></body>
</html>
`;

const compilerOptions = {
  target: 'ES2022',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  module: 'ESNext',
  moduleResolution: 'bundler',
  strict: true,
  noEmit: true,
  // The packages' declarations are checked too, not skipped (and React's, Vue's and Vite's).
  skipLibCheck: false,
  // Not TypeScript's own lib.*.d.ts, the same in every project (a merchant's Vite template skips
  // every declaration file): about 1.5 s of CPU of each checker's 8 to 11 s.
  skipDefaultLibCheck: true,
  types: [],
};

/** The React app: the wrapper in StrictMode (main.tsx), and the tags with the JSX types (tags.tsx). */
const reactApp = {
  'package.json': JSON.stringify(
    { name: 'merchant-react', private: true, type: 'module' },
    null,
    2,
  ),
  'tsconfig.json': JSON.stringify(
    { compilerOptions: { ...compilerOptions, jsx: 'react-jsx' }, include: ['src'] },
    null,
    2,
  ),
  'tsconfig.mistakes.json': JSON.stringify(
    { extends: './tsconfig.json', include: ['src', 'mistakes'] },
    null,
    2,
  ),
  'vite.config.ts': `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({ plugins: [react()] });
`,
  'index.html': page('Merchant (React)', '/src/main.tsx'),
  'src/main.tsx': `import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PaylitCheckout } from '@paylit/elements/react';
import type { PaylitPaymentEvent } from '@paylit/elements';

function Checkout({ order }: { order: string }) {
  const [events, setEvents] = useState<string[]>([]);
  const paid = (event: PaylitPaymentEvent) => setEvents((seen) => [...seen, \`\${event.type} \${event.payment.id}\`]);
  return (
    <>
      <PaylitCheckout endpoint="/paylit" order={order} onPaylitPaid={paid} onPaylitDeclined={(event) => setEvents((seen) => [...seen, \`\${event.type} \${event.code}\`])} />
      <ol id="events">{events.map((line, i) => <li key={i}>{line}</li>)}</ol>
    </>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <Checkout order={new URLSearchParams(location.search).get('order') ?? ''} />
  </StrictMode>,
);
`,
  'src/tags.tsx': `/// <reference types="@paylit/elements/react" />
import '@paylit/elements';
import type { PaylitPaymentEvent } from '@paylit/elements';

export const Tags = ({ order }: { order: string }) => (
  <paylit-checkout endpoint="/paylit" order={order} onpaylit-paid={(event: PaylitPaymentEvent) => event.payment.id}></paylit-checkout>
);
`,
  'mistakes/misspelt.tsx': `import { PaylitCheckout } from '@paylit/elements/react';

export const Misspelt = () => <PaylitCheckout endpoint="/paylit" order="o" onPaylitPayed={() => {}} />;
`,
};

/** The Vue app: the tags in a template, typed by `@paylit/elements/vue`, vue-tsc with unknown props and events refused. */
const vueApp = {
  'package.json': JSON.stringify({ name: 'merchant-vue', private: true, type: 'module' }, null, 2),
  'tsconfig.json': JSON.stringify(
    {
      compilerOptions: { ...compilerOptions, jsx: 'preserve' },
      include: ['src/**/*.ts', 'src/**/*.vue'],
      vueCompilerOptions: { checkUnknownProps: true, checkUnknownEvents: true },
    },
    null,
    2,
  ),
  'tsconfig.mistakes.json': JSON.stringify(
    { extends: './tsconfig.json', include: ['src/**/*.ts', 'src/**/*.vue', 'mistakes/*.vue'] },
    null,
    2,
  ),
  'vite.config.ts': `import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('paylit-') } } })],
});
`,
  'index.html': page('Merchant (Vue)', '/src/main.ts'),
  'src/env.d.ts': `/// <reference types="vite/client" />
/// <reference types="@paylit/elements/vue" />
`,
  'src/main.ts': `import '@paylit/elements';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
`,
  'src/App.vue': `<script setup lang="ts">
import { ref } from 'vue';
import type { PaylitDeclinedEvent, PaylitPaymentEvent } from '@paylit/elements';

const order = new URLSearchParams(location.search).get('order') ?? '';
const events = ref<string[]>([]);
const paid = (event: PaylitPaymentEvent) => events.value.push(\`\${event.type} \${event.payment.id}\`);
const declined = (event: PaylitDeclinedEvent) => events.value.push(\`\${event.type} \${event.code}\`);
</script>

<template>
  <paylit-checkout endpoint="/paylit" :order="order" @paylit-paid="paid" @paylit-declined="declined"></paylit-checkout>
  <ol id="events"><li v-for="(line, i) in events" :key="i">{{ line }}</li></ol>
</template>
`,
  'mistakes/Misspelt.vue': `<script setup lang="ts">
const paid = () => {};
</script>

<template>
  <paylit-checkout endpoint="/paylit" order="o" @paylit-payed="paid"></paylit-checkout>
</template>
`,
};

const apps = {
  react: {
    files: reactApp,
    registry: [
      'react',
      'react-dom',
      'vite',
      'typescript',
      '@vitejs/plugin-react',
      '@types/react',
      '@types/react-dom',
    ],
    check: 'tsc',
  },
  vue: {
    files: vueApp,
    registry: ['vue', 'vite', 'typescript', 'vue-tsc', '@vitejs/plugin-vue'],
    check: 'vue-tsc',
  },
} as const;
type Kind = keyof typeof apps;

test.describe.configure({ mode: 'default' });

let packs: Packs | undefined;
let work: string;
const dirOf = (kind: Kind) => join(work, kind);
const bin = (kind: Kind, name: string) => join(dirOf(kind), 'node_modules', '.bin', name);

test.beforeAll(async () => {
  test.setTimeout(scaled(100_000)); // npm pack, and two apps installed from the cache
  const started = Date.now();
  packs = await timed('npm pack (4 packages)', packAll);
  work = await mkdtemp(join(tmpdir(), 'paylit-fresh-app-'));
  const tarballs = packs.packages.map((p) => p.tarball);
  await Promise.all(
    (Object.keys(apps) as Kind[]).map(async (kind) => {
      await writeFiles(dirOf(kind), apps[kind].files);
      const install = await timed(
        `npm install (${kind}: the 4 tarballs and ${apps[kind].registry.join(', ')})`,
        () =>
          sh(dirOf(kind), 'npm', [
            'install',
            '--prefer-offline',
            '--no-audit',
            '--no-fund',
            ...tarballs,
            ...apps[kind].registry.map(installed),
          ]),
      );
      expect(install.code, install.out).toBe(0);
    }),
  );
  console.log(`fresh app: set up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

test.afterAll(async () => {
  await packs?.remove();
  if (work) await rm(work, { recursive: true, force: true });
  console.log(timings.join('\n'));
});

// One type-check of each app, with its mistake beside it (`tsconfig.mistakes.json` includes the
// app's sources and the mistakes' folder): the app's own files have no error, and the mistake has
// exactly one, that names it. A checker reports every file's errors, so one run shows both.
const checks = new Map<Kind, Promise<Ran>>();
const check = (kind: Kind) => {
  if (!checks.has(kind)) {
    const args =
      kind === 'react'
        ? ['-p', 'tsconfig.mistakes.json']
        : ['--noEmit', '-p', 'tsconfig.mistakes.json'];
    checks.set(
      kind,
      timed(`${apps[kind].check} (${kind}, the app and its mistake)`, () =>
        sh(dirOf(kind), bin(kind, apps[kind].check), args),
      ),
    );
  }
  return checks.get(kind)!;
};
const errorsOf = (checked: Ran) =>
  checked.out.split('\n').filter((line) => /error TS\d+/.test(line));
/**
 * What the checker said of the app's own files: nothing. That it ran over them is shown by its
 * error on the mistake beside them (a checker that did not start would say nothing either).
 */
function expectAppClean(checked: Ran): void {
  expect(
    errorsOf(checked).some((line) => line.startsWith('mistakes/')),
    `the checker ran: ${checked.out}`,
  ).toBe(true);
  expect(
    errorsOf(checked).filter((line) => !line.startsWith('mistakes/')),
    checked.out,
  ).toEqual([]);
  expect(checked.out, "no line about the app's sources").not.toMatch(/^src\//m);
}

test('React: the app type-checks (the wrapper with onPaylitPaid, and the tags with onpaylit-paid)', async () => {
  test.setTimeout(scaled(60_000)); // tsc over the React app (shared with the next test)
  const checked = await check('react');
  expectAppClean(checked);
});

test('React: a misspelt event on the wrapper (onPaylitPayed) is a type error that names it', async () => {
  test.setTimeout(scaled(60_000)); // tsc over the React app (shared with the last test)
  const checked = await check('react');
  expect(checked.code).not.toBe(0);
  const errors = errorsOf(checked);
  expect(errors, checked.out).toHaveLength(1);
  expect(errors[0]).toMatch(/^mistakes\/misspelt\.tsx\(3,\d+\): error TS2322/);
  expect(checked.out).toContain("Property 'onPaylitPayed' does not exist");
  expect(checked.out).toContain("Did you mean 'onPaylitPaid'?");
});

test('Vue: vue-tsc with checkUnknownProps and checkUnknownEvents passes the app', async () => {
  test.setTimeout(scaled(60_000)); // vue-tsc over the Vue app (shared with the next test)
  const checked = await check('vue');
  expectAppClean(checked);
});

test('Vue: a misspelt @paylit-payed is a vue-tsc error that names it', async () => {
  test.setTimeout(scaled(60_000)); // vue-tsc over the Vue app (shared with the last test)
  const checked = await check('vue');
  expect(checked.code).not.toBe(0);
  const errors = errorsOf(checked);
  expect(errors, checked.out).toHaveLength(1);
  expect(errors[0]).toMatch(
    /^mistakes\/Misspelt\.vue\(\d+,\d+\): error TS2561: .*'onPaylitPayed' does not exist/,
  );
});

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** The built app and the checkout handler on one origin, against a sandbox served over HTTP. */
async function serveShop(root: string): Promise<{
  served: Served;
  sandbox: Harness;
  order(): Promise<{ id: string; clientSecret: string }>;
  close(): Promise<void>;
}> {
  const sandbox = await startSandbox();
  const apiToken = 'fresh-app-token-0123456789abcdef';
  let app: Hono | undefined;
  const served = await serveNode({ fetch: (request) => app!.fetch(request) });
  app = new Hono();
  app.route(
    '/paylit',
    createCheckoutHandler({
      client: sandbox.client,
      publicKey: sandbox.sandbox.publicJwk,
      publicUrl: `${served.url}/paylit`,
      returnUrl: `${served.url}/`,
      allowedOrigins: [served.url],
      apiToken,
      rateLimit: false,
      development: true,
    }),
  );
  app.get('*', async (c) => {
    const path = normalize(c.req.path === '/' ? '/index.html' : c.req.path);
    if (path.includes('..')) return c.notFound();
    try {
      return c.body(await readFile(join(root, path)), 200, {
        'Content-Type': types[extname(path)] ?? 'application/octet-stream',
      });
    } catch {
      return c.notFound();
    }
  });
  let n = 0;
  return {
    served,
    sandbox,
    async order() {
      const order = {
        id: `fresh-${Date.now().toString(36)}-${++n}`,
        amount: 120,
        currency: 'BRL',
        country: 'BR',
        payer,
      };
      const res = await fetch(`${served.url}/paylit/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(order),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return {
        id: order.id,
        clientSecret: ((await res.json()) as { clientSecret: string }).clientSecret,
      };
    },
    close: async () => {
      await served.close();
      await sandbox.close();
    },
  };
}

// Built for production, and for development (NODE_ENV=development: the bundler resolves the
// package's `development` condition, whose modules define the elements too: before they were
// listed in sideEffects, the Vue app's `import '@paylit/elements'` was dropped and no element was defined).
for (const [kind, nodeEnv] of [
  ['react', 'production'],
  ['vue', 'production'],
  ['vue', 'development'],
] as const) {
  test(`${kind === 'react' ? 'React' : 'Vue'}: vite build (NODE_ENV=${nodeEnv}), and the built app pays in Chromium, ${kind === 'react' ? 'onPaylitPaid called once in StrictMode' : '@paylit-paid heard once'}, the money moved once`, async ({
    page,
  }) => {
    test.setTimeout(scaled(60_000)); // vite build of one app, and a card paid in Chromium
    const built = await timed(`vite build (${kind}, ${nodeEnv})`, () =>
      sh(dirOf(kind), bin(kind, 'vite'), ['build', '--logLevel', 'warn'], { NODE_ENV: nodeEnv }),
    );
    expect(built.code, built.out).toBe(0);
    const shop = await serveShop(join(dirOf(kind), 'dist'));
    try {
      const order = await shop.order();
      await page.goto(`${shop.served.url}/?order=${encodeURIComponent(order.clientSecret)}`);
      await expect(payButton(page)).toHaveAttribute('aria-disabled', 'false');
      await typeCard(page);
      await payButton(page).click();
      const events = page.locator('#events li');
      await expect(events).toHaveCount(1);
      await expect(events).toHaveText(/^paylit-paid \S+$/);
      await expect
        .poll(
          () =>
            shop.sandbox.sandbox
              .ledger()
              .entries.filter((e) => e.order_id?.startsWith(order.id) && e.money_moved).length,
        )
        .toBe(1);
      // Twice-added listeners would have called the handler twice in the same dispatch, so in the same render.
      await expect(page.locator('paylit-checkout [part~="outcome"]')).toBeVisible();
      await expect(events).toHaveCount(1);
    } finally {
      await shop.close();
    }
  });
}
