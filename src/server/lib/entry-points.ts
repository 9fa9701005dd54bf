// Where the server's other entry points are: the compiled server runs dist/server/<name>.js, the
// sources (tests, `npm run dev`) run the TypeScript file through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The project folder (where package.json is): this file runs from src/server or compiled from dist/server. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

/** True when running the TypeScript sources rather than the compiled dist/server. */
export const runningFromSources = (): boolean => import.meta.url.endsWith('.ts');

/**
 * What `node` needs to run an entry: `[dist/server/<name>.js]` compiled, or tsx and the source file.
 * `source` is relative to the project folder.
 */
export function entryArgs(name: string, source: string): string[] {
  const root = projectRoot();
  return runningFromSources()
    ? ['--import', 'tsx', path.join(root, source)]
    : [path.join(root, 'dist', 'server', `${name}.js`)];
}

/**
 * The script a worker thread runs for an entry: dist/server/<name>.js compiled; from sources a small
 * loader that registers tsx in the thread (Node 20 gives worker threads no `--import`) and imports
 * the source file named in `workerData.sourceEntry`.
 */
export function workerScript(name: string, source: string): { file: string; sourceEntry?: string } {
  const root = projectRoot();
  return runningFromSources()
    ? {
        file: path.join(root, 'src', 'server', 'lib', 'tsx-worker.mjs'),
        sourceEntry: pathToFileURL(path.join(root, source)).href,
      }
    : { file: path.join(root, 'dist', 'server', `${name}.js`) };
}
