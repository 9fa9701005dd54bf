// `npm test`: the unit and API suite and the e2e suite, run at once (docs/decisions/0481). The first
// mostly waits on SQLite's and PostgreSQL's syncs, leaving the cores to the second's browser and
// server: side by side they finish sooner than one after the other (the decision has the figures).
// The unit suite's report is shown as it runs; the e2e suite's is held until then, and shown live
// from there on. The exit status is a failure if either failed.
// `npm run test:unit` and `npm run test:e2e` run one.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/** Runs vitest with `args`; its output goes to `output(chunk)`; resolves with its exit status. */
function run(args, output) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : (process.env.FORCE_COLOR ?? '0') },
    });
    child.stdout.on('data', (chunk) => output(chunk, process.stdout));
    child.stderr.on('data', (chunk) => output(chunk, process.stderr));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

let e2eHeld = [];
const e2eOutput = (chunk, stream) => (e2eHeld ? e2eHeld.push([chunk, stream]) : stream.write(chunk));

const e2e = run(['--config', 'vitest.e2e.config.ts'], e2eOutput).then((status) => ({
  status,
  at: seconds(),
}));
const unitStatus = await run([], (chunk, stream) => stream.write(chunk));
const unitAt = seconds();

process.stdout.write(`\n== the e2e suite, started beside the unit suite (its report so far, then live)\n`);
for (const [chunk, stream] of e2eHeld) stream.write(chunk);
e2eHeld = undefined;
const { status: e2eStatus, at: e2eAt } = await e2e;

const verdict = (status) => (status === 0 ? 'passed' : `FAILED (exit ${status})`);
process.stdout.write(
  `\n== unit and API suite ${verdict(unitStatus)} at ${unitAt}; e2e suite ${verdict(e2eStatus)} at ${e2eAt}\n`,
);
process.exit(unitStatus === 0 && e2eStatus === 0 ? 0 : 1);
