// Where Node's module compile cache lives (scripts/kit/run.mjs turns it on for every command;
// vitest.config.ts for the processes tests start): NODE_COMPILE_CACHE, or the project's
// node_modules/.cache. Plain JavaScript, so that any Node can load it.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function compileCacheFolder(env = process.env) {
  return env.NODE_COMPILE_CACHE || join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules', '.cache', 'node-compile-cache');
}
