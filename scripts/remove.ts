import { preflight } from '../crawler/pipeline/preflight.ts';
import { applyRemoval, findTarget, finishRemovals, planRemoval, syncTopics, type RemovalPlan } from '../crawler/remove/index.ts';
import { openUpgradedState } from '../crawler/upgrade/index.ts';
import { openStateReader, type RemovalRow } from '../crawler/store/read.ts';
import { command, flagOptions, usageError, valueOptions } from './kit/args.ts';
import { reportError } from './kit/errors.ts';
import { runMain } from './kit/main.ts';
import { loadSite, SITE_OPTIONS, SITE_OPTIONS_HELP } from './kit/site-options.ts';
import { EXIT } from './kit/exit-codes.ts';

const HELP = `Usage: npm run remove -- <url | topic/slug> --reason "<text>" [options]
       npm run remove -- --list [--json]

Takes an article down (a DMCA or other takedown request): it leaves every list, feed, sitemap,
search index, tag, source and story page, related list and the downloadable data at the next
build; its Markdown file (and its lead image, unless another article uses it) is deleted; its URL
and every URL equivalent to it are never fetched again; its old address answers with a short
"removed at the request of the rights holder" page. The removal is recorded with its date and
reason in the crawler's state (data/segments/). A URL that was never published is blocked too.

Options:
  --reason <text>     why (recorded, shown by --list); required
  --dry-run           show what would change (files deleted, pages re-rendered, URLs blocked);
                      write nothing
  --list              show every removal: date, URL, reason
  --json              with --list or --dry-run: print JSON on stdout
${SITE_OPTIONS_HELP}
  -h, --help          show this help

Exit codes: 0 removed (or already removed), or listed; 2 bad arguments or config, or no such
            article; 3 the site root is not usable; 1 anything else.`;

const OPTIONS = {
  ...SITE_OPTIONS,
  ...valueOptions('reason'),
  ...flagOptions('dry-run', 'list', 'json'),
} as const;

export const main = command({ help: HELP, options: OPTIONS, positionals: true }, async (args, positionals) => {
  if (args.list && positionals.length) return usageError('--list takes no address', HELP);
  if (!args.list) {
    if (positionals.length !== 1) return usageError(positionals.length ? `one address at a time (got ${positionals.length})` : 'which article? Give its URL or <topic>/<slug>', HELP);
    if (!args['dry-run'] && !args.reason?.trim()) return usageError('--reason is required: say why, like --reason "DMCA notice from Example Press, 2026-04-01"', HELP);
  }
  try {
    const { config, paths } = await loadSite(args);
    const readOnly = Boolean(args.list || args['dry-run']);
    preflight(paths, readOnly);
    const now = new Date().toISOString();
    if (args.list) {
      const state = await openStateReader(paths);
      try {
        list(state.removals(), Boolean(args.json));
      } finally {
        state.close();
      }
      return EXIT.ok;
    }
    const db = await openUpgradedState(paths, { readOnly, nearDuplicateThreshold: config.quality.nearDuplicateThreshold });
    try {
      const topics = syncTopics(db, config);
      if (!readOnly) {
        const finished = finishRemovals(db, paths);
        if (finished) {
          db.save();
          console.error(`finished ${finished} removal${finished === 1 ? '' : 's'} a killed run left half done`);
        }
      }
      const found = findTarget(db, topics, positionals[0]!);
      if (!found.ok) {
        console.error(found.message);
        return EXIT.usage;
      }
      if (found.target.already) {
        const r = found.target.already;
        console.log(`already removed on ${r.removed_at.slice(0, 10)}: ${r.url} (${r.reason})`);
        return EXIT.ok;
      }
      const plan = planRemoval(db, paths, topics, found.target);
      if (args['dry-run']) {
        if (args.json) console.log(JSON.stringify(describe(plan), null, 2));
        else console.log(`dry run: nothing written\n${lines(plan).join('\n')}`);
        return EXIT.ok;
      }
      applyRemoval(db, paths, plan, args.reason!.trim(), now);
      console.log(lines(plan).join('\n'));
      console.log('\nRun npm run build to update the site (and deploy it).');
      return EXIT.ok;
    } finally {
      db.close();
    }
  } catch (error) {
    return reportError(error);
  }
});

function list(rows: Array<RemovalRow & { topic: string | null }>, json: boolean): void {
  if (json) console.log(JSON.stringify(rows.map((r) => ({ removedAt: r.removed_at, url: r.url, page: r.slug ? `${r.topic}/${r.slug}` : null, reason: r.reason, status: r.status })), null, 2));
  else if (!rows.length) console.log('no removals');
  else for (const r of rows) console.log(`${r.removed_at.slice(0, 10)}  ${r.url}${r.slug ? `  (${r.topic}/${r.slug})` : ''}  ${r.reason}${r.status === 'removing' ? '  [files not deleted yet: the next remove or crawl finishes it]' : ''}`);
}

function describe(plan: RemovalPlan) {
  const a = plan.target.article;
  return { url: plan.target.url, article: a?.slug ? `${plan.target.topic}/${a.slug}` : null, filesDeleted: plan.files, pagesGone: plan.gone, pagesRerendered: plan.pages, urlsBlocked: plan.blocked };
}

function lines(plan: RemovalPlan): string[] {
  const d = describe(plan);
  const list = (title: string, items: string[]) => (items.length ? [`${title} (${items.length}):`, ...items.map((i) => `  ${i}`)] : [`${title}: none`]);
  return [
    d.article ? `remove ${d.article} (${d.url})` : `block ${d.url} (no article of it on the site)`,
    ...list('files deleted', d.filesDeleted),
    ...list('addresses answering "removed"', d.pagesGone),
    ...list('pages rendered again at the next build (besides home, topic fronts, feeds, sitemaps, search and data)', d.pagesRerendered),
    ...list('URLs never fetched again (and any URL equivalent to them)', d.urlsBlocked),
  ];
}

await runMain(import.meta.url, main);
