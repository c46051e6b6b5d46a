import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself (docs/decisions/0024-the-design-brief-in-the-repository.md): comments and
 * pages cite only files inside it. This suite scans every tracked text file for citations of the documents
 * the product was first built from ("spec part N" with its section signs, "DESIGN rule N", "the design
 * brief"), which a newcomer who clones the repository cannot open. It also checks that every citation of a
 * page in docs/ (`docs/product/editor.md#actions`, or a relative link between pages) names a file that exists
 * and, with an anchor, a heading in it, and that the code paths the documentation names exist.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const self = path
  .relative(root, import.meta.filename)
  .split(path.sep)
  .join('/');

const DESIGN = 'DESIGN (the design brief: DESIGN.md, DESIGN rule N)';

/** Citation forms of documents outside the repository. */
const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: 'a section sign (spec section citation)', pattern: /\u00a7/ },
  { name: '"spec part N"', pattern: /\bspec,? part\b/i },
  { name: '"part N section M"', pattern: /\bpart [12],? (?:section|\u00a7)/i },
  { name: 'the spec (not a *.spec.ts file name)', pattern: /(?<![\w./@-])spec(?![\w.-])/i },
  { name: DESIGN, pattern: /\bDESIGN\b/ },
  { name: '"design brief"', pattern: /design brief/i },
  {
    name: 'a path outside the repository',
    pattern: /\bshared\/(?:spec|DESIGN)|\/work\/shared\b|part[12]-(?:shell-auth-editor|dashboard-lists-settings)/,
  },
];

/**
 * Files that may keep what FORBIDDEN finds. Accepted decision records are never edited (ADR 1, ADR 24 rule 4):
 * ADRs 1 to 12 keep the old citations (ADR 24 says how to read them); ADR 24 is the record of moving the
 * specification and the brief into the repository; ADRs 25 to 39 are the brief's decisions recorded there and
 * may name the brief as where they came from; ADR 13, accepted alongside ADR 24, says "DESIGN rule 5" once
 * (ADR 27 rule 5). Only these files, and for the last two groups only the forms named: a new record or any
 * other file gets no exemption.
 */
const EXEMPT: { file: RegExp; names?: string[] }[] = [
  { file: /^docs\/decisions\/00(?:0[1-9]|1[0-2]|24)-[^/]+\.md$/ },
  { file: /^docs\/decisions\/00(?:2[5-9]|3\d)-[^/]+\.md$/, names: ['"design brief"', DESIGN] },
  { file: /^docs\/decisions\/0013-[^/]+\.md$/, names: [DESIGN] },
];

/** Pages whose code paths must exist: the README and docs/, decision records aside. */
const DOCUMENTATION = /^(?:README\.md|docs\/(?!decisions\/).*\.md)$/;
const BINARY = /\.(?:png|jpe?g|gif|webp|ico|ttf|otf|woff2?|pdf|zip|gz)$/i;
const SKIPPED = new Set(['package-lock.json', self]);

/** Tracked files; outside a git checkout (an exported tree) every file but dependencies and build output. */
function repositoryFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter(Boolean);
  } catch {
    const ignored = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'playwright-report', '.tools']);
    const walk = (dir: string): string[] =>
      readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const relative = dir ? `${dir}/${entry.name}` : entry.name;
        if (ignored.has(entry.name)) return [];
        return entry.isDirectory() ? walk(relative) : [relative];
      });
    return walk('');
  }
}

