/** Ends one piece of work's hold on its slot; calling it again does nothing. */
export type Release = () => void;

export type ConcurrencyLimit = {
  /**
   * A slot for one piece of work: at once while fewer than `concurrency` hold one, else when
   * the ones queued before it have had theirs; null at once when `queue` are waiting already
   * (the caller answers "busy"). If `signal` aborts while waiting (the client went away), the
   * place in the queue is given up and the promise rejects with the signal's reason.
   */
  acquire: (signal?: AbortSignal) => Promise<Release> | null;
  readonly running: number;
  readonly waiting: number;
};

/**
 * At most `concurrency` pieces of work at once and at most `queue` waiting, first come first
 * served: expensive work past what the process can do is refused at once instead of piling up
 * until every request (health checks included) is slow.
 */
export function concurrencyLimit(options: {
  concurrency: number;
  queue: number;
}): ConcurrencyLimit {
  const { concurrency, queue } = options;
  let running = 0;
  const waiters: ((release: Release) => void)[] = [];

  const slot = (): Release => {
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = waiters.shift();
      // The slot passes straight to the next in line, so `running` stays as it is.
      if (next) next(slot());
      else running -= 1;
    };
  };

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      if (running < concurrency) {
        running += 1;
        return Promise.resolve(slot());
      }
      if (waiters.length >= queue) return null;
      return new Promise<Release>((resolve, reject) => {
        const onAbort = () => {
          waiters.splice(waiters.indexOf(grant), 1);
          reject(signal!.reason as Error);
        };
        const grant = (release: Release) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(release);
        };
        waiters.push(grant);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiters.length;
    },
  };
}
