// The guides name files, folders and decision records; this keeps every such name true when the code
// moves (issue 38: within a week of being written, architecture.md sent readers to files that had
// gone). Checked: relative Markdown links in the guides, code-formatted paths in the guides, and
// every decision record cited by number in the guides, the records or a source comment. A decision
// record's own paths are not checked: it tells what was true when it was taken.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const DECISIONS = path.join(ROOT, 'docs/decisions');
const SOURCE_FOLDERS = ['src', 'scripts', 'e2e', 'tests', 'bench', '.ci'];

function filesUnder(folder: string, keep: (file: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (keep(full)) found.push(full);
    }
  };
  walk(folder);
  return found;
}

const guides = [
  path.join(ROOT, 'README.md'),
  ...filesUnder(path.join(ROOT, 'docs'), (file) => file.endsWith('.md') && !file.startsWith(DECISIONS)),
];
const records = filesUnder(DECISIONS, (file) => file.endsWith('.md'));
const repoFiles = filesUnder(ROOT, () => true).map((file) => path.relative(ROOT, file));
const repoFolders = new Set(repoFiles.flatMap((file) => ancestors(file)));
const decisionFiles = fs.readdirSync(DECISIONS);
const decisionNumbers = new Set(
  decisionFiles.flatMap((name) => /^(\d{4})-[\w-]+\.md$/.exec(name)?.[1] ?? []),
);

function ancestors(file: string): string[] {
  const parts = file.split('/');
  return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join('/'));
}

/** Whether a path a guide names is in the repository: from the root, or as the end of a path
 * (guides name `features/bookings/routes.ts` inside a section about `src/server`). */
function named(name: string): boolean {
  const clean = name.replace(/^\.\//, '').replace(/\/$/, '');
  if (repoFiles.includes(clean) || repoFolders.has(clean)) return true;
  return (
    repoFiles.some((file) => file.endsWith(`/${clean}`)) ||
    [...repoFolders].some((folder) => folder.endsWith(`/${clean}`))
  );
}

/** Code-formatted words that are paths of ours: a known top folder, or a source file's name. */
const PATH_LIKE =
  /^(?:\.\/)?(?:[\w.-]+\/)*[\w.-]+\.(?:ts|tsx|mjs|js|json|md|css|conf|service|sh|env\.example)$|^(?:src|scripts|e2e|tests|bench|docs|public|demo)\/[\w./-]*$/;
/** Paths a guide names that are not files of ours (made at run time, or on the server it deploys to). */
const NOT_OURS =
  /^(?:dist|data|node_modules|screenshots)\/|^\/|^~|\*|<|\{|^package(?:-lock)?\.json$|^\.env$|^x\.|NNNN/;

function guideReferences(file: string): { where: string; name: string }[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: { where: string; name: string }[] = [];
  text.split('\n').forEach((line, index) => {
    const where = `${path.relative(ROOT, file)}:${index + 1}`;
    for (const [, target] of line.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue; // a web address or mailto:
      const resolved = path.relative(ROOT, path.resolve(path.dirname(file), target!));
      found.push({ where, name: resolved });
    }
    for (const [, code] of line.matchAll(/`([^`\s]+)`/g)) {
      const candidate = code!.replace(/[:,]$/, '').replace(/#.*$/, '');
      if (PATH_LIKE.test(candidate) && !NOT_OURS.test(candidate)) found.push({ where, name: candidate });
    }
  });
  return found;
}

function decisionCitations(file: string): { where: string; number: string }[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: { where: string; number: string }[] = [];
  text.split('\n').forEach((line, index) => {
    const where = `${path.relative(ROOT, file)}:${index + 1}`;
    const citations = [
      ...line.matchAll(/decisions\/(\d{4})/g),
      ...line.matchAll(/\bdecisions? \[?(\d{4})\b/gi),
      ...line.matchAll(/\bADR (\d{4})\b/g),
    ];
    for (const [, number] of citations) found.push({ where, number: number! });
    // Cited with its whole name, the name must be right too.
    for (const [, file] of line.matchAll(/decisions\/(\d{4}-[\w-]+\.md)/g))
      if (!decisionFiles.includes(file!)) found.push({ where, number: file! });
  });
  return found;
}

describe('what the docs name', () => {
  it('every file and folder a guide links to or names in code type is in the repository', () => {
    const missing = guides
      .flatMap(guideReferences)
      .filter(({ name }) => !named(name))
      .map(({ where, name }) => `${where}: ${name}`);
    expect(missing).toEqual([]);
  });

  it('every decision record cited by number, in a guide or a source comment, exists', () => {
    const sources = SOURCE_FOLDERS.flatMap((folder) =>
      fs.existsSync(path.join(ROOT, folder))
        ? filesUnder(path.join(ROOT, folder), (file) => /\.(?:ts|tsx|mjs|js|css)$|\/run$/.test(file))
        : [],
    );
    const missing = [...guides, ...records, ...sources]
      .flatMap(decisionCitations)
      .filter(({ number }) => !decisionNumbers.has(number))
      .map(({ where, number }) => `${where}: decision ${number}`);
    expect(missing).toEqual([]);
  });
});

describe('the island list in architecture.md §5.6', () => {
  const WHEN_IN_WORDS: Record<string, string> = {
    start: 'at start',
    visible: 'near the screen',
    return: 'on return to the tab',
    interaction: 'on the first interaction',
  };

  it('is the registry in islands.ts: the same islands, each hydrated when the registry says', () => {
    const registry = fs.readFileSync(path.join(ROOT, 'src/web/public/islands/islands.ts'), 'utf8');
    const registered = [...registry.matchAll(/^ {2}'?([\w-]+)'?: \{\s*when: '(\w+)'/gm)].map(
      ([, name, when]) => `${name} ${WHEN_IN_WORDS[when!] ?? when}`,
    );
    const architecture = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const section = architecture.slice(architecture.indexOf('### §5.6'), architecture.indexOf('### §5.7'));
    const documented = [...section.matchAll(/^\| `([\w-]+)` +\|[^|]*\| ([^|]+?) +\|$/gm)].map(
      ([, name, when]) => `${name} ${when}`,
    );
    expect(registered.length).toBeGreaterThan(0);
    expect(documented).toEqual(registered);
  });
});
