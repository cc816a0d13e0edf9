import { performance } from 'node:perf_hooks';
import { ClosedError, sleepUntil } from './sleep.ts';

// Politeness: one request in flight per host, at least `delay` ms between the end of one request
// and the start of the next to that host, and at most `concurrency` requests in flight overall.
// A task first waits for its host (FIFO), then for its host's delay, then for a global slot, so a
// task waiting on a busy host never holds a global slot. p-queue covers the global limit but not
// per-key serialization with a gap measured from completion, so this is a small scheduler of its own.

interface HostState {
  busy: boolean;
  waiters: Array<() => void>;
  /** Monotonic ms when the last request to this host ended. */
  lastEnd: number;
  delayMs: number;
  /** Monotonic ms before which nothing may start (Retry-After). */
  notBefore: number;
}

export class HostScheduler {
  readonly #hosts = new Map<string, HostState>();
  readonly #concurrency: number;
  readonly #defaultDelayMs: number;
  readonly #signal: AbortSignal;
  #active = 0;
  readonly #slotWaiters: Array<() => void> = [];

  constructor(options: { concurrency: number; delayMs: number; signal: AbortSignal }) {
    this.#concurrency = Math.max(1, options.concurrency);
    this.#defaultDelayMs = Math.max(0, options.delayMs);
    this.#signal = options.signal;
    this.#signal.addEventListener('abort', () => {
      for (const wake of this.#slotWaiters.splice(0)) wake();
      for (const state of this.#hosts.values()) for (const wake of state.waiters.splice(0)) wake();
    });
  }

  #state(host: string): HostState {
    let state = this.#hosts.get(host);
    if (!state) {
      state = { busy: false, waiters: [], lastEnd: -Infinity, delayMs: this.#defaultDelayMs, notBefore: -Infinity };
      this.#hosts.set(host, state);
    }
    return state;
  }

  /** Raises the gap for one host (robots.txt Crawl-delay); never lowers it below the default. */
  setHostDelay(host: string, delayMs: number): void {
    const state = this.#state(host);
    state.delayMs = Math.max(this.#defaultDelayMs, delayMs);
  }

  /** Nothing starts on this host for `ms` (a Retry-After the fetcher is honouring). */
  deferHost(host: string, ms: number): void {
    const state = this.#state(host);
    state.notBefore = Math.max(state.notBefore, performance.now() + ms);
  }

  /** When the next request to this host may start, if the host is free (performance.now() ms). */
  readyAt(host: string): number {
    const state = this.#hosts.get(host);
    return state ? Math.max(state.lastEnd + state.delayMs, state.notBefore) : -Infinity;
  }

  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const state = this.#state(host);
    await this.#acquireHost(state);
    try {
      // Re-read after each wait: a robots.txt fetched meanwhile may have raised the delay.
      for (;;) {
        const readyAt = Math.max(state.lastEnd + state.delayMs, state.notBefore);
        if (performance.now() >= readyAt) break;
        await sleepUntil(readyAt, this.#signal);
      }
      await this.#acquireSlot();
      try {
        return await task();
      } finally {
        this.#releaseSlot();
      }
    } finally {
      state.lastEnd = performance.now();
      this.#releaseHost(state);
    }
  }

  // Ownership is handed straight to the next waiter, so a newcomer cannot overtake the queue.
  async #acquireHost(state: HostState): Promise<void> {
    if (this.#signal.aborted) throw new ClosedError();
    if (!state.busy) {
      state.busy = true;
      return;
    }
    await new Promise<void>((resolve) => state.waiters.push(resolve));
    if (this.#signal.aborted) throw new ClosedError();
  }

  #releaseHost(state: HostState): void {
    const next = state.waiters.shift();
    if (next) next();
    else state.busy = false;
  }

  async #acquireSlot(): Promise<void> {
    if (this.#signal.aborted) throw new ClosedError();
    if (this.#active < this.#concurrency) {
      this.#active++;
      return;
    }
    await new Promise<void>((resolve) => this.#slotWaiters.push(resolve));
    if (this.#signal.aborted) throw new ClosedError();
  }

  #releaseSlot(): void {
    const next = this.#slotWaiters.shift();
    if (next) next();
    else this.#active--;
  }
}
