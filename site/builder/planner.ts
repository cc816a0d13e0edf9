import { fileURLToPath } from 'node:url';
import { configHandoff } from '../../crawler/config/index.ts';
import { GleanerError, type ErrorCode } from '../../crawler/errors.ts';
import type { BuildPlan, PlanJob } from './plan.ts';
import { fatalEndHint, forkBuildChild } from './child-process.ts';

// The build's whole-site part (plan.ts) in a child process: what it held (every article's
// frontmatter, the site index, every page's key) is given back to the system when it exits,
// before Astro's child starts, so a build's peak is the larger of the two, not their sum.

const CHILD = fileURLToPath(new URL('./planner-child.ts', import.meta.url));

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
  const { child, errorTail } = forkBuildChild(CHILD, [job.root], { cwd: job.project, serialization: 'advanced', v8Flags: plannerV8Flags(job.mode) });
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
      if (code === 0) resolve();
      else reject(failure ?? exitError());
    });
  });
  const exitError = () => new Error(`the build's planning process stopped (exit code ${child.exitCode ?? child.signalCode}${fatalEndHint(child.signalCode)})${errorTail() ? `:\n${errorTail()}` : ''}`);
  // Each is awaited by the build; these only keep an unawaited rejection from ending the process.
  plan.catch(() => undefined);
  done.catch(() => undefined);
  child.send({ ...job, config: configHandoff(job.config) } satisfies PlannerMessage);
  return { plan, done };
}

/**
 * An hourly build's planning process holds the whole site's index, and V8 would give it a young
 * generation of up to 3 × 64 MB on top (the default semi-space on a machine of this size); 8 MB
 * semi-spaces took ~0.12 GB off its peak at 14,000 and at 100,000 articles at the same speed
 * (BENCHMARKS.md). Its old generation grows as the index is loaded, and V8 lets it reach up to ~4×
 * what was live at its last collection before collecting again: at 104,695 articles ~0.3 GB of its
 * ~0.6 GB peak was garbage not yet collected. A growth of 20% at most took that peak to ~0.44 GB,
 * for at most ~1-2 s more collecting there (within the machine's spread between rounds). A cold
 * build keys and indexes every page, where allocation is the work: it keeps V8's defaults.
 */
function plannerV8Flags(mode: PlanJob['mode']): string[] {
  return mode === 'cold' ? [] : ['--max-semi-space-size=8', '--heap-growing-percent=20'];
}
