// A server for the benchmark, in its own process so the load generator does not share its event loop:
// `node server.mjs bare` answers fixed JSON with node:http; `node server.mjs sandbox` serves the sandbox.
import { createServer } from 'node:http';
import { createSandbox } from '@paylit/sandbox';

const kind = process.argv[2];
if (kind === 'bare') {
  const body = JSON.stringify({
    id: 'D-1-00000000-0000-0000-0000-000000000000',
    status: 'PAID',
    status_code: '200',
    status_detail: 'The payment was paid.',
  });
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res
        .writeHead(200, {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        })
        .end(body),
    );
  });
  server.listen(0, '127.0.0.1', () =>
    process.send({ url: `http://127.0.0.1:${server.address().port}` }),
  );
} else {
  const sandbox = await createSandbox({ onError: (e) => console.error(e) });
  const { url } = await sandbox.listen();
  process.send({ url, credentials: sandbox.credentials });
}
