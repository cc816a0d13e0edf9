import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandArgs } from '../kit/args.ts';
import { runMain } from '../kit/main.ts';
import { auditTargets } from './lib/audit-pages.ts';
import { launchChromium } from './lib/chromium.ts';
import { makeDemoSite } from './lib/demo-site.ts';
import { CATEGORIES, auditPage, formatFailures, formatScores, type Category, type FormFactor, type PageAudit } from './lib/lighthouse.ts';
import { serveStatic } from '../kit/static-server.ts';

// npm run audit: Lighthouse (mobile and desktop) on home, a topic page, an article and its
// AMP page of the demo site (crawled and built into a temporary root) or of a built dist/
// (--dist). Prints the four category scores per page, the audits that cost points, and
// writes everything to bench-results/lighthouse.json. --runs N audits each page N times and
// keeps the median run (performance varies with the machine's load). Exits 1 when a target is missed:
// 100 everywhere, except the AMP page's performance (its runtime comes from a CDN).

const PROJECT = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'usage: npm run audit -- [--dist <dir>] [--base /] [--form-factor mobile|desktop|both] [--runs N] [--keep]';

/** Of several runs of one page, the one with the median performance score (Lighthouse CI's "representative run"). */
export function medianRun(runs: PageAudit[]): PageAudit {
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The categories that must score 100 on a page. */
export function targetCategories(page: string): readonly Category[] {
  return page === 'amp' ? CATEGORIES.filter((c) => c !== 'performance') : CATEGORIES;
}

export function missedTargets(audits: PageAudit[]): string[] {
  return audits.flatMap((a) => targetCategories(a.name).filter((c) => a.scores[c] !== 100).map((c) => `${a.name} (${a.formFactor}) ${c}: ${a.scores[c]}`));
}

const OPTIONS = {
  dist: { type: 'string' },
  base: { type: 'string' },
  'form-factor': { type: 'string' },
  runs: { type: 'string' },
  keep: { type: 'boolean' },
} as const;

async function main(argv: string[]): Promise<number> {
  const parsed = commandArgs(argv, OPTIONS, USAGE);
  if (typeof parsed === 'number') return parsed;
  const args = parsed.values;
  const runs = args.runs === undefined ? 1 : Number(args.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) {
    console.error(`--runs must be a whole number from 1 to 9\n${USAGE}`);
    return 2;
  }
  const formFactors: FormFactor[] = args['form-factor'] === 'mobile' ? ['mobile'] : args['form-factor'] === 'desktop' ? ['desktop'] : ['mobile', 'desktop'];
  if (args['form-factor'] && !['mobile', 'desktop', 'both'].includes(args['form-factor'])) {
    console.error(`--form-factor must be mobile, desktop or both\n${USAGE}`);
    return 2;
  }

  let dist = args.dist ? resolve(args.dist) : null;
  let tempRoot: string | null = null;
  if (dist && !existsSync(join(dist, 'index.html'))) {
    console.error(`${dist}/index.html is missing: pass a built dist/ folder`);
    return 2;
  }
  if (!dist) {
    // Inside the project: Astro keeps a build's prerender bundle apart only when outDir is under the working directory.
    await mkdir(join(PROJECT, '.astro'), { recursive: true });
    tempRoot = await mkdtemp(join(PROJECT, '.astro', 'audit-'));
    const site = await makeDemoSite(tempRoot, { log: (line) => console.log(line) });
    dist = site.dist;
  }

  const server = await serveStatic(dist, { port: 0, base: args.base });
  const { browser, port } = await launchChromium({ debuggingPort: true });
  const chromium = `Chromium ${browser.version()}`;
  const audits: PageAudit[] = [];
  try {
    const targets = await auditTargets(server.url);
    for (const formFactor of formFactors) {
      for (const target of targets) {
        console.log(`lighthouse ${formFactor}: ${target.name} ${target.url}${runs > 1 ? ` (${runs} runs)` : ''}`);
        const results: PageAudit[] = [];
        for (let i = 0; i < runs; i++) results.push(await auditPage(target, { port: port!, formFactor }));
        audits.push(medianRun(results));
      }
    }
  } finally {
    await browser.close();
    await server.close();
    if (tempRoot && !args.keep) await rm(tempRoot, { recursive: true, force: true });
  }

  console.log(`\n${formatScores(audits)}${runs > 1 ? `\n(each row: the run with the median performance score of ${runs})` : ''}\n`);
  const failures = formatFailures(audits);
  if (failures) console.log(`Audits that cost points:\n${failures}\n`);
  const missed = missedTargets(audits);
  console.log(missed.length ? `Targets missed:\n  ${missed.join('\n  ')}` : 'All targets met (100; the AMP page is not held to performance: its runtime comes from a CDN this machine cannot reach).');

  const lighthouseVersion = (JSON.parse(readFileSync(join(PROJECT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }).version;
  const out = join(PROJECT, 'bench-results', 'lighthouse.json');
  await mkdir(join(PROJECT, 'bench-results'), { recursive: true });
  await writeFile(out, `${JSON.stringify({ date: new Date().toISOString(), chromium, lighthouse: lighthouseVersion, dist: tempRoot ? 'demo site (temporary build)' : dist, runs, audits, missed }, null, 2)}\n`);
  console.log(`\nwrote ${out}`);
  if (tempRoot && args.keep) console.log(`kept the demo build in ${tempRoot}`);
  return missed.length ? 1 : 0;
}

await runMain(import.meta.url, main);
