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
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/kit/run.mjs <file.ts> [arguments…]');
  process.exit(2);
}
// The real path, as Node names the module it loads: a command knows it is the one run by comparing the two (scripts/kit/main.ts).
const entry = realpathSync(resolve(file));

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
