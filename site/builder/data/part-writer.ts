import { parentPort, workerData } from 'node:worker_threads';
import { openStateReader } from '../../../crawler/store/read.ts';
import { takeParts, type PartsJob } from './part-writers.ts';
import { closeDataWriter } from './write.ts';

// The second writer of the data files' parts (part-writers.ts): its own read-only state, the same shared counter.

const { job, next } = workerData as { job: PartsJob; next: SharedArrayBuffer };
const state = await openStateReader(job.paths);
try {
  await takeParts(state, job, new Int32Array(next), (part) => parentPort!.postMessage(part));
} finally {
  closeDataWriter();
  state.close();
}
