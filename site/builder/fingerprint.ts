import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Config } from '../../crawler/config/index.ts';

// What every page depends on besides its own data: the code that renders it and the site's
// config. The code is every file of site/ and every project file they import (followed through
// relative imports: crawler/config, the sanitizer policy…), astro.config.mjs, and the lockfile
// (the versions of Astro, the Markdown renderer, sanitize-html…). Any change re-renders every
// page: a cold build, which a template change calls for anyway.

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** A hash of the site's code, read from the project folder. */
export function codeFingerprint(project: string): string {
  const seen = new Set<string>();
  const queue = [...filesUnder(join(project, 'site')), join(project, 'astro.config.mjs'), join(project, 'package-lock.json')];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    if (!/\.(ts|mjs|js|astro)$/.test(file)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), m[1] ?? m[2] ?? m[3]!);
      if (!target.includes(`${sep}node_modules${sep}`)) queue.push(target);
    }
  }
  const hash = createHash('sha256');
  for (const file of [...seen].sort()) hash.update(relative(project, file).split(sep).join('/')).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 32);
}

/** A hash of what pages read of the config: the site section, the topics (without their sources) and the publishing settings pages use. */
export function configFingerprint(config: Config): string {
  const { pageSize, feedItems, relatedCount, fullContentInFeeds, minTagArticles } = config.publish;
  const pages = { site: config.site, topics: config.topics.map((t) => ({ slug: t.slug, name: t.name, description: t.description })), publish: { pageSize, feedItems, relatedCount, fullContentInFeeds, minTagArticles } };
  return createHash('sha256').update(JSON.stringify(pages)).digest('hex').slice(0, 32);
}
