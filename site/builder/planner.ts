import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { configHandoff } from '../../crawler/config/index.ts';
import { GleanerError, type ErrorCode } from '../../crawler/errors.ts';
import type { BuildPlan, PlanJob } from './plan.ts';

// The build's whole-site part (plan.ts) in a child process: what it held (every article's
// frontmatter, the site index, every page's key) is given back to the system when it exits,
// before Astro's child starts, so a build's peak is the larger of the two, not their sum.

const CHILD = fileURLToPath(new URL('./planner-child.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** What the child is sent: the job, its config as the build parsed it. */
export type PlannerMessage = Omit<PlanJob, 'config'> & { config: string };
export type PlannerReply = { plan: BuildPlan } | { error: { message: string; code?: ErrorCode } };

export interface Planner {
  /** The plan, once made; in a cold build the child then indexes search. */
  plan: Promise<BuildPlan>;
  /** Resolves when the child has exited (in a cold build, once it has indexed search). */
  done: Promise<void>;
}

export function startPlanner(job: PlanJob): Planner {
  // The root as its argument: only so that `ps` (and the kill test) can tell which site a planning process is for.
  const child = fork(CHILD, [job.root], { execArgv: ['--import', TSX], stdio: ['ignore', 'inherit', 'pipe', 'ipc'], cwd: job.project, serialization: 'advanced' });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    errors = (errors + chunk.toString('utf8')).slice(-4000);
  });
  // A parent that exits (killed, or an error elsewhere) takes the child with it.
  const stop = () => child.kill();
  process.once('exit', stop);
  let failure: Error | null = null;
  const plan = new Promise<BuildPlan>((resolve, reject) => {
    child.once('message', (reply: PlannerReply) => {
      if ('plan' in reply) resolve(reply.plan);
      else reject((failure = reply.error.code ? new GleanerError(reply.error.code, reply.error.message) : new Error(reply.error.message)));
    });
    child.once('exit', () => reject(failure ?? exitError()));
  });
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      process.off('exit', stop);
      if (code === 0) resolve();
      else reject(failure ?? exitError());
    });
  });
  const exitError = () => new Error(`the build's planning process stopped (exit code ${child.exitCode ?? child.signalCode})${errors.trim() ? `:\n${errors.trim()}` : ''}`);
  // Each is awaited by the build; these only keep an unawaited rejection from ending the process.
  plan.catch(() => undefined);
  done.catch(() => undefined);
  child.send({ ...job, config: configHandoff(job.config) } satisfies PlannerMessage);
  return { plan, done };
}
