import { fork } from 'node:child_process';
import { typescriptExecArgv } from '../../../../site/builder/child-process.ts';
import { sampleTreeMemory } from './process-tree.ts';

// Runs one bench step (a build, a crawl) in a child process, so the bench's own memory is not
// counted in the step's, and samples the RSS of the child's whole process tree every 100 ms
// (Node, Astro's child, Pagefind's binary, esbuild). The child answers once over IPC.

export interface Measured<T> {
  answer: T;
  wallMs: number;
  /** Highest summed RSS of the step's process tree. */
  peakTreeRssBytes: number;
}

export interface ChildOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

export function runMeasured<T>(script: string, argv: string[], options: ChildOptions): Promise<Measured<T>> {
  const started = performance.now();
  // The child runs TypeScript as the npm scripts do (scripts/kit/run.mjs): with Node's own type stripping, or tsx on an older Node.
  const child = fork(script, argv, { cwd: options.cwd, execArgv: [...typescriptExecArgv], env: options.env ?? process.env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const sampler = sampleTreeMemory(child.pid!);
  return new Promise((resolve, reject) => {
    let answer: { value: T } | null = null;
    child.on('message', (message) => {
      answer = { value: message as T };
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const wallMs = Math.round(performance.now() - started);
      const memory = sampler.stop();
      if (!answer) return reject(new Error(`${script} exited with code ${code} before answering`));
      resolve({ answer: answer.value, wallMs, peakTreeRssBytes: memory.peakBytes });
    });
  });
}

/** What a child reports of itself besides its answer: its Node process's own peak and CPU time. */
export function selfUsage(): { maxRssBytes: number; cpuMs: number } {
  const usage = process.resourceUsage();
  return { maxRssBytes: usage.maxRSS * 1024, cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000) };
}
