import { performance } from 'node:perf_hooks';

// Hands work items to at most `concurrency` tasks at a time, one host at a time, in item order
// among the hosts that are ready. When a host is ready is the fetcher's to say (its scheduler
// keeps the politeness gap, Crawl-delay and Retry-After): this only keeps the pipeline from
// parking its task slots behind a busy or resting host (head-of-line blocking) while other hosts
// could be fetched.

export interface DispatchOptions<T> {
  concurrency: number;
  hostOf: (item: T) => string;
  /** When a host may be offered again (performance.now() ms): Fetcher.hostReadyAt. */
  readyAt: (host: string) => number;
  /** Checked before each start: true ends the dispatch (tasks in flight finish). */
  shouldStop?: () => boolean;
}

export interface DispatchResult {
  started: number;
  /** shouldStop() ended it before every item started. */
  stopped: boolean;
}

/** `release()` frees the item's host as soon as the task has its response; otherwise the host is freed when the task ends. */
export type DispatchTask<T> = (item: T, release: () => void) => Promise<void>;

interface HostQueue<T> {
  host: string;
  items: Array<{ item: T; index: number }>;
  busy: boolean;
}

export function dispatchByHost<T>(items: T[], task: DispatchTask<T>, options: DispatchOptions<T>): Promise<DispatchResult> {
  const concurrency = Math.max(1, options.concurrency);
  const hosts = new Map<string, HostQueue<T>>();
  items.forEach((item, index) => {
    const host = options.hostOf(item);
    let queue = hosts.get(host);
    if (!queue) hosts.set(host, (queue = { host, items: [], busy: false }));
    queue.items.push({ item, index });
  });
  let remaining = items.length;
  let running = 0;
  let started = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  return new Promise<DispatchResult>((resolve, reject) => {
    const finishIfDone = (): void => {
      if (running === 0 && (remaining === 0 || stopped)) {
        if (timer) clearTimeout(timer);
        resolve({ started, stopped });
      }
    };

    const pump = (): void => {
      while (running < concurrency && remaining > 0 && !stopped) {
        const now = performance.now();
        let best: HostQueue<T> | null = null;
        let nextReady = Infinity;
        for (const queue of hosts.values()) {
          if (queue.busy || queue.items.length === 0) continue;
          const readyAt = options.readyAt(queue.host);
          if (readyAt > now) {
            nextReady = Math.min(nextReady, readyAt);
            continue;
          }
          if (!best || queue.items[0]!.index < best.items[0]!.index) best = queue;
        }
        if (!best) {
          if (nextReady < Infinity && !timer) {
            timer = setTimeout(() => {
              timer = null;
              pump();
            }, Math.max(1, Math.ceil(nextReady - now)));
          }
          break;
        }
        if (options.shouldStop?.()) {
          stopped = true;
          break;
        }
        start(best, best.items.shift()!.item);
      }
      finishIfDone();
    };

    const start = (queue: HostQueue<T>, item: T): void => {
      queue.busy = true;
      running++;
      started++;
      remaining--;
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        queue.busy = false;
        // Another task may take the host now; deferred so the caller finishes its own work first.
        queueMicrotask(pump);
      };
      task(item, release).then(
        () => {
          release();
          running--;
          pump();
        },
        (error: unknown) => {
          stopped = true;
          if (timer) clearTimeout(timer);
          reject(error);
        },
      );
    };

    pump();
  });
}
