import { fork } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildReport } from '../../build.ts';
import { sampleTreeMemory } from './process-tree.ts';
import { PROJECT } from './results.ts';

// Runs scripts/build.ts (buildSite) for a synthetic root in a child process and samples the RSS
// of the child's whole process tree (Node + Pagefind's binary + esbuild) every 100 ms.

const CHILD = fileURLToPath(new URL('./build-child.ts', import.meta.url));

export interface MeasuredBuild {
  report: BuildReport;
  wallMs: number;
  /** Highest summed RSS of the build's process tree. */
  peakTreeRssBytes: number;
  /** maxRSS of the build's Node process alone. */
  nodeMaxRssBytes: number;
  /** CPU time of the Node process (user + system); Pagefind's binary not included. */
  nodeCpuMs: number;
}

export interface RunBuildOptions {
  root: string;
  topics: number;
  pageSize: number;
  /** Write V8 CPU profiles of the build's Node processes into this folder (node --cpu-prof): the bench's child and Astro's. */
  cpuProfDir?: string;
}

/**
 * Astro writes its prerender bundle inside outDir only when outDir is under the working
 * directory (otherwise into <cwd>/.astro, shared by every build), so the child runs in the root;
 * the bundle then resolves packages from <root>/node_modules, a link to the project's.
 */
export function prepareRoot(root: string): void {
  mkdirSync(root, { recursive: true });
  const link = join(root, 'node_modules');
  if (!existsSync(link)) symlinkSync(join(PROJECT, 'node_modules'), link, 'dir');
}

export function runBuild(options: RunBuildOptions): Promise<MeasuredBuild> {
  prepareRoot(options.root);
  // The child loads TypeScript as npm run build does (tsx). Profiling goes through NODE_OPTIONS
  // so it reaches the process that runs Astro, which scripts/build.ts forks in turn.
  const execArgv = ['--import', 'tsx'];
  const env = options.cpuProfDir ? { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${options.cpuProfDir}`.trim() } : process.env;
  const started = performance.now();
  const child = fork(CHILD, [options.root, String(options.topics), String(options.pageSize)], { cwd: options.root, execArgv, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const sampler = sampleTreeMemory(child.pid!);
  return new Promise((resolve, reject) => {
    let answer: { report: BuildReport; maxRssBytes: number; cpuMs: number } | null = null;
    child.on('message', (message) => {
      answer = message as typeof answer;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const wallMs = Math.round(performance.now() - started);
      const memory = sampler.stop();
      if (!answer) return reject(new Error(`the build exited with code ${code} before reporting`));
      resolve({ report: answer.report, wallMs, peakTreeRssBytes: memory.peakBytes, nodeMaxRssBytes: answer.maxRssBytes, nodeCpuMs: answer.cpuMs });
    });
  });
}
