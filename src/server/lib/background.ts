// Work that must not delay a response (so its duration can't reveal anything, e.g. whether an
// account exists) but must not be lost either: failures are logged, and shutdown waits for it.
export interface BackgroundLog {
  error(obj: object, msg: string): void;
}

export interface Background {
  /** `task` may resolve to anything (a mail receipt, say); only its failure is looked at. */
  run(what: string, task: () => Promise<unknown>): void;
  /** Resolves when everything started so far has finished (shutdown, tests). */
  settled(): Promise<void>;
}

export function createBackground(log: BackgroundLog): Background {
  const inFlight = new Set<Promise<unknown>>();
  return {
    run(what, task) {
      // setImmediate: the caller's response is on its way before any of the task's I/O starts.
      const promise = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err }, `${what} failed`))
        .finally(() => inFlight.delete(promise));
      inFlight.add(promise);
    },
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
