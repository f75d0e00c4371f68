/**
 * The browser files' styles and templates as the browser needs them (the script-tag file and
 * its chunks; the ES modules keep them as written, for the merchant's bundler and for reading):
 * each `css` template's text minified by lightningcss, and the indentation of Lit's `html`
 * templates taken out (collapse-templates.ts).
 */
import { transform } from 'lightningcss';
import type { Plugin } from 'vite';
import { collapseTemplates } from './collapse-templates.js';

const hole = (i: number) => `--paylit-hole-${i}`;

/**
 * A `css` template's text, minified. Its `${…}` parts stand in as identifiers while lightningcss
 * reads the text, and are put back as they were. A text lightningcss cannot read, or one whose
 * minifying would drop or copy a part, is an error that names the file.
 */
export function minifyCss(text: string, file = 'styles.css'): string {
  const parts: string[] = [];
  const code = text.replace(/\$\{[^}]*\}/g, (part) => hole(parts.push(part) - 1));
  let out: string;
  try {
    out = transform({ filename: file, code: Buffer.from(code), minify: true }).code.toString();
  } catch (error) {
    throw new Error(`${file}: lightningcss could not read a css\`\` template: ${String(error)}`, {
      cause: error,
    });
  }
  if (parts.some((_, i) => out.split(hole(i)).length !== 2))
    throw new Error(`${file}: a css\`\` template's \${…} part was not kept once where it was`);
  return parts.reduce((css, part, i) => css.replace(hole(i), () => part), out);
}

/** The build plugin: the styles of the modules under `root`, the templates of its `components/`. */
export function lightStyles(root: string): Plugin {
  return {
    name: 'paylit-light-styles',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(root) || !id.endsWith('.ts')) return null;
      let light = code.includes('css`')
        ? code.replace(
            /(?<![\w$.`])css`([^`]*)`/g,
            (_whole, body: string) => `css\`${minifyCss(body, id)}\``,
          )
        : code;
      if (id.startsWith(`${root}components/`) && light.includes('html`'))
        light = collapseTemplates(light);
      // `map: null`: the size report needs no more than which module a line is from, and the
      // sources' own mappings give that.
      return light === code ? null : { code: light, map: null };
    },
  };
}
