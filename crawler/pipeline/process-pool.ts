import { Worker } from 'node:worker_threads';
import { failure } from '../errors.ts';
import { processPage, type ProcessOptions, type ProcessOutcome } from '../process-page.ts';
import type { ProcessJob, ProcessResult } from './process-worker.ts';

// Page processing (extraction, cleaning, enrichment, hashes) is the CPU-heavy part of a crawl and
// pure, so it can run in worker threads while the main thread fetches and stores. Each worker
// loads the extractor again (its language data alone is ~160 MB), and a pool only pays when the
// machine has idle cores: on a busy 2-CPU machine bench:crawl measured no gain, so it is opt-in
// (crawl.processWorkers).

export interface PageProcessor {
  process(html: string, url: string, options: ProcessOptions): Promise<ProcessOutcome>;
  readonly workers: number;
  close(): Promise<void>;
}

/** Runs processPage in the main thread. */
export function inlineProcessor(): PageProcessor {
  return { process: async (html, url, options) => processPage(html, url, options), workers: 0, close: async () => {} };
}

interface Slot {
  worker: Worker;
  pending: Map<number, (outcome: ProcessOutcome) => void>;
}

/**
 * A pool of `size` workers; each page goes to the worker with the fewest pages waiting. A worker
 * that dies fails its pages (transiently, so they are retried later) and the pool carries on in
 * the main thread.
 */
export function workerProcessor(size: number): PageProcessor {
  if (size <= 0) return inlineProcessor();
  const slots: Slot[] = [];
  let broken = false;
  let nextId = 0;
  for (let i = 0; i < size; i++) {
    const worker = new Worker(new URL('./process-worker.ts', import.meta.url));
    const slot: Slot = { worker, pending: new Map() };
    worker.on('message', (result: ProcessResult) => {
      const resolve = slot.pending.get(result.id);
      slot.pending.delete(result.id);
      if (slot.pending.size === 0) worker.unref(); // idle workers never keep the process alive
      resolve?.(result.outcome);
    });
    const fail = (error: unknown) => {
      broken = true;
      for (const resolve of slot.pending.values()) {
        resolve({ type: 'failed', failure: failure('E_EXTRACT_FAILED', `processing worker stopped: ${error instanceof Error ? error.message : String(error)}`) });
      }
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (slot.pending.size > 0) fail(new Error(`exit code ${code}`));
    });
    worker.unref();
    slots.push(slot);
  }
  return {
    workers: size,
    process(html, url, options) {
      if (broken) return Promise.resolve(processPage(html, url, options));
      const slot = slots.reduce((best, s) => (s.pending.size < best.pending.size ? s : best));
      const id = nextId++;
      return new Promise<ProcessOutcome>((resolve) => {
        slot.pending.set(id, resolve);
        slot.worker.ref();
        slot.worker.postMessage({ id, html, url, options } satisfies ProcessJob);
      });
    },
    async close() {
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
