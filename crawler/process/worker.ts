// Worker-thread side of the process pool: runs the pure processPage() on pages the pipeline sends.
import { parentPort } from 'node:worker_threads';
import { processPage, type ProcessOptions, type ProcessOutcome } from './process-page.ts';

export interface ProcessJob {
  id: number;
  html: string;
  url: string;
  options: ProcessOptions;
}

export type ProcessResult =
  /** Sent as the worker starts on a page: its time limit runs from here, not from a queue or a cold start. */
  | { id: number; started: true }
  | { id: number; outcome: ProcessOutcome };

parentPort!.on('message', (job: ProcessJob) => {
  parentPort!.postMessage({ id: job.id, started: true } satisfies ProcessResult);
  parentPort!.postMessage({ id: job.id, outcome: processPage(job.html, job.url, job.options) } satisfies ProcessResult);
});
