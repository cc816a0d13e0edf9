import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configHandoff } from '../../crawler/config/index.ts';
import { freePort } from '../../scripts/dev/lib/net.ts';
import { readContent } from '../site/helpers/content.ts';
import { demoBuild, type DemoBuild } from './helpers/demo-build.ts';

// `npm run dev` (astro dev) on the built demo root: without the build's handoff, astro.config.mjs
// makes Astro's input itself (site/builder/dev-input.ts), and the dev server renders the home
// page and an article page from it.

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));

let site: DemoBuild;
let dev: ChildProcess;
let origin: string;

/**
 * Starts astro dev and resolves with its address once it prints it. The port is chosen here, not
 * by --port 0: Vite restarts its server when it re-optimizes dependencies, on another free port.
 */
async function startDev(): Promise<string> {
  const port = await freePort();
  dev = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: PROJECT,
    // Not vitest's environment, which carries Vite's variables for the tests: under it the dev
    // server answered every page 404.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, GLEANER_ROOT: site.root, GLEANER_CONFIG_JSON: configHandoff(site.config), NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes(`http://127.0.0.1:${port}/`)) resolve(`http://127.0.0.1:${port}`);
    };
    dev.stdout!.on('data', read);
    dev.stderr!.on('data', read);
    dev.once('exit', (code) => reject(new Error(`astro dev exited (${code}) before it listened:\n${output}`)));
  });
}

async function page(path: string): Promise<{ status: number; document: Document }> {
  const response = await fetch(new URL(path, origin));
  const text = await response.text();
  return { status: response.status, document: parseHTML(text).document };
}

beforeAll(async () => {
  site = await demoBuild();
  origin = await startDev();
});

afterAll(async () => {
  if (!dev || dev.exitCode !== null) return;
  const exited = new Promise((done) => dev.once('exit', done));
  dev.kill('SIGTERM');
  await exited;
});

describe('astro dev on a built demo root', () => {
  it('serves the home page with the site title', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.document.title).toContain(site.config.site.title);
  }, 300_000);

  it("serves an article page with the article's title", async () => {
    const article = (await readContent(site.root))[0]!;
    const found = await page(`/${article.id}/`);
    expect(found.status).toBe(200);
    expect(found.document.querySelector('h1')?.textContent?.trim()).toBe(article.data.title);
  }, 300_000);
});
