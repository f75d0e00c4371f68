/**
 * Where each browser file's bytes come from, for the bench's breakdown (bench/elements.mjs):
 * the minified text of every source module, found through a source map that is made for this
 * and not written, in `.cache/bundle-sizes.json` as `{file: {source: text}}`. A stretch of
 * output the map gives no source for (a template's text on its own lines) goes with the source
 * before it. Rolldown reports no sizes per module after minification, hence this plugin.
 */
import { decode } from '@jridgewell/sourcemap-codec';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Plugin } from 'vite';

/** The text of `code` by source, through its source map's `sources` and `mappings`. */
export function textBySource(
  code: string,
  map: { readonly sources: readonly (string | null)[]; readonly mappings: string },
): Record<string, string> {
  const bySource: Record<string, string> = {};
  const lines = code.split('\n');
  const add = (source: number, text: string) => {
    const key = (map.sources[source] ?? '(no source)')
      .replace(/^(\.\.\/)+/, '')
      .replace(/^.*node_modules\//, '');
    bySource[key] = (bySource[key] ?? '') + text;
  };
  let source = -1;
  decode(map.mappings).forEach((segments, i) => {
    const text = lines[i] ?? '';
    if (segments[0] && segments[0].length > 1) source = segments[0][1]!;
    let at = 0;
    for (const segment of segments) {
      add(source, text.slice(at, segment[0]));
      at = segment[0];
      if (segment.length > 1) source = segment[1]!;
    }
    add(source, text.slice(at) + (i < lines.length - 1 ? '\n' : ''));
  });
  for (const [key, text] of Object.entries(bySource)) if (!text) delete bySource[key];
  return bySource;
}

/**
 * The build plugin: `fresh` starts the report anew (the first build), otherwise each build adds
 * its files. The build's `sourcemap` must be `'hidden'`; the maps are dropped, not written.
 */
export function sizeReport(file: string, fresh: boolean): Plugin {
  return {
    name: 'paylit-size-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, Record<string, string>> = !fresh && existsSync(file)
        ? JSON.parse(readFileSync(file, 'utf8'))
        : {};
      for (const [name, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk' || !output.map) continue;
        report[name] = textBySource(output.code, output.map);
        delete bundle[`${name}.map`];
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(report));
    },
  };
}
