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
// (crawler/store/read.ts): it costs little either way. The worker tells the sources' health as
// soon as it has read it, so the build keys its pages on the other core while the files are written.

export interface DataFilesJob {
  paths: SitePaths;
  previous: DataManifest | null;
  changedFiles: string[];
  outDir: string;
  sizes?: PartSizes;
  reuse?: ReuseConfig;
}

export type WorkerJob = { kind: 'data'; job: DataFilesJob } | { kind: 'sources'; paths: SitePaths };
export type WorkerReply = { sources: SourceHealth[] } | { build: DataBuild; ms: number };

export interface DataFilesApart {
  /** The sources' health, known before the files are written. */
  sources: Promise<SourceHealth[]>;
  /** The files, and how long the worker took from its start. */
  files: Promise<{ build: DataBuild; ms: number }>;
}

export function buildDataFilesApart(job: DataFilesJob): DataFilesApart {
  let told: (sources: SourceHealth[]) => void = () => undefined;
  const sources = new Promise<SourceHealth[]>((resolve) => (told = resolve));
  const files = apart({ kind: 'data', job }, (reply) => {
    if ('sources' in reply) told(reply.sources);
    return 'build' in reply ? reply : undefined;
  });
  // A worker that fails before telling them fails both.
  return { sources: Promise.race([sources, files.then(({ build }) => build.manifest.sources ?? [])]), files };
}

/** The sources' health and names only, read from the state in the same kind of worker (a build slice that writes no data files). */
export function readSourceHealthApart(paths: SitePaths): Promise<SourceHealth[]> {
  return apart({ kind: 'sources', paths }, (reply) => ('sources' in reply ? reply.sources : undefined));
}

/** Runs `work` in a worker; `take` reads each reply and returns the result when it is the last. */
function apart<T>(work: WorkerJob, take: (reply: WorkerReply) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { workerData: work });
    let result: T | undefined;
    worker.on('message', (reply: WorkerReply) => (result = take(reply) ?? result));
    worker.once('error', reject);
    worker.once('exit', (code) => (result !== undefined ? resolve(result) : reject(new Error(`the data files' worker stopped (exit code ${code}) before it finished`))));
  });
}
