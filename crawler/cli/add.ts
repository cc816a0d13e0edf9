import { loadConfig } from '../config/index.ts';
import { sitePaths } from '../paths.ts';
import { runGivenUrls, type GivenUrlResult } from '../pipeline/index.ts';
import { commandArgs } from './args.ts';
import { reportError } from './errors.ts';
import { createReporter } from './progress.ts';
import { formatSummary } from './summary-table.ts';

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
  --config <file>     site config to use (default: site.config.ts, or $GLEANER_CONFIG)
  --root <dir>        site root holding content/, data/ and media/ (default: ., or $GLEANER_ROOT)
  -h, --help          show this help

Prints one of: published as <topic>/<slug> (and its file), already published as <topic>/<slug>,
duplicate of <topic>/<slug>, rejected: <reason>, failed: <code>.

Exit codes: 0 published or already there; 2 bad arguments or config; 3 the site root is not
            usable; 1 rejected, a duplicate, or failed.`;

const OPTIONS = {
  topic: { type: 'string' },
  force: { type: 'boolean' },
  verbose: { type: 'boolean' },
  json: { type: 'boolean' },
  config: { type: 'string' },
  root: { type: 'string' },
} as const;

export async function main(argv: string[]): Promise<number> {
  const parsed = commandArgs(argv, OPTIONS, HELP, { positionals: true });
  if (typeof parsed === 'number') return parsed;
  const { values: args, positionals } = parsed;
  if (positionals.length !== 1) {
    console.error(`${positionals.length ? `one URL at a time (got ${positionals.length})` : 'which page? Give its URL'}\n\n${HELP}`);
    return 2;
  }
  const tty = Boolean(process.stderr.isTTY) && !process.env.CI;
  const { reporter, stop } = createReporter({ tty, verbose: Boolean(args.verbose) });
  try {
    const config = await loadConfig(args.config);
    const topic = args.topic ?? (config.topics.length === 1 ? config.topics[0]!.slug : undefined);
    if (!topic) {
      stop();
      console.error(`--topic is required: this site has ${config.topics.length} topics (${config.topics.map((t) => t.slug).join(', ')}), like --topic ${config.topics[0]?.slug ?? 'news'}`);
      return 2;
    }
    const paths = sitePaths(args.root);
    const run = await runGivenUrls(config, paths, { urls: positionals, topic, force: args.force, reporter });
    stop();
    const result = run.results[0]!;
    if (args.json) console.log(JSON.stringify({ ...result, summary: run.summary }, null, 2));
    else {
      if (args.verbose) console.error(`\nSummary\n${formatSummary(run.summary)}`);
      console.log(describe(result));
    }
    return result.outcome === 'published' || result.outcome === 'already' ? 0 : 1;
  } catch (error) {
    stop();
    return reportError(error);
  }
}

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

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('crawler/cli/add.ts')) {
  process.exitCode = await main(process.argv.slice(2));
}
