import { runGivenUrls, type GivenUrlResult } from '../crawler/pipeline/index.ts';
import { command, flagOptions, usageError, valueOptions } from './kit/args.ts';
import { reportError } from './kit/errors.ts';
import { runMain } from './kit/main.ts';
import { createReporter, onTerminal } from './kit/progress.ts';
import { loadSite, SITE_OPTIONS, SITE_OPTIONS_HELP } from './kit/site-options.ts';
import { formatSummary } from './kit/summary-table.ts';
import { EXIT } from './kit/exit-codes.ts';

const HELP = `Usage: npm run add -- <url> [--topic <slug>] [options]

Fetches, extracts, cleans, dedups and publishes one page now, without waiting for a source (like
pacman -S), through the crawler's own pieces: robots.txt, the address guard and the size and time
caps apply as in a crawl. Writes content/ and a segment of data/segments/ like a crawl does, so
the next crawl and build see it.

Options:
  --topic <slug>      the topic it goes to; required when the site has more than one
  --force             skip the quality filters (too short, too long, boilerplate…); never the
                      guards (robots.txt, private addresses, caps) nor duplicate detection
  --verbose           report every step
  --json              print the result as JSON on stdout
${SITE_OPTIONS_HELP}
  -h, --help          show this help

Prints one of: published as <topic>/<slug> (and its file), already published as <topic>/<slug>,
duplicate of <topic>/<slug>, rejected: <reason>, failed: <code>.

Exit codes: 0 published or already there; 2 bad arguments or config; 3 the site root is not
            usable; 1 rejected, a duplicate, or failed.`;

const OPTIONS = {
  ...SITE_OPTIONS,
  ...valueOptions('topic'),
  ...flagOptions('force', 'verbose', 'json'),
} as const;

export const main = command({ help: HELP, options: OPTIONS, positionals: true }, async (args, positionals) => {
  if (positionals.length !== 1) {
    return usageError(positionals.length ? `one URL at a time (got ${positionals.length})` : 'which page? Give its URL', HELP);
  }
  const { reporter, stop } = createReporter({ tty: onTerminal(), verbose: Boolean(args.verbose) });
  try {
    const { config, paths } = await loadSite(args);
    const topic = args.topic ?? (config.topics.length === 1 ? config.topics[0]!.slug : undefined);
    if (!topic) {
      stop();
      console.error(`--topic is required: this site has ${config.topics.length} topics (${config.topics.map((t) => t.slug).join(', ')}), like --topic ${config.topics[0]?.slug ?? 'news'}`);
      return EXIT.usage;
    }
    const run = await runGivenUrls(config, paths, { urls: positionals, topic, force: args.force, reporter });
    stop();
    const result = run.results[0]!;
    if (args.json) console.log(JSON.stringify({ ...result, summary: run.summary }, null, 2));
    else {
      if (args.verbose) console.error(`\nSummary\n${formatSummary(run.summary)}`);
      console.log(describe(result));
    }
    return result.outcome === 'published' || result.outcome === 'already' ? EXIT.ok : EXIT.failed;
  } catch (error) {
    stop();
    return reportError(error);
  }
});

function describe(r: GivenUrlResult): string {
  switch (r.outcome) {
    case 'published':
      return `published as ${r.article} (${r.file})`;
    case 'already':
      return `already published as ${r.article} (${r.file})`;
    case 'duplicate':
      return `duplicate of ${r.of} (${r.detail.trim()})`;
    case 'rejected':
      return `rejected: ${r.reason}${r.detail ? ` (${r.detail})` : ''}`;
    case 'failed':
      return `failed: ${r.code}${r.detail ? ` (${r.detail})` : ''}`;
  }
}

await runMain(import.meta.url, main);
