// The log stream on a real pipe, in a child process of its own (the stream's exit flush runs when
// that process exits): every line reaches a reader that reads; a reader that has gone costs the lines,
// never the exit (docs/decisions/0455-log-writes-never-hold-a-stop.md).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const LOG_STREAM = fileURLToPath(new URL('./log-stream.ts', import.meta.url));
const LINES = 2000;
/** Far past any exit this test waits for; the process is killed then, and the test fails. */
const GIVE_UP_MS = 15_000;

/**
 * A process that writes LINES lines of 1 KB to a log stream on its stdout once told to on stdin,
 * then ends: by `process.exit(0)`, or by running out of work when `exit` is 'naturally'.
 */
function writer(exit: 'exit' | 'naturally') {
  const script = `
    const { createLogStream } = await import(${JSON.stringify(LOG_STREAM)});
    const log = createLogStream();
    process.stderr.write('ready\\n');
    process.stdin.once('data', () => {
      process.stdin.destroy();
      for (let i = 0; i < ${LINES}; i += 1) log.write(\`line \${i} \${'x'.repeat(1000)}\\n\`);
      ${exit === 'exit' ? 'setImmediate(() => process.exit(0));' : ''}
    });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const ready = new Promise<void>((resolve) => child.stderr.once('data', () => resolve()));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), GIVE_UP_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
  return { child, ready, exited, go: () => child.stdin.write('go\n') };
}

describe('the log stream', { timeout: 30_000 }, () => {
  it('delivers every line, in order, to a reader that reads', async () => {
    const { child, ready, exited, go } = writer('naturally');
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await ready;
    go();
    expect(await exited).toEqual({ code: 0, signal: null });
    const lines = output.trimEnd().split('\n');
    expect(lines).toHaveLength(LINES);
    expect(lines.map((line) => Number(line.split(' ')[1]))).toEqual([...Array(LINES).keys()]);
  });

  it('lets the process exit when the reader has gone, dropping what it could not write', async () => {
    const { child, ready, exited, go } = writer('exit');
    await ready;
    // `npm start | tee log` after tee has ended, or a log shipper that died: the read end is closed.
    child.stdout.destroy();
    go();
    const exit = await exited;
    expect(exit, 'still running: the exit was held by the closed log pipe').not.toEqual({
      code: null,
      signal: 'SIGKILL',
    });
    expect(exit).toEqual({ code: 0, signal: null });
  });
});
