/** The browser build's template squeeze: indentation inside Lit templates goes (its line breaks stay), and nothing else changes. */
import { expect, test } from '@playwright/test';
import { collapseTemplates } from '../build/collapse-templates.js';

test('indentation in html templates, nested ones included, goes; the line breaks stay, so lines keep their numbers', () => {
  const source =
    'const a = html`<div>\n    <span>${x ? html`<b>\n   y</b>` : nothing}</span>  \n\n  </div>`;';
  expect(collapseTemplates(source)).toBe(
    'const a = html`<div>\n<span>${x ? html`<b>\ny</b>` : nothing}</span>\n\n</div>`;',
  );
});

test('strings, plain template literals, objects and code outside templates are left as they are', () => {
  const source = [
    "const s = '`not a template';",
    'const t = html`<p class=${{ a: 1 }[\'a\'] ? `keep\n   this` : "}"}>\n  ${"`"}\n</p>`;',
    'const plain = `a\n   b`;',
    'const css = css`:host {\n  display: block;\n}`;',
    '// html`x`',
    'const escaped = html`\\`\n  `;',
  ].join('\n');
  expect(collapseTemplates(source)).toBe(
    [
      "const s = '`not a template';",
      'const t = html`<p class=${{ a: 1 }[\'a\'] ? `keep\n   this` : "}"}>\n${"`"}\n</p>`;',
      'const plain = `a\n   b`;',
      'const css = css`:host {\n  display: block;\n}`;',
      '// html`x`',
      'const escaped = html`\\`\n`;',
    ].join('\n'),
  );
});

test('an unterminated template is an error that says so, not a silent truncation', () => {
  expect(() => collapseTemplates('html`<p>${x}')).toThrow(/without its end/);
});

test('strings with escaped quotes and comments inside an expression do not end it early', () => {
  const source =
    "html`<p>\n  ${x ? 'it\\'s' : \"a \\\"}\\\" b\"}\n  ${/* a } ' ` */ y}\n  ${// don't `\n z}</p>`";
  expect(collapseTemplates(source)).toBe(
    "html`<p>\n${x ? 'it\\'s' : \"a \\\"}\\\" b\"}\n${/* a } ' ` */ y}\n${// don't `\n z}</p>`",
  );
});

test('an unterminated string inside an expression is an error, not a loop', () => {
  expect(() => collapseTemplates("html`<p>${'open}</p>`")).toThrow(/without its end/);
});
