import { Worker } from 'node:worker_threads';
import type { SitePaths } from '../../../crawler/paths.ts';
import type { DataBuild, DataManifest } from './index.ts';
import type { SourceHealth } from './sources.ts';
import type { PartSizes } from './plan.ts';
import type { ReuseConfig } from '../../model/reuse.ts';

// The data files are written in a worker thread that ends when they are written: the memory it
// took (sql.js's WebAssembly memory for the download databases, which it never gives back, the
// bodies read, a month's part's rows) is given back before Astro's process starts, instead of
// adding to the build's peak. The state itself is a node:sqlite file opened read-only
// (crawler/store/read.ts): it costs little either way.

export interface DataFilesJob {
  paths: SitePaths;
  previous: DataManifest | null;
  changedFiles: string[];
  outDir: string;
  sizes?: PartSizes;
  reuse?: ReuseConfig;
}

export type WorkerJob = { kind: 'data'; job: DataFilesJob } | { kind: 'sources'; paths: SitePaths };

export function buildDataFilesApart(job: DataFilesJob): Promise<DataBuild> {
  return apart<DataBuild>({ kind: 'data', job });
}

/** The sources' health and names only, read from the state in the same kind of worker (a build slice that writes no data files). */
export function readSourceHealthApart(paths: SitePaths): Promise<SourceHealth[]> {
  return apart<SourceHealth[]>({ kind: 'sources', paths });
}

function apart<T>(work: WorkerJob): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: work });
    let result: T | null = null;
    worker.once('message', (message: T) => (result = message));
    worker.once('error', reject);
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`the data files' worker stopped (exit code ${code}) before it finished`))));
  });
}
