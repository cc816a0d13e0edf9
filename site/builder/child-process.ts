import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// A child process of the build (Astro's, the planning process): a TypeScript file, its error
// output passed through and its end kept for the error message, and killed when the build's
// process exits first.

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * How a child runs TypeScript: with Node's own type stripping where it has it (Node 22.18 and 24;
 * the code is erasable syntax only, tsconfig.json), else with tsx, as the commands do
 * (scripts/kit/run.mjs). Every build starts these children, and the worker threads they start
 * inherit the choice: tsx's hooks resolve and load every module (in Astro's child, every module
 * Astro imports), which cost a build of the 1,000 site 2.7-3.6 s (BENCHMARKS.md).
 */
export const typescriptExecArgv: readonly string[] = process.features.typescript ? [] : ['--import', TSX];

export interface BuildChild {
  child: ChildProcess;
  /** The last 4,000 characters it wrote to stderr, trimmed. */
  errorTail(): string;
}

/** `v8Flags`: flags for the child's V8 (its heap), before its file. */
export function forkBuildChild(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; serialization?: 'json' | 'advanced'; v8Flags?: string[] }): BuildChild {
  const { v8Flags = [], ...forkOptions } = options;
  const child = fork(file, args, { ...forkOptions, execArgv: [...typescriptExecArgv, ...v8Flags], stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    errors = (errors + chunk.toString('utf8')).slice(-4000);
  });
  // A parent that exits (killed, or an error elsewhere) takes the child with it.
  const stop = () => child.kill();
  process.once('exit', stop);
  child.once('exit', () => process.off('exit', stop));
  return { child, errorTail: () => errors.trim() };
}

/** The signals V8 and Node end a process by when they cannot go on (a failed check, a fatal error). */
const FATAL_SIGNALS: ReadonlySet<string> = new Set(['SIGTRAP', 'SIGILL', 'SIGABRT', 'SIGSEGV', 'SIGBUS']);

/**
 * What to add to the error of a child that ended by `signal`: with Node's compile cache on
 * (scripts/kit/run.mjs), a fatal end may be a cached entry V8 cannot read back, a rare fault
 * reported of some Node versions, which would then recur every run; so the error says how to
 * rule it out.
 */
export function fatalEndHint(signal: NodeJS.Signals | null, env: NodeJS.ProcessEnv = process.env): string {
  if (signal === null || !FATAL_SIGNALS.has(signal) || !env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return '';
  return `; if it ends so again, run it with NODE_DISABLE_COMPILE_CACHE=1, or delete ${env.NODE_COMPILE_CACHE} (Node's compile cache), to rule out a cached entry V8 cannot read`;
}
