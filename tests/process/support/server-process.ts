// The real server as a child process, started the way production starts it: the compiled build
// (dist/server/server.js) when it is there and not older than its sources (the same check `npm start`
// makes), else the TypeScript sources through tsx — never a stale build. This is the one place that
// decides, so every process-level test runs the same thing and says which.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../../../src/server/testing/free-port.ts';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBuildIsStale } from '../../../scripts/build-freshness.mjs';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const COMPILED_ENTRY = path.join(PROJECT_ROOT, 'dist', 'server', 'server.js');
const SOURCE_ENTRY = path.join(PROJECT_ROOT, 'src', 'server', 'server.ts');

const START_TIMEOUT_MS = 60_000;
/** `npm start` builds first when the build is missing or stale (scripts/launch.mjs). */
const NPM_START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;
const HEALTH_POLL_MS = 100;
/** Enough of the server's output to explain a failure without flooding the test report. */
const LOG_TAIL_CHARS = 20_000;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resolves when the process has ended, however it ended. */
  exited: Promise<Exit>;
  signal(signal: NodeJS.Signals): void;
  /** The end of what the server wrote to stdout and stderr, for assertion messages. */
  log(): string;
  /** SIGTERM, then SIGKILL if it has not ended in time; nothing if it already ended. */
  stop(): Promise<Exit>;
  /** Starts reading stdout when it was started with `{ readStdout: false }` (a stalled log reader). */
  readStdout(): void;
  /** Closes the reading end of stdout and stderr: a log reader that has gone (EPIPE from then on). */
  closeOutput(): void;
}

/** Node arguments that run the server: compiled when the build is current, else from source. */
function serverCommand(): { args: string[]; kind: 'compiled' | 'source' } {
  if (!serverBuildIsStale(path.join(PROJECT_ROOT, 'dist'))) {
    return { args: ['--enable-source-maps', COMPILED_ENTRY], kind: 'compiled' };
  }
  return { args: ['--import', 'tsx', SOURCE_ENTRY], kind: 'source' };
}

// Every server started here is killed when the test process ends, even after a failed assertion
// or a crash, so no test leaves a server behind.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) killWithDescendants(child);
});

/** The processes below `pid` (Linux's /proc): `npm start`'s server is npm's child, not ours. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const listed = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (listed) children = children.concat(listed.split(' ').map(Number));
    }
  } catch {
    return []; // already gone
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** SIGKILL to the child and whatever it started, so no server outlives a test. */
function killWithDescendants(child: ChildProcess) {
  for (const pid of child.pid === undefined ? [] : descendants(child.pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
  child.kill('SIGKILL');
}

/** Stops every server still running (for afterAll). */
export async function stopAllServers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          killWithDescendants(child);
        }),
    ),
  );
}

let announced = false;

/** Whether a server answers 200 on /api/health at `url`. */
export async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * Starts the server on `options.port` (else a free port) of 127.0.0.1 with `env` (the configuration
 * variables; nothing else from this process's environment leaks in) and resolves once /api/health
 * answers 200. A fixed port is how a test restarts an instance a proxy knows.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { port?: number; readStdout?: boolean; npmStart?: boolean } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const { args, kind } = serverCommand();
  if (!announced && !options.npmStart) {
    announced = true;
    process.stdout.write(
      kind === 'compiled'
        ? `[process tests] running the compiled server (${path.relative(PROJECT_ROOT, COMPILED_ENTRY)})\n`
        : '[process tests] running the server from source through tsx (no current compiled build)\n',
    );
  }
  // `npm start` as an operator types it (npm, then the start script's shell, then node), which
  // builds whatever is stale itself.
  const [command, commandArgs] = options.npmStart ? ['npm', ['start']] : [process.execPath, args];
  const child = spawn(command, commandArgs, {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const record = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-LOG_TAIL_CHARS);
  };
  const readStdout = () => void child.stdout?.on('data', record);
  if (options.readStdout !== false) readStdout();
  child.stderr?.on('data', record);
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const server: ServerProcess = {
    url,
    pid: child.pid!,
    exited,
    signal: (signal) => {
      child.kill(signal);
    },
    log: () => output,
    readStdout,
    closeOutput: () => {
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
    async stop() {
      if (hasExited) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => killWithDescendants(child), STOP_TIMEOUT_MS);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };

  const timeout = options.npmStart ? NPM_START_TIMEOUT_MS : START_TIMEOUT_MS;
  const deadline = Date.now() + timeout;
  while (!(await healthy(url))) {
    if (hasExited) throw new Error(`the server exited during start-up:\n${output}`);
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server was not healthy after ${timeout} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  return server;
}
