// Worker-thread side of the process pool: runs the pure processPage() on pages the pipeline sends.
import { parentPort } from 'node:worker_threads';
import { processPage, type ProcessOptions, type ProcessOutcome } from '../process-page.ts';

export interface ProcessJob {
  id: number;
  html: string;
  url: string;
  options: ProcessOptions;
}

export interface ProcessResult {
  id: number;
  outcome: ProcessOutcome;
}

parentPort!.on('message', (job: ProcessJob) => {
  parentPort!.postMessage({ id: job.id, outcome: processPage(job.html, job.url, job.options) } satisfies ProcessResult);
});
