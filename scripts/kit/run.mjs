// Runs a command's TypeScript file (package.json's scripts, after ready.mjs):
//   node scripts/kit/run.mjs scripts/build.ts [arguments…]
// On a Node with its own type stripping (22.18 and later, 24) the file runs in this process: the
// code is erasable syntax only (tsconfig.json), so nothing needs transforming, and the worker
// threads a command starts run the same way. On an older Node it runs with tsx, in a child that
// this process waits for and passes signals to. The build's own children make the same choice
// (site/builder/child-process.ts). tsx's loader in every process and worker thread cost a build
// of the 1,000 site 2.7-3.6 s (BENCHMARKS.md).
import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import module, { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileCacheFolder } from './compile-cache.mjs';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/kit/run.mjs <file.ts> [arguments…]');
  process.exit(2);
}
// The real path, as Node names the module it loads: a command knows it is the one run by comparing the two (scripts/kit/main.ts).
const entry = realpathSync(resolve(file));

// V8's compiled code of every module is kept on disk (Node's module compile cache), so the next
// command loads its modules without compiling them again: a build starts four Node processes and
// threads that load Astro, Vite and the crawler's modules, which cost a build with nothing new
// ~1.3 s of its ~7 (npm run bench:startup). NODE_COMPILE_CACHE chooses the folder (the workflows keep it in their
// cache) and NODE_DISABLE_COMPILE_CACHE=1 turns it off; the processes and threads a command starts
// inherit both through the environment. A file whose source changed is compiled again, so a stale
// cache costs time, never correctness.
// (The folder Node reports is one of its own inside the one it was given, per Node version.)
const compileCache = compileCacheFolder();
if (module.enableCompileCache?.(compileCache)?.directory) process.env.NODE_COMPILE_CACHE = compileCache;

if (process.features.typescript) {
  process.argv = [process.argv[0], entry, ...rest];
  await import(pathToFileURL(entry).href);
} else {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsx, entry, ...rest], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (code !== null) process.exit(code);
    // Ended by a signal: end the same way, so whoever started the command sees it.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
}
