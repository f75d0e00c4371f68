/**
 * Core's browser suites (src/**\/*.test.ts), run again in Node: @paylit/core must
 * behave the same in both.
 */
import '../../../test/support/mocha-shim.js';
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const suites = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .sort();
for (const suite of suites) await import(pathToFileURL(src + suite).href);
