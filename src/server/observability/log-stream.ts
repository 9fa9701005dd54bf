// Where the JSON log lines go: stdout, written asynchronously (one access-log line per answer; a
// synchronous write each would cost the busiest paths a system call apiece), and never able to hold
// the process past its stop (docs/decisions/0434-clean-stops.md).
import sonicBoom from 'sonic-boom';

// A CommonJS module whose class Node's ESM loader only sees as the default export.
const { SonicBoom } = sonicBoom;
type SonicBoom = InstanceType<typeof SonicBoom>;

/**
 * Log kept in memory while stdout's reader (journald, a log shipper) is not reading; past it new
 * lines are dropped rather than the process's memory growing without end.
 */
export const MAX_BUFFERED_LOG_BYTES = 16 * 1024 * 1024;
/** How long the exit waits for a stalled reader to take what is still buffered. */
export const EXIT_FLUSH_MS = 1000;

/**
 * - stdout is made non-blocking (Node does that for a pipe or socket when it wraps `process.stdout`):
 *   a blocking write to a reader that has stopped reading would hold a thread, and the process's
 *   exit waits for its threads.
 * - pino's own destination flushes at exit by retrying until everything is written — for as long as
 *   the reader stalls. Here the exit flush gives up after EXIT_FLUSH_MS, on every exit path (a
 *   graceful stop, the grace period's deadline, a failed start).
 */
/** Streams still to flush when the process exits; one exit listener serves them all. */
const open = new Set<{ stream: SonicBoom; giveUpAfter(ms: number): void }>();
process.once('exit', () => {
  for (const { stream, giveUpAfter } of open) {
    giveUpAfter(EXIT_FLUSH_MS);
    try {
      stream.flushSync();
    } catch {
      // Still stalled at the deadline: what is left is not written.
    }
  }
});

export function createLogStream(fd = 1): SonicBoom {
  if (fd === 1) void process.stdout;
  let giveUpAt = Number.POSITIVE_INFINITY;
  const stream = new SonicBoom({
    fd,
    sync: false,
    maxLength: MAX_BUFFERED_LOG_BYTES,
    retryEAGAIN: () => Date.now() < giveUpAt,
  });
  // EPIPE (the reader is gone) or giving up at exit: there is nowhere left to report it.
  stream.on('error', () => undefined);
  open.add({ stream, giveUpAfter: (ms) => (giveUpAt = Date.now() + ms) });
  return stream;
}
