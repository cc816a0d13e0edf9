import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { configHandoff, type Config } from '../../crawler/config/index.ts';
import type { BuildInput } from './input.ts';

// `astro build` in a child process. A build keeps what it allocated resident after it returns,
// mostly outside V8's heap, so no collection gives it back; the parent goes on to index search
// and write data files, and in one process the two would add up.

const CHILD = fileURLToPath(new URL('./astro-child.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface AstroRun {
  /** The project folder (astro.config.mjs and site/ are here). */
  project: string;
  root: string;
  config: Config;
  /** Where Astro writes: always inside the project, so its prerender bundle resolves the project's packages. */
  outDir: string;
  input: BuildInput;
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
  const child = fork(CHILD, [], { env, execArgv: ['--import', TSX], stdio: ['ignore', 'inherit', 'pipe', 'ipc'], cwd: run.project });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    errors = (errors + chunk.toString('utf8')).slice(-4000);
  });
  // A parent that exits (killed, or an error elsewhere) takes its build with it.
  const stop = () => child.kill();
  process.once('exit', stop);
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      process.off('exit', stop);
      if (code === 0) done();
      else fail(new Error(`astro build failed (${signal ?? `exit code ${code}`})${errors.trim() ? `:\n${errors.trim()}` : ''}`));
    });
  });
}
