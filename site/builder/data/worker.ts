import { parentPort, workerData } from 'node:worker_threads';
import { buildDataFiles, readSourceHealth } from './index.ts';
import type { WorkerJob } from './apart.ts';

const work = workerData as WorkerJob;
if (work.kind === 'sources') parentPort!.postMessage(await readSourceHealth(work.paths));
else {
  const { job } = work;
  parentPort!.postMessage(await buildDataFiles(job.paths, job.previous, job.changedFiles, job.outDir, job.sizes, job.reuse));
}
