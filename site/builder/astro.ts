import { fileURLToPath } from 'node:url';
import { configHandoff, type Config } from '../../crawler/config/index.ts';
import type { BuildInput } from './input.ts';
import { fatalEndHint, forkBuildChild } from './child-process.ts';

// `astro build` in a child process. A build keeps what it allocated resident after it returns,
// mostly outside V8's heap, so no collection gives it back; the parent goes on to merge the
// stage into dist/, and in one process the two would add up.

const CHILD = fileURLToPath(new URL('./astro-child.ts', import.meta.url));

/**
 * For a build that is not cold, a young generation of 8 MB semi-spaces (Node 24's V8 grows them
 * larger): rendering makes many short-lived objects, and the larger spaces stayed resident. There
 * Astro's child runs beside Pagefind's indexer, and this took its peak from 0.63 to 0.54 GB at
 * the same speed. A cold build renders every page and keeps V8's default: with the smaller spaces
 * its Astro step at 100,000 took 662 s against 609 s (one build each; BENCHMARKS.md, issue 27's
 * eleventh stop). It sets no limit either way: the old generation grows as before.
 */
const ASTRO_YOUNG_GENERATION = '--max-semi-space-size=8';

export interface AstroRun {
  /** The project folder (astro.config.mjs and site/ are here). */
  project: string;
  root: string;
  config: Config;
  /** Where Astro writes: always inside the project, so its prerender bundle resolves the project's packages. */
  outDir: string;
  input: BuildInput;
  /** A cold build: every page rendered (see ASTRO_YOUNG_GENERATION). */
  cold: boolean;
  logLevel: 'info' | 'warn' | 'error';
}

/** Resolves when Astro is done; rejects with the end of its error output. */
export function runAstro(run: AstroRun): Promise<void> {
  const env = {
    ...process.env,
    GLEANER_ROOT: run.root,
    GLEANER_CONFIG_JSON: configHandoff(run.config),
    GLEANER_OUT_DIR: run.outDir,
    GLEANER_BUILD_INPUT: JSON.stringify(run.input),
    GLEANER_ASTRO_LOG: run.logLevel,
    GLEANER_PROJECT: run.project,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  // The root as its argument: only so that `ps` (and the kill test) can tell which site an Astro child is for.
  const { child, errorTail } = forkBuildChild(CHILD, [run.root], { env, cwd: run.project, v8Flags: run.cold ? [] : [ASTRO_YOUNG_GENERATION] });
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      if (code === 0) done();
      else fail(new Error(`astro build failed (${signal ?? `exit code ${code}`}${fatalEndHint(signal)})${errorTail() ? `:\n${errorTail()}` : ''}`));
    });
  });
}
