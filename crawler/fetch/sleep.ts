import { performance } from 'node:perf_hooks';

export class ClosedError extends Error {
  constructor() {
    super('fetcher closed');
    this.name = 'ClosedError';
  }
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new ClosedError());
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ClosedError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits until the monotonic clock reaches `at`; re-checks because timers may fire a little early. */
export async function sleepUntil(at: number, signal: AbortSignal): Promise<void> {
  for (let left = at - performance.now(); left > 0; left = at - performance.now()) {
    await sleep(Math.ceil(left), signal);
  }
}
