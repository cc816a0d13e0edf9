import { Worker } from 'node:worker_threads';
import { failure } from '../errors.ts';
import { processPage, type ProcessOptions, type ProcessOutcome } from './process-page.ts';
import type { ProcessJob, ProcessResult } from './worker.ts';

// Page processing (extraction, cleaning, enrichment, hashes) is the CPU-heavy part of a crawl and
// pure, so it can run in worker threads while the main thread fetches and stores. Each worker
// loads the extractor again (its language data alone is ~160 MB), and a pool only pays when the
// machine has idle cores: on a busy 2-CPU machine bench:crawl measured no gain, so it is opt-in
// (crawl.processWorkers). Workers also bound the time one page may take: a worker that is still
// on a page after crawl.processTimeoutMs is terminated and replaced, which code running in the
// main thread could never be.

export interface PageProcessor {
  process(html: string, url: string, options: ProcessOptions): Promise<ProcessOutcome>;
  readonly workers: number;
  close(): Promise<void>;
}

/** Runs processPage in the main thread. */
export function inlineProcessor(): PageProcessor {
  return { process: async (html, url, options) => processPage(html, url, options), workers: 0, close: async () => {} };
}

interface Job {
  message: ProcessJob;
  resolve: (outcome: ProcessOutcome) => void;
}

interface Slot {
  worker: Worker;
  /** Pages sent to the worker and not answered yet, in the order sent (it takes them one at a time). */
  queue: Job[];
  /** Runs out when the page the worker is on has taken too long. */
  timer: NodeJS.Timeout | null;
}

export interface WorkerPoolOptions {
  /** A page still being processed after this long fails and its worker is replaced. */
  timeoutMs?: number;
}

/**
 * A pool of `size` workers; each page goes to the worker with the fewest pages waiting. A worker
 * that dies fails its pages (transiently, so they are retried later) and the pool carries on in
 * the main thread. A worker that overruns `timeoutMs` on a page fails that page (permanently:
 * the same markup would take as long again) and is replaced; its other pages move to the new one.
 */
export function workerProcessor(size: number, options: WorkerPoolOptions = {}): PageProcessor {
  if (size <= 0) return inlineProcessor();
  const timeoutMs = options.timeoutMs ?? Infinity;
  const slots: Slot[] = [];
  let broken = false;
  let closed = false;
  let nextId = 0;

  /** The worker has started on `job`: it gets timeoutMs from now. */
  const startClock = (slot: Slot, job: Job): void => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = Number.isFinite(timeoutMs) ? setTimeout(() => overrun(slot, job), timeoutMs) : null;
  };
  const stopClock = (slot: Slot): void => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
  };

  const overrun = (slot: Slot, job: Job): void => {
    const index = slot.queue.indexOf(job);
    if (index === -1) return;
    slot.queue.splice(index, 1);
    slot.timer = null;
    job.resolve({ type: 'failed', failure: failure('E_EXTRACT_FAILED', `processing took longer than ${timeoutMs} ms (crawl.processTimeoutMs); the page was abandoned`, true), trace: [] });
    const old = slot.worker;
    attach(slot, spawn());
    void old.terminate();
    for (const waiting of slot.queue) slot.worker.postMessage(waiting.message);
    if (slot.queue.length) slot.worker.ref();
  };

  const attach = (slot: Slot, worker: Worker): void => {
    slot.worker = worker;
    worker.on('message', (result: ProcessResult) => {
      if (slot.worker !== worker) return;
      const job = slot.queue.find((j) => j.message.id === result.id);
      if (!job) return;
      if ('started' in result) return startClock(slot, job);
      stopClock(slot);
      slot.queue.splice(slot.queue.indexOf(job), 1);
      if (slot.queue.length === 0) worker.unref(); // idle workers never keep the process alive
      job.resolve(result.outcome);
    });
    const fail = (error: unknown) => {
      if (slot.worker !== worker) return;
      broken = true;
      stopClock(slot);
      for (const job of slot.queue.splice(0)) {
        job.resolve({ type: 'failed', failure: failure('E_EXTRACT_FAILED', `processing worker stopped: ${error instanceof Error ? error.message : String(error)}`), trace: [] });
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!closed && slot.queue.length > 0) fail(new Error(`exit code ${code}`));
    });
    worker.unref();
  };

  const spawn = () => new Worker(new URL('./worker.ts', import.meta.url));

  for (let i = 0; i < size; i++) {
    const slot: Slot = { worker: null as unknown as Worker, queue: [], timer: null };
    attach(slot, spawn());
    slots.push(slot);
  }
  return {
    workers: size,
    process(html, url, processOptions) {
      if (broken) return Promise.resolve(processPage(html, url, processOptions));
      const slot = slots.reduce((best, s) => (s.queue.length < best.queue.length ? s : best));
      const message: ProcessJob = { id: nextId++, html, url, options: processOptions };
      return new Promise<ProcessOutcome>((resolve) => {
        slot.queue.push({ message, resolve });
        slot.worker.ref();
        slot.worker.postMessage(message);
      });
    },
    async close() {
      closed = true;
      for (const slot of slots) stopClock(slot);
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
