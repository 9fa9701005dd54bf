// Issue 19: no import cycles in src or scripts, and no code that ships importing test support
// (e2e/, tests/, *.test.ts, src/server/testing/). Imports are resolved the way tsc resolves them.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCANNED = ['src', 'scripts'];
const SOURCE_FILE = /\.(ts|tsx|mts)$/;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

const isTestSupport = (file: string) => {
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  return (
    /\.test\.tsx?$/.test(relative) ||
    /^(e2e|tests)\//.test(relative) ||
    relative.startsWith('src/server/testing/')
  );
};

/** Every file of src and scripts with the repository files it imports (type-only imports included). */
function importGraph(): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const graph = new Map<string, string[]>();
  for (const file of SCANNED.flatMap((dir) => [...sourceFiles(path.join(ROOT, dir))])) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => ts.resolveModuleName(imported.fileName, file, config.options, ts.sys))
      .map((resolved) => resolved.resolvedModule?.resolvedFileName)
      .filter(
        (target): target is string => !!target && !target.includes(`${path.sep}node_modules${path.sep}`),
      );
    graph.set(
      file,
      targets.map((target) => path.resolve(target)),
    );
  }
  return graph;
}

/** The groups of files that import each other in a circle (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(path.relative(ROOT, member));
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const graph = importGraph();

it('src and scripts have no import cycle', () => {
  expect(cycles(graph)).toEqual([]);
});

it('no shipped file imports test support', () => {
  const offending = [...graph]
    .filter(([file]) => !isTestSupport(file))
    .flatMap(([file, targets]) =>
      targets
        .filter(isTestSupport)
        .map((target) => `${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`),
    );
  expect(offending).toEqual([]);
});
