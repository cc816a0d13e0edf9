import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SitePaths } from '../../../crawler/paths.ts';
import { isSparseCheckout } from '../../../crawler/sparse-checkout.ts';
import type { StateReader } from '../../../crawler/store/read.ts';
import type { ReuseConfig } from '../../model/reuse.ts';
import type { Part } from './parts.ts';
import { dataFileBytes, writeDataFile } from './write.ts';

// The data files' parts, written by two threads on a machine with two cores when there are many:
// a cold build of 100,000 articles writes ~250 parts, each its own database, for minutes on one
// core while the other waited. Both threads take the next part from one shared counter, so neither waits on the
// other's share. Not in a sparse checkout: a part of an old month checks its folders out first
// (write.ts), and two threads would run git on one index at once (a cold build has the whole tree).

/**
 * Parts from which a second writer pays: starting one loads the writer's modules (about a second),
 * what an hourly build's few parts (six or seven at 20,000 articles) take to write on one thread.
 */
const HELPED_FROM = 12;

export interface PartsJob {
  paths: SitePaths;
  outDir: string;
  reuse: ReuseConfig | null;
  parts: Part[];
}

export interface WrittenPart {
  name: string;
  bytes: number;
  sha256: string;
}

/** Writes every part of `job` into outDir/data/, in this thread and a helper; the parts' sizes and hashes in the parts' order. */
export async function writeParts(state: StateReader, job: PartsJob): Promise<WrittenPart[]> {
  const next = new Int32Array(new SharedArrayBuffer(4));
  const written = new Map<string, WrittenPart>();
  const done = (part: WrittenPart) => written.set(part.name, part);
  const helped = job.parts.length >= HELPED_FROM && availableParallelism() > 1 && !isSparseCheckout(job.paths.root);
  // Both run to their end (a failed helper's rejection is never left unhandled); the first failure is thrown then.
  const settled = await Promise.allSettled([takeParts(state, job, next, done), helped ? writeInHelper(job, next, done) : null]);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return job.parts.map((part) => written.get(part.name)!);
}

/** Writes parts of `job` while the shared counter `next` hands them out. */
export async function takeParts(state: StateReader, job: PartsJob, next: Int32Array, done: (part: WrittenPart) => void): Promise<void> {
  for (let i = Atomics.add(next, 0, 1); i < job.parts.length; i = Atomics.add(next, 0, 1)) {
    const part = job.parts[i]!;
    const rows = part.kind === 'articles' ? { articles: part.ids, urls: [], runs: [], period: part.period } : { articles: [], urls: part.ids, runs: part.runIds, period: part.period };
    const bytes = await dataFileBytes(state, job.paths.root, rows, job.reuse);
    done({ name: part.name, bytes: bytes.byteLength, sha256: await writeDataFile(job.outDir, part.name, bytes) });
  }
}

/** Writes parts of `job` in a helper thread (part-writer.ts) while the shared counter `next` hands them out. */
export function writeInHelper(job: PartsJob, next: Int32Array, done: (part: WrittenPart) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./part-writer.ts', import.meta.url), { workerData: { job, next: next.buffer } });
    worker.on('message', done);
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the data files' second writer stopped (exit code ${code})`))));
  });
}
