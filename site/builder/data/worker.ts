import { parentPort, workerData } from 'node:worker_threads';
import { buildDataFiles, readSourceHealth } from './index.ts';
import type { WorkerJob, WorkerReply } from './apart.ts';

const work = workerData as WorkerJob;
const reply = (message: WorkerReply) => parentPort!.postMessage(message);
if (work.kind === 'sources') reply({ sources: await readSourceHealth(work.paths) });
else {
  const { job } = work;
  // The sources' health first: the build keys its pages with it while this thread writes the files.
  const build = await buildDataFiles(job.paths, job.previous, job.changedFiles, job.outDir, job.sizes, job.reuse, (sources) => reply({ sources }));
  // The thread's own time: its parent may be busy when the reply arrives. (A worker's clock starts with it.)
  reply({ build, ms: performance.now() });
}
