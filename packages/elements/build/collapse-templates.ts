/**
 * Used by the builds of the browser files (light-styles.ts). Kept as this small module: the
 * maintained template minifiers (minify-literals, over html-minifier-next) rewrite the markup
 * itself, where this only takes out the indentation, which keeps every line of the source and
 * so its source map for the size report.
 *
 * A Lit `html` template's text with each run of whitespace that holds a line break (the
 * source's indentation) cut down to its line breaks: the same page under the default
 * `white-space`, with fewer bytes to send. Nested templates inside `${…}` are followed; nothing else changes.
 */
export function collapseTemplates(code: string): string {
  // Only the line breaks stay: the lines (and so the build's source map, which this transform
  // does not rewrite) stay where they were, and the size report keeps finding each module.
  const squeeze = (text: string) =>
    text.replace(/[ \t]*\n\s*/g, (run) => run.replace(/[^\n]/g, ''));
  // A template literal's rest from `i` (after its backtick): [its text to the closing backtick, the index after it].
  const template = (i: number, collapse: boolean): [string, number] => {
    let out = '';
    let from = i;
    const take = (to: number) =>
      (out += collapse ? squeeze(code.slice(from, to)) : code.slice(from, to));
    while (i < code.length) {
      if (code[i] === '\\') i += 2;
      else if (code[i] === '`') return (take(i), [`${out}\``, i + 1]);
      else if (code[i] === '$' && code[i + 1] === '{') {
        take(i);
        const [text, end] = expression(i + 2);
        out += `\${${text}`;
        from = i = end;
      } else i++;
    }
    throw new Error('collapseTemplates: a template literal without its end');
  };
  const end = (at: number) => {
    if (at < 0) throw new Error('collapseTemplates: a string or comment without its end');
    return at;
  };
  // The index of the quote that closes the string opened at `i`, escapes skipped.
  const skipString = (i: number, quote: string): number => {
    for (let j = i + 1; j < code.length; j++) {
      if (code[j] === '\\') j++;
      else if (code[j] === quote) return j;
      else if (code[j] === '\n') break;
    }
    return end(-1);
  };
  // A `${…}` expression's rest from `i`: [its text to the closing brace, the index after it].
  const expression = (i: number): [string, number] => {
    let out = '';
    let from = i;
    let depth = 0;
    while (i < code.length) {
      const ch = code[i]!;
      if (ch === '{') depth++;
      else if (ch === '}' && depth-- === 0) return [`${out}${code.slice(from, i)}}`, i + 1];
      else if (ch === "'" || ch === '"') i = skipString(i, ch);
      else if (ch === '/' && code[i + 1] === '*') i = end(code.indexOf('*/', i + 2)) + 1;
      else if (ch === '/' && code[i + 1] === '/') i = end(code.indexOf('\n', i + 2));
      else if (ch === '`') {
        out += code.slice(from, i + 1);
        const [text, end] = template(
          i + 1,
          /(?<![\w$.])html$/.test(code.slice(Math.max(0, i - 5), i)),
        );
        out += text;
        from = i = end;
        continue;
      }
      i++;
    }
    throw new Error('collapseTemplates: an expression without its end');
  };
  let out = '';
  let at = 0;
  const tag = /(?<![\w$.])html`/g;
  for (let m = tag.exec(code); m; m = tag.exec(code)) {
    out += code.slice(at, m.index + m[0].length);
    const [text, end] = template(m.index + m[0].length, true);
    out += text;
    tag.lastIndex = at = end;
  }
  return out + code.slice(at);
}
