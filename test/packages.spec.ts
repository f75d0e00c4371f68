/**
 * What a merchant installs and what anyone reads stands alone (issue 23).
 *
 * The tarballs: the four packages as `npm pack` makes them (after the build `npm test` runs
 * first), each read as a merchant's install has it: every file an `exports` condition names,
 * `bin` and `customElements` are in it, and every source map shipped finds its sources in it
 * (or carries them).
 *
 * The docs: every Markdown file of the repository links and shows only files of the
 * repository, names no Markdown file the repository lacks, and a `../` path written in them,
 * in a package's description or in a source comment leads to something in the repository.
 * These rules name no outside file: they hold for any.
 *
 * A tarball stands alone (issue 39): every link of the Markdown it ships leads into it, or is
 * an absolute URL of the repository naming a file the repository has; each package names its
 * repository, homepage, issues and licence, and ships the MIT licence's text; every
 * dependency `npm install` puts in admits the lowest Node the engines name, so it warns of none.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import semver from 'semver';
import { packAll, repo, type Packs } from './support/pack.js';
import { scaled } from './support/time.mjs';

/** The repository, as each package.json names it and the tarballs' docs link to it. */
const REPOSITORY = 'https://github.com/paylit/paylit';

/** Every link target of a Markdown text outside its code: `[..](x)`, `[..]: x`, `src=`/`href=`. */
function markdownLinks(markdown: string): string[] {
  const text = markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/`[^`\n]*`/g, '');
  return [
    ...[...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/\s(?:src|href)\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]!),
  ];
}

test.describe('the tarballs', () => {
  // One pack for the tests of this group: they run one after the other, in one worker.
  test.describe.configure({ mode: 'default' });
  let packs: Packs;
  test.beforeAll(async () => {
    test.setTimeout(scaled(40_000)); // npm pack of the four packages, unpacked
    packs = await packAll();
  });
  test.afterAll(async () => packs?.remove());

  /** Every path a value of `exports` names, under any condition, however deep. */
  const exportPaths = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(exportPaths)
        : [];

  test('the four packages are packed', () => {
    expect(packs.packages.map((p) => p.name).sort()).toEqual([
      '@paylit/core',
      '@paylit/elements',
      '@paylit/sandbox',
      '@paylit/server',
    ]);
  });

  test('every file an exports condition names is in its tarball, and so are bin and customElements', () => {
    for (const pack of packs.packages) {
      const manifest = JSON.parse(readFileSync(join(pack.root, 'package.json'), 'utf8')) as {
        exports: unknown;
        bin?: Record<string, string>;
        customElements?: string;
      };
      const named = [
        ...exportPaths(manifest.exports),
        ...Object.values(manifest.bin ?? {}),
        ...(manifest.customElements ? [manifest.customElements] : []),
      ];
      expect(named.length, pack.name).toBeGreaterThan(0);
      const missing = named
        .map((path) => posix.normalize(path))
        .filter((path) => !pack.files.includes(path));
      expect(missing, `${pack.name}: named by its package.json, missing from its tarball`).toEqual(
        [],
      );
    }
  });

  test('the source condition names a TypeScript source that ships, and its tests do not', () => {
    for (const pack of packs.packages) {
      const manifest = JSON.parse(readFileSync(join(pack.root, 'package.json'), 'utf8')) as {
        exports: Record<string, unknown>;
      };
      const sources = Object.values(manifest.exports).flatMap((entry) =>
        entry && typeof entry === 'object' && 'source' in entry ? [String(entry.source)] : [],
      );
      for (const source of sources)
        expect(pack.files, `${pack.name}: ${source}`).toContain(posix.normalize(source));
      expect(
        pack.files.filter((f) => /\.(test|spec|stories)\.tsx?$/.test(f)),
        `${pack.name}: tests shipped`,
      ).toEqual([]);
    }
  });

  test("every link of a tarball's Markdown leads into the tarball, or to a file the repository has by an absolute URL", () => {
    const broken: string[] = [];
    let links = 0;
    for (const pack of packs.packages) {
      for (const md of pack.files.filter((f) => f.endsWith('.md'))) {
        for (const target of markdownLinks(readFileSync(join(pack.root, md), 'utf8'))) {
          links++;
          if (target.startsWith('#')) continue;
          const where = `${pack.name}: ${md}: ${target}`;
          if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(target)) {
            // Another site is the reader's to follow; one of the repository names a file it has.
            if (!/github\.com\/paylit\//i.test(target)) continue;
            const file = new RegExp(`^${REPOSITORY}/(?:blob|tree)/main/([^#?]+)`).exec(target);
            if (target !== REPOSITORY && !/^[^#?]+\/issues$/.test(target))
              if (!file || !existsSync(join(repo, decodeURIComponent(file[1]!))))
                broken.push(where);
            continue;
          }
          const path = posix.normalize(
            posix.join(posix.dirname(md), decodeURIComponent(target.replace(/[#?].*$/, ''))),
          );
          const folder = path.replace(/\/$/, '');
          if (!pack.files.includes(path) && !pack.files.some((f) => f.startsWith(`${folder}/`)))
            broken.push(where);
        }
      }
    }
    expect(links).toBeGreaterThan(0);
    expect(broken).toEqual([]);
  });

  test('each package names its repository, homepage, issues and MIT licence, and its tarball carries the licence', () => {
    const license = readFileSync(join(repo, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
    for (const pack of packs.packages) {
      const manifest = JSON.parse(readFileSync(join(pack.root, 'package.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(manifest, pack.name).toMatchObject({
        license: 'MIT',
        repository: {
          type: 'git',
          url: `git+${REPOSITORY}.git`,
          directory: `packages/${pack.dir}`,
        },
        homepage: `${REPOSITORY}/tree/main/packages/${pack.dir}#readme`,
        bugs: { url: `${REPOSITORY}/issues` },
      });
      expect(pack.files, pack.name).toContain('LICENSE');
      expect(readFileSync(join(pack.root, 'LICENSE'), 'utf8'), pack.name).toBe(license);
    }
  });

  test('every source map shipped has its sources in the tarball or carries them', () => {
    let maps = 0;
    for (const pack of packs.packages) {
      for (const file of pack.files.filter((f) => f.endsWith('.map'))) {
        maps++;
        const map = JSON.parse(readFileSync(join(pack.root, file), 'utf8')) as {
          sources: string[];
          sourceRoot?: string;
          sourcesContent?: (string | null)[];
        };
        map.sources.forEach((source, i) => {
          if (typeof map.sourcesContent?.[i] === 'string') return;
          const path = posix.normalize(
            posix.join(posix.dirname(file), map.sourceRoot ?? '', source),
          );
          expect(
            path.startsWith('../')
              ? `${file}: ${source} is outside the package`
              : pack.files.includes(path)
                ? ''
                : `${file}: ${source} (${path}) is not in the tarball`,
            pack.name,
          ).toBe('');
        });
      }
    }
    expect(maps).toBeGreaterThan(0);
  });
});

test.describe('the engines', () => {
  interface Locked {
    engines?: { node?: string };
    dependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    optional?: boolean;
    dev?: boolean;
  }
  const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, Locked>;
  };
  const lowest = (range: string) => semver.minVersion(range)!.version;
  /** Where Node finds `name` from the package at `from` (a key of the lock), as npm laid it out. */
  const resolveIn = (name: string, from: string): string | undefined => {
    let base = from;
    for (;;) {
      const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
      if (lock.packages[key]) return key;
      if (!base) return undefined;
      // Up to the folder holding the package `base` is (or to the root, from a workspace).
      const at = base.lastIndexOf('node_modules/');
      base = at <= 0 ? '' : base.slice(0, at - 1);
    }
  };
  const refusing = (node: string, keys: Iterable<string>) =>
    [...keys].flatMap((key) => {
      const range = lock.packages[key]?.engines?.node;
      return range && !semver.satisfies(node, range) ? [`${key} wants Node ${range}`] : [];
    });

  test("every dependency of the repository (npm install on a clone) admits the lowest Node the root's engines name", () => {
    const root = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as Locked).engines!
      .node!;
    // A platform's optional binary that does not fit is skipped by npm without a word.
    const installed = Object.keys(lock.packages).filter(
      (key) => key.includes('node_modules/') && !lock.packages[key]!.optional,
    );
    expect(installed.length).toBeGreaterThan(100);
    expect(refusing(lowest(root), installed)).toEqual([]);
  });

  test("every dependency a package brings into a merchant's app (npm install @paylit/…) admits the lowest Node its engines name", () => {
    for (const dir of ['core', 'server', 'sandbox', 'elements']) {
      const key = `packages/${dir}`;
      const own = lock.packages[key]!;
      const node = lowest(own.engines?.node ?? '>=20');
      const seen = new Set<string>();
      const walk = (from: string, names: Record<string, string> | undefined) => {
        for (const name of Object.keys(names ?? {})) {
          const found = resolveIn(name, from);
          if (!found || seen.has(found)) continue;
          seen.add(found);
          const entry = lock.packages[found]!;
          walk(found, { ...entry.dependencies, ...entry.optionalDependencies });
        }
      };
      walk(key, { ...own.dependencies, ...own.optionalDependencies });
      expect(refusing(node, seen), `@paylit/${dir} on Node ${node}`).toEqual([]);
    }
  });
});

test.describe('the docs', () => {
  /** Files of a clone: tracked, or new and not ignored. */
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
    { cwd: repo, encoding: 'utf8' },
  )
    .split('\0')
    .filter((f) => f && existsSync(join(repo, f)));
  const folders = new Set(
    files.flatMap((f) =>
      f
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const inRepository = (path: string) => {
    const rel = relative(repo, path).split('\\').join('/');
    return !rel.startsWith('..') && (rel === '' || files.includes(rel) || folders.has(rel));
  };
  const markdown = files.filter((f) => f.endsWith('.md'));
  const markdownNames = new Set(markdown.map((f) => posix.basename(f)));
  const sourceFiles = files.filter(
    (f) => /\.(ts|tsx|mts|mjs|js|cjs|vue|html|css|sh|ya?ml)$/.test(f) || f === '.ci/run',
  );
  const manifests = files.filter(
    (f) => f === 'package.json' || /^packages\/[^/]+\/package\.json$/.test(f),
  );

  /** Markdown without its fenced code blocks and code spans: what is left can link. */
  const prose = (text: string) =>
    text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  /** The comments of a source file (`//`, block, HTML and `#` comments). */
  const comments = (text: string) =>
    (text.match(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->|^\s*#[^\n]*/gm) ?? []).join('\n');
  /** Every `*.md` file name written in a text. */
  const markdownNamed = (text: string) => [...text.matchAll(/[\w.-]*\w\.md\b/g)].map((m) => m[0]);
  /** Every `../` path written in a text. */
  const upPaths = (text: string) =>
    [...text.matchAll(/(?<![\w.])(?:\.\.\/)+[\w@.-]+(?:\/[\w@.-]+)*\/?/g)].map((m) => m[0]);
  /**
   * A written path leads to something in the repository's folder: as written, as the `.ts` a
   * `.js` import names, or a folder; built and installed ones count (a type test's `dist/`, a
   * spec's `node_modules/`).
   */
  const leadsIn = (from: string, path: string) => {
    const target = resolve(repo, dirname(from), path);
    return (
      !relative(repo, target).startsWith('..') &&
      [target, target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx')].some((t) =>
        existsSync(t),
      )
    );
  };

  test('the repository has its Markdown files and package manifests to read', () => {
    expect(markdown).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/architecture.md',
        'packages/elements/README.md',
        'test/README.md',
      ]),
    );
    expect(manifests).toHaveLength(5);
  });

  test('every relative link and image of every Markdown file leads to a file of the repository', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      const text = prose(readFileSync(join(repo, file), 'utf8'));
      const targets = [
        ...[...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
          (m) => m[1]!,
        ),
        ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!),
        ...[...text.matchAll(/\s(?:src|href)\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]!),
      ];
      for (const target of targets) {
        if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('#') || target.startsWith('//'))
          continue;
        const path = decodeURIComponent(target.replace(/[#?].*$/, ''));
        const resolved = path.startsWith('/')
          ? join(repo, path)
          : resolve(repo, dirname(file), path);
        if (!inRepository(resolved)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('no Markdown file, package description or source comment names a Markdown file the repository lacks', () => {
    const texts = [
      ...markdown.map((f) => [f, readFileSync(join(repo, f), 'utf8')] as const),
      ...manifests.map(
        (f) =>
          [
            f,
            String(
              (JSON.parse(readFileSync(join(repo, f), 'utf8')) as { description?: string })
                .description ?? '',
            ),
          ] as const,
      ),
      ...sourceFiles.map((f) => [f, readFileSync(join(repo, f), 'utf8')] as const),
    ];
    const unknown = texts.flatMap(([file, text]) =>
      markdownNamed(text)
        .filter((name) => !markdownNames.has(posix.basename(name)))
        .map((name) => `${file}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  test('a ../ path written in a Markdown file, a package description or a source comment leads into the repository', () => {
    const texts = [
      ...markdown.map((f) => [f, readFileSync(join(repo, f), 'utf8')] as const),
      ...manifests.map(
        (f) =>
          [
            f,
            String(
              (JSON.parse(readFileSync(join(repo, f), 'utf8')) as { description?: string })
                .description ?? '',
            ),
          ] as const,
      ),
      ...sourceFiles.map((f) => [f, comments(readFileSync(join(repo, f), 'utf8'))] as const),
    ];
    const outside = texts.flatMap(([file, text]) =>
      upPaths(text)
        .filter((path) => !leadsIn(file, path))
        .map((path) => `${file}: ${path}`),
    );
    expect(outside).toEqual([]);
  });
});
