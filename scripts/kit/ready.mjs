// Runs before every npm script (package.json): plain JavaScript, so that any Node can run it and
// say in a sentence what is missing, instead of a stack trace from deep inside a command.
//   node scripts/kit/ready.mjs            the Node version
//   node scripts/kit/ready.mjs --install  also installs the dependencies when they are missing
//                                          or older than package-lock.json (npm start, npm test)
//   … --browser                            also says how to get Chromium when it is missing (npm test)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The floor is package.json's engines: 22.13, the first Node whose node:sqlite needs no flag (the
// build's memory, site/builder/memory.ts, is a SQLite file read by key).
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const wanted = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node.replace(/^>=\s*/, '');
const recommended = readFileSync(join(root, '.nvmrc'), 'utf8').trim();

const newer = (have, need) => {
  const a = have.split('.').map(Number);
  const b = need.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
};

if (!newer(process.versions.node, wanted)) {
  console.error(`Gleaner needs Node.js ${wanted} or newer (${recommended} recommended); this is Node.js ${process.versions.node}.
Install Node.js ${recommended} (https://nodejs.org, or \`nvm install\` in this folder, which reads .nvmrc), then run the command again.`);
  process.exit(1);
}

const args = new Set(process.argv.slice(2));
if (args.has('--install')) {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed) || (existsSync(lock) && statSync(installed).mtimeMs < statSync(lock).mtimeMs)) {
    console.error('Installing the dependencies (npm install)…');
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    if (npm.status !== 0) {
      console.error('npm install failed (above); fix what it says and run the command again.');
      process.exit(1);
    }
  }
}

if (args.has('--browser')) {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(`The browser tests drive Chromium at ${chromium}, which is missing: install it with \`sudo apt-get install chromium\` (Debian, Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary. Those tests fail without it; the rest run.`);
  }
}
