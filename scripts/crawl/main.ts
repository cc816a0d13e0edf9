import { runCrawl } from '../../crawler/pipeline/index.ts';
import { reportError } from '../kit/errors.ts';
import { command, flagOptions, valueOptions } from '../kit/args.ts';
import { runMain } from '../kit/main.ts';
import { createReporter, onTerminal } from '../kit/progress.ts';
import { loadSite, SITE_OPTIONS, SITE_OPTIONS_HELP } from '../kit/site-options.ts';
import { formatSummary } from '../kit/summary-table.ts';
import { formatExplanation } from './explain-output.ts';
import { explainUrl } from '../../crawler/pipeline/explain-page.ts';
import { EXIT } from '../kit/exit-codes.ts';
import { uploadStagedMedia } from './upload-media.ts';

const HELP = `Usage: npm run crawl -- [options]

Reads the configured sources, fetches new articles, and publishes them to content/ and data/site.sqlite.
A site whose lead images live in the bucket (npm run media) uploads the run's new ones last, with
the deploy's bucket settings (S3_BUCKET…); a failed upload keeps them in .gleaner/media/ for the next run.

Options:
${SITE_OPTIONS_HELP}
  --topic <slug>      crawl only this topic (repeatable)
  --source <text>     read only sources whose URL contains this text (repeatable; search sources
                      match "search"); they are read even if not due
  --max-pages <n>     fetch at most n pages this run (default: crawl.maxPagesPerRun); the next
                      run carries on with the rest
  --dry-run           read the sources and report what is new; fetch no page, write nothing
                      (no database, no content, no media)
  --refresh           re-read every source now, ignoring cache lifetimes and schedules, like
                      pacman -Syy (conditional requests are still sent, so unchanged ones cost a 304)
  --verbose           report every page, not only problems (and every source on a terminal),
                      and each taken-down address a source listed (skipped, never fetched)
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
  ...SITE_OPTIONS,
  ...valueOptions('max-pages', 'explain'),
  ...flagOptions('dry-run', 'refresh', 'verbose', 'json'),
  topic: { type: 'string', multiple: true },
  source: { type: 'string', multiple: true },
} as const;

export const main = command({ help: HELP, options: OPTIONS }, async (args) => {
  const maxPages = args['max-pages'] === undefined ? undefined : Number(args['max-pages']);
  if (maxPages !== undefined && (!Number.isInteger(maxPages) || maxPages < 1)) {
    console.error(`--max-pages must be a positive whole number, like --max-pages 50 (got "${args['max-pages']}")`);
    return EXIT.usage;
  }

  if (args.explain !== undefined) {
    const extra = (['max-pages', 'dry-run', 'refresh', 'verbose'] as const).filter((flag) => args[flag] !== undefined);
    if (extra.length || (args.topic?.length ?? 0) > 1 || (args.source?.length ?? 0) > 1) {
      console.error(`--explain takes one URL and at most one --topic and --source (plus --config, --root, --json), not ${extra.map((f) => `--${f}`).join(', ') || 'several'}`);
      return EXIT.usage;
    }
    return explain(args.explain, { config: args.config, root: args.root, topic: args.topic?.[0], source: args.source?.[0], json: Boolean(args.json) });
  }

  const { reporter, stop } = createReporter({ tty: onTerminal(), verbose: Boolean(args.verbose) });
  try {
    const { config, paths } = await loadSite(args);
    const summary = await runCrawl(config, paths, {
      topics: args.topic,
      sources: args.source,
      maxPages,
      dryRun: args['dry-run'],
      refresh: args.refresh,
      reporter,
    });
    stop();
    const upload = args['dry-run'] ? null : await uploadStagedMedia(paths, process.env);
    if (args.json) console.log(JSON.stringify(summary, null, 2));
    else console.log(`\nCrawl summary\n${formatSummary(summary)}`);
    if (upload) (upload.warning ? console.error : console.log)(upload.message);
    return EXIT.ok;
  } catch (error) {
    stop();
    return reportError(error);
  }
});

async function explain(url: string, args: { config?: string; root?: string; topic?: string; source?: string; json: boolean }): Promise<number> {
  try {
    const { config, paths } = await loadSite(args);
    const explanation = await explainUrl(config, paths, url, { topic: args.topic, source: args.source });
    console.log(args.json ? JSON.stringify(explanation, null, 2) : formatExplanation(explanation));
    return explanation.publishable ? EXIT.ok : EXIT.failed;
  } catch (error) {
    return reportError(error);
  }
}

await runMain(import.meta.url, main);
