// Where the JSON log lines go: stdout, written asynchronously (one access-log line per answer; a
// synchronous write each would cost the busiest paths a system call apiece), and never able to hold
// the process past its stop (docs/decisions/0434-clean-stops.md, 0455-log-writes-never-hold-a-stop.md).
import fs from 'node:fs';

/**
 * Log kept in memory while stdout's reader (journald, a log shipper) is not reading; past it new
 * lines are dropped rather than the process's memory growing without end.
 */
export const MAX_BUFFERED_LOG_BYTES = 16 * 1024 * 1024;
/** How long the exit waits for a stalled reader to take what is still buffered. */
export const EXIT_FLUSH_MS = 1000;
/** Pause before writing again to a reader that is not taking lines (EAGAIN). */
const RETRY_MS = 100;

export interface LogStream {
  /** Queues one line; never throws, never blocks. */
  write(line: string): void;
  /** True once a write failed for good (the reader is gone): every later line is dropped. */
  readonly ended: boolean;
}

/** Streams still to flush when the process exits; one exit listener serves them all. */
const open = new Set<{ flushAtExit(deadline: number): void }>();
process.once('exit', () => {
  const deadline = Date.now() + EXIT_FLUSH_MS;
  for (const stream of open) stream.flushAtExit(deadline);
});

const isBusy = (error: NodeJS.ErrnoException) => error.code === 'EAGAIN' || error.code === 'EBUSY';

/** Blocks this thread for `ms` (only at exit, where nothing else can run anyway). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * - stdout is made non-blocking (Node does that for a pipe or socket when it wraps `process.stdout`):
 *   a blocking write to a reader that has stopped reading would hold a thread, and the process's
 *   exit waits for its threads.
 * - A reader that stalls (EAGAIN) is retried; one that is gone (EPIPE, or any other write error)
 *   ends the stream: what is buffered and every later line are dropped, never retried. (sonic-boom,
 *   used before, retried such an error forever in its exit flush: a server whose log pipe had closed
 *   never exited.)
 * - At exit, on every path (a graceful stop, the grace period's deadline, a failed start), what is
 *   still buffered is written for at most EXIT_FLUSH_MS.
 */
export function createLogStream(fd = 1): LogStream {
  if (fd === 1) ignoreClosedStandardOutput();
  let pending: string[] = [];
  let pendingBytes = 0;
  let writing = false;
  let ended = false;
  /** A chunk the reader did not take (EAGAIN), waiting to be tried again: not in flight, so the exit writes it. */
  let waiting: Buffer | undefined;

  const end = () => {
    ended = true;
    pending = [];
    pendingBytes = 0;
    waiting = undefined;
    open.delete(entry);
  };
  const take = (): Buffer => {
    const chunk = Buffer.from(pending.join(''));
    pending = [];
    pendingBytes = 0;
    return chunk;
  };
  const writeChunk = (chunk: Buffer) => {
    fs.write(fd, chunk, 0, chunk.length, null, (error, written) => {
      if (error && isBusy(error)) {
        waiting = chunk;
        // Unreferenced: a reader that stalls must not keep a process that has finished alive.
        return void setTimeout(() => {
          waiting = undefined;
          if (!ended) writeChunk(chunk);
        }, RETRY_MS).unref();
      }
      if (error) return void end();
      if (written < chunk.length) return writeChunk(chunk.subarray(written));
      if (pending.length > 0 && !ended) return writeChunk(take());
      writing = false;
    });
  };

  const entry = {
    /** Writes what is queued (not a chunk an asynchronous write holds) until done or the deadline. */
    flushAtExit(deadline: number) {
      let chunk = waiting ? Buffer.concat([waiting, take()]) : take();
      while (chunk.length > 0) {
        try {
          chunk = chunk.subarray(fs.writeSync(fd, chunk));
        } catch (error) {
          if (!isBusy(error as NodeJS.ErrnoException) || Date.now() >= deadline) return;
          pause(10);
        }
      }
    },
  };
  open.add(entry);

  return {
    write(line) {
      if (ended || pendingBytes + line.length > MAX_BUFFERED_LOG_BYTES) return;
      pending.push(line);
      pendingBytes += line.length;
      if (writing) return;
      writing = true;
      writeChunk(take());
    },
    get ended() {
      return ended;
    },
  };
}

const ignoreError = () => undefined;

/**
 * process.stdout and process.stderr (the first admin's password, a failed start) raise an 'error'
 * when their reader is gone; unheard, it would crash the process instead of losing one message.
 * Heard once per process, however many servers it starts (the tests start dozens).
 */
function ignoreClosedStandardOutput() {
  for (const output of [process.stdout, process.stderr])
    if (!output.listeners('error').includes(ignoreError)) output.on('error', ignoreError);
}
