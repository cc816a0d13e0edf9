import { loadConfig } from '../crawler/config/index.ts';
import { sitePaths } from '../crawler/paths.ts';
import { runCrawl } from '../crawler/pipeline/index.ts';
import { reportError } from './kit/errors.ts';
import { commandArgs } from './kit/args.ts';
import { createReporter } from './kit/progress.ts';
import { formatSummary } from './kit/summary-table.ts';
import { formatExplanation } from './crawl/explain-output.ts';
import { explainUrl } from '../crawler/pipeline/explain-page.ts';

const HELP = `Usage: npm run crawl -- [options]

Reads the configured sources, fetches new articles, and publishes them to content/ and data/site.sqlite.

Options:
  --config <file>     site config to use (default: site.config.ts, or $GLEANER_CONFIG)
  --root <dir>        site root holding content/, data/ and media/ (default: ., or $GLEANER_ROOT)
  --topic <slug>      crawl only this topic (repeatable)
  --source <text>     read only sources whose URL contains this text (repeatable; search sources
                      match "search"); they are read even if not due
  --max-pages <n>     fetch at most n pages this run (default: crawl.maxPagesPerRun); the next
                      run carries on with the rest
  --dry-run           read the sources and report what is new; fetch no page, write nothing
                      (no database, no content, no media)
  --refresh           re-read every source now, ignoring cache lifetimes and schedules, like
                      pacman -Syy (conditional requests are still sent, so unchanged ones cost a 304)
  --verbose           report every page, not only problems (and every source on a terminal)
  --json              print the summary as JSON on stdout
  --explain <url>     fetch this one page (same fetcher and guards: robots, address guard, caps)
                      and print each step's verdict: fetch, extraction, rules, each quality
                      filter, language, dedup against the state. Writes nothing. The rules are
                      those of the URL's topic and source when the state knows it, else of
                      --topic/--source; with --json the steps as JSON
  -h, --help          show this help

Exit codes: 0 the run worked (even if some pages were rejected or failed), or --explain: the page
            would be published; 1 --explain: it would not; 2 bad config or arguments;
            3 the site root is not usable; 1 anything else.`;

const OPTIONS = {
  config: { type: 'string' },
  root: { type: 'string' },
  topic: { type: 'string', multiple: true },
  source: { type: 'string', multiple: true },
  'max-pages': { type: 'string' },
  'dry-run': { type: 'boolean' },
  refresh: { type: 'boolean' },
  verbose: { type: 'boolean' },
  json: { type: 'boolean' },
  explain: { type: 'string' },
} as const;

export async function main(argv: string[]): Promise<number> {
  const parsed = commandArgs(argv, OPTIONS, HELP);
  if (typeof parsed === 'number') return parsed;
  const args = parsed.values;
  const maxPages = args['max-pages'] === undefined ? undefined : Number(args['max-pages']);
  if (maxPages !== undefined && (!Number.isInteger(maxPages) || maxPages < 1)) {
    console.error(`--max-pages must be a positive whole number, like --max-pages 50 (got "${args['max-pages']}")`);
    return 2;
  }

  if (args.explain !== undefined) {
    const extra = (['max-pages', 'dry-run', 'refresh', 'verbose'] as const).filter((flag) => args[flag] !== undefined);
    if (extra.length || (args.topic?.length ?? 0) > 1 || (args.source?.length ?? 0) > 1) {
      console.error(`--explain takes one URL and at most one --topic and --source (plus --config, --root, --json), not ${extra.map((f) => `--${f}`).join(', ') || 'several'}`);
      return 2;
    }
    return explain(args.explain, { config: args.config, root: args.root, topic: args.topic?.[0], source: args.source?.[0], json: Boolean(args.json) });
  }

  const tty = Boolean(process.stderr.isTTY) && !process.env.CI;
  const { reporter, stop } = createReporter({ tty, verbose: Boolean(args.verbose) });
  try {
    const config = await loadConfig(args.config);
    const summary = await runCrawl(config, sitePaths(args.root), {
      topics: args.topic,
      sources: args.source,
      maxPages,
      dryRun: args['dry-run'],
      refresh: args.refresh,
      reporter,
    });
    stop();
    if (args.json) console.log(JSON.stringify(summary, null, 2));
    else console.log(`\nCrawl summary\n${formatSummary(summary)}`);
    return 0;
  } catch (error) {
    stop();
    return reportError(error);
  }
}

async function explain(url: string, args: { config?: string; root?: string; topic?: string; source?: string; json: boolean }): Promise<number> {
  try {
    const config = await loadConfig(args.config);
    const explanation = await explainUrl(config, sitePaths(args.root), url, { topic: args.topic, source: args.source });
    console.log(args.json ? JSON.stringify(explanation, null, 2) : formatExplanation(explanation));
    return explanation.publishable ? 0 : 1;
  } catch (error) {
    return reportError(error);
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('commands/crawl.ts')) {
  process.exitCode = await main(process.argv.slice(2));
}
