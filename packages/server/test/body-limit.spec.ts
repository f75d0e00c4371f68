/**
 * The handler's body limit under the Node adapter with its globals left alone
 * (`overrideGlobalObjects: false`), where hono/body-limit's re-created Request fails (500)
 * for a DELETE or OPTIONS without a body and for a chunked POST. In a child process: the
 * adapter's globals, once put in place by another spec, stay for the whole worker.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

test("with the Node adapter's globals off, requests with and without bodies pass the limit and read their body", async () => {
  const dist = fileURLToPath(new URL('../dist/middleware/body-limit.js', import.meta.url));
  const code = `
    import { Hono } from 'hono';
    import { request } from 'node:http';
    import { serveNode } from '@paylit/server/node';
    import { bodyLimit } from ${JSON.stringify(dist)};
    const app = new Hono();
    app.onError((e, c) => c.text('error: ' + e.message, 500));
    app.use('*', bodyLimit({ maxBytes: 1000, onTooLarge: (c) => c.text('too large', 413), onIncomplete: (c) => c.text('cut short', 400) }));
    app.all('*', async (c) => c.text(c.req.method + ' ' + (await c.req.text()).length));
    const served = await serveNode(app, { overrideGlobalObjects: false });
    const out = [];
    for (const [method, body] of [['GET'], ['HEAD'], ['OPTIONS'], ['DELETE'], ['DELETE', 'abc'], ['POST', 'abc'], ['POST', 'x'.repeat(1001)]]) {
      const res = await fetch(served.url, { method, body });
      out.push(res.status + ' ' + (await res.text()));
    }
    for (const size of [1000, 1001]) {
      out.push(await new Promise((resolve) => {
        const req = request(served.url, { method: 'POST', headers: { 'Transfer-Encoding': 'chunked' } }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve(res.statusCode + ' ' + text));
        });
        req.on('error', () => {});
        req.write('x'.repeat(size - 1));
        req.end('x');
      }));
    }
    await served.close();
    console.log(JSON.stringify(out));
  `;
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ['--input-type=module', '-e', code],
      { cwd: fileURLToPath(new URL('.', import.meta.url)) },
      (error, out, err) => (error ? reject(new Error(err || error.message)) : resolve(out)),
    ),
  );
  expect(JSON.parse(stdout)).toEqual([
    '200 GET 0',
    '200 ',
    '200 OPTIONS 0',
    '200 DELETE 0',
    '200 DELETE 3',
    '200 POST 3',
    '413 too large',
    '200 POST 1000',
    '413 too large',
  ]);
});
