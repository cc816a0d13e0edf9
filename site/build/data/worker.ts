import { parentPort, workerData } from 'node:worker_threads';
import { buildDataFiles } from './index.ts';
import type { DataFilesJob } from './apart.ts';

const job = workerData as DataFilesJob;
parentPort!.postMessage(await buildDataFiles(job.paths, job.previous, job.changedFiles, job.outDir, job.sizes, job.reuse));
