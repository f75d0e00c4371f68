#!/usr/bin/env node
// The `paylit-server` command. npm links a bin only if its file exists at install time, and
// dist/ does not exist until a build: this launcher is in the repository, so `npm install`
// links it on a fresh clone, and it runs the built CLI (dist/cli.js) once `npm run build` has made it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  console.error(
    `paylit-server: ${fileURLToPath(cli)} is missing: run npm run build first (in a clone of the repository; the published @paylit/server package ships it built)`,
  );
  process.exit(1);
}
await import(cli.href);
