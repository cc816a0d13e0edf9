import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildReport } from '../../../build.ts';
import { runMeasured } from './measured-child.ts';
import { PROJECT } from './results.ts';

// Runs scripts/build.ts (buildSite) for a bench's root in a child process (measured-child.ts).

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

/** A synthetic site's config (topics, pageSize), or a config file (JSON of the user config). */
export interface BuildRequest {
  root: string;
  topics?: number;
  pageSize?: number;
  configFile?: string;
  /** Render everything, whatever the build manifest says. */
  cold?: boolean;
}

export interface RunBuildOptions extends BuildRequest {
  /** Write V8 CPU profiles of the build's Node processes into this folder (node --cpu-prof): the bench's child and Astro's. */
  cpuProfDir?: string;
  /** The build's environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
}

/** Links the project's node_modules into the root, for anything a root-relative resolution needs. */
export function prepareRoot(root: string): void {
  mkdirSync(root, { recursive: true });
  const link = join(root, 'node_modules');
  if (existsSync(link)) return;
  // A link left by a checkout of the project that is gone (a removed worktree) dangles: replaced.
  rmSync(link, { force: true });
  symlinkSync(join(PROJECT, 'node_modules'), link, 'dir');
}

export async function runBuild(options: RunBuildOptions): Promise<MeasuredBuild> {
  prepareRoot(options.root);
  const { cpuProfDir, env: given = process.env, ...request } = options;
  // Profiling goes through NODE_OPTIONS so it reaches the process that runs Astro, which scripts/build.ts forks in turn.
  const env = cpuProfDir ? { ...given, NODE_OPTIONS: `${given.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${cpuProfDir}`.trim() } : given;
  const measured = await runMeasured<{ report: BuildReport; maxRssBytes: number; cpuMs: number }>(CHILD, [JSON.stringify(request)], { cwd: options.root, env });
  return { report: measured.answer.report, wallMs: measured.wallMs, peakTreeRssBytes: measured.peakTreeRssBytes, nodeMaxRssBytes: measured.answer.maxRssBytes, nodeCpuMs: measured.answer.cpuMs };
}
