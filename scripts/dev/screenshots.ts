import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { commandArgs } from '../kit/args.ts';
import { runMain } from '../kit/main.ts';
import { launchChromium } from './lib/chromium.ts';
import { COLOR_SCHEMES, VIEWPORTS, openPageType, pageTargets } from './lib/page-types.ts';
import { serveStatic } from '../kit/static-server.ts';

// npm run screenshots: every page type of a built site (the demo's by default) at 1280 and
// 390 px wide, light and dark, whole pages, into one folder, so a person can look at them.

const USAGE = 'usage: npm run screenshots -- [--dist .demo/dist] [--out .demo/screenshots]';

export async function main(argv: string[]): Promise<number> {
  const parsed = commandArgs(argv, { dist: { type: 'string' }, out: { type: 'string' } }, USAGE);
  if (typeof parsed === 'number') return parsed;
  const args = parsed.values;
  const dist = resolve(args.dist ?? '.demo/dist');
  const out = resolve(args.out ?? '.demo/screenshots');
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`No built site in ${dist}: run \`npm start -- --no-serve\` (the demo) or \`npm run build\` first.`);
    return 2;
  }
  await mkdir(out, { recursive: true });
  const server = await serveStatic(dist, { port: 0 });
  const { browser } = await launchChromium();
  try {
    const targets = await pageTargets(server.url);
    let written = 0;
    for (const viewport of VIEWPORTS) {
      for (const colorScheme of COLOR_SCHEMES) {
        const context = await browser.newContext({ viewport, colorScheme, bypassCSP: true });
        for (const target of targets) {
          const page = await context.newPage();
          await openPageType(page, target);
          await page.screenshot({ path: join(out, `${target.type}-${viewport.width}-${colorScheme}.png`), fullPage: true });
          await page.close();
          written++;
        }
        await context.close();
      }
    }
    console.log(`${written} screenshots of ${targets.length} page types (${targets.map((t) => t.type).join(', ')}) in ${out}`);
    return 0;
  } finally {
    await browser.close();
    await server.close();
  }
}

await runMain(import.meta.url, main);