function textFiles(): { file: string; text: string }[] {
  return repositoryFiles()
    .filter((file) => !BINARY.test(file) && !SKIPPED.has(file) && existsSync(path.join(root, file)))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }))
    .filter(({ text }) => !text.includes('\0'));
}

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, each space a hyphen. */
function githubAnchor(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor of a Markdown file: its headings (repeats get -1, -2, ... as on GitHub) and HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = githubAnchor(heading[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const html of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(html[1]!);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string> | null>();
function anchorsOfFile(relative: string): Set<string> | null {
  if (!anchorCache.has(relative)) {
    const absolute = path.join(root, relative);
    const exists = existsSync(absolute) && statSync(absolute).isFile();
    anchorCache.set(relative, exists ? anchorsOf(readFileSync(absolute, 'utf8')) : null);
  }
  return anchorCache.get(relative)!;
}

/** A citation that does not resolve, or null. `target` is relative to the repository root. */
function unresolved(target: string, anchor: string | undefined): string | null {
  const anchors = anchorsOfFile(target);
  if (!anchors) return `${target} does not exist`;
  if (anchor !== undefined && !anchors.has(anchor)) return `${target} has no heading for #${anchor}`;
  return null;
}

/** Problems of one file: forbidden citations, and citations of docs/ that do not resolve. */
function citationProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  const exemptions = EXEMPT.filter((exempt) => exempt.file.test(file));
  if (exemptions.some((exempt) => !exempt.names)) return problems;
  const allowed = new Set(exemptions.flatMap((exempt) => exempt.names ?? []));
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    const cited = FORBIDDEN.filter(({ name, pattern }) => !allowed.has(name) && pattern.test(line));
    if (cited.length > 0) problems.push(`${where} cites ${cited.map(({ name }) => name).join(', ')}: ${line.trim()}`);
    // Repository-relative citations: docs/product/editor.md#actions, docs/decisions/0031-invoice-numbers.md.
    for (const match of line.matchAll(/(?<![\w./-])(docs\/[\w./-]*?\.md)(?:#([\w-]+))?/g)) {
      const problem = unresolved(match[1]!, match[2]);
      if (problem) problems.push(`${where} cites ${match[0]}: ${problem}`);
    }
    // Code the documentation names (`apps/server/src/pdf/`), where paths are repository-relative. Decision
    // records are left out: they describe the code as it was when they were accepted.
    if (DOCUMENTATION.test(file)) {
      for (const match of line.matchAll(/(?<![\w./@-])(?:apps|packages|e2e|scripts|eslint|\.ci)\/[\w./-]*[\w/]/g)) {
        if (!/\/dist(?:\/|$)/.test(match[0]) && !existsSync(path.join(root, match[0]))) {
          problems.push(`${where} names ${match[0]}, which does not exist`);
        }
      }
    }
    // Links between Markdown pages, relative to the page: [x](../product/editor.md#actions), [x](#limits).
    if (file.endsWith('.md')) {
      for (const match of line.matchAll(/\]\((?!https?:|mailto:)([^)\s#]*\.md)?(?:#([^)\s]+))?\)/g)) {
        if (match[1] === undefined && match[2] === undefined) continue;
        const target = match[1] ? path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1])) : file;
        const problem = unresolved(target, match[2]);
        if (problem) problems.push(`${where} links ${match[0]}: ${problem}`);
      }
    }
  });
  // A citation broken over two lines of a comment or a paragraph ("the design\n * brief").
  const continuation = (line: string) => line.replace(/^\s*(?:\/\/|\*|#+|>|--)?\s*/, '');
  for (let index = 0; index + 1 < lines.length; index++) {
    const [line, next] = [lines[index]!, continuation(lines[index + 1]!)];
    const joined = `${line.trimEnd()} ${next}`;
    const cited = FORBIDDEN.filter(
      ({ name, pattern }) => !allowed.has(name) && pattern.test(joined) && !pattern.test(line) && !pattern.test(next),
    );
    if (cited.length > 0) {
      problems.push(
        `${file}:${index + 1}-${index + 2} cites ${cited.map(({ name }) => name).join(', ')}: ${joined.trim()}`,
      );
    }
  }
  return problems;
}

describe('citations in the repository', () => {
  it('computes anchors as GitHub does', () => {
    expect(githubAnchor('The overdue rule')).toBe('the-overdue-rule');
    expect(githubAnchor('GET /api/invoices/{id}')).toBe('get-apiinvoicesid');
    expect(githubAnchor('Tax, discount and shipping switches')).toBe('tax-discount-and-shipping-switches');
    expect(githubAnchor("Another user's records")).toBe('another-users-records');
    expect([...anchorsOf('# A\n## Limits\n```\n## Not a heading\n```\n### Limits\n')]).toEqual([
      'a',
      'limits',
      'limits-1',
    ]);
  });

  it('finds citations of documents outside the repository, and citations that do not resolve', () => {
    const bad = [
      '// Overdue is derived (spec part 2 \u00a74).',
      '// See DESIGN rule 5.',
      "it('uses the spec wording', () => {});",
      '// The design brief chose this.',
      '// Read ../shared/spec/part2-dashboard-lists-settings.md first.',
      '// docs/product/invoices.md#no-such-heading',
      '// docs/product/no-such-page.md',
      ' * faster than the 60-400 ms in the design\n * brief (cold pages included).',
    ];
    for (const line of bad) expect(citationProblems('apps/x.ts', line), line).toHaveLength(1);
    const good = [
      '// Overdue is derived, never stored (docs/product/states-and-transitions.md#the-overdue-rule).',
      '// docs/decisions/0031-invoice-numbers.md',
      "test('editor', () => {}); // e2e/tests/editor.spec.ts, @standard-schema/spec",
    ];
    for (const line of good) expect(citationProblems('apps/x.ts', line), line).toEqual([]);
    expect(citationProblems('docs/product/x.md', 'see [limits](messages-and-limits.md#limits)')).toEqual([]);
    expect(citationProblems('docs/product/x.md', 'see [limits](messages-and-limits.md#limitz)')).toHaveLength(1);
    expect(citationProblems('docs/product/messages-and-limits.md', 'see [below](#rate-limits)')).toEqual([]);
    expect(citationProblems('docs/product/x.md', 'Code: `apps/server/src/pdf/`, `apps/web/dist/`.')).toEqual([]);
    expect(citationProblems('docs/product/x.md', 'Code: `apps/server/src/features/pdf/`.')).toHaveLength(1);
  });

  it('every comment and page cites only files inside the repository, and every citation resolves', () => {
    const problems = textFiles().flatMap(({ file, text }) => citationProblems(file, text));
    expect(problems).toEqual([]);
  });
});
