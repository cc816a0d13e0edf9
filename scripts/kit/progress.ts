import cliProgress from 'cli-progress';
import type { CrawlEvent, Reporter } from '../../crawler/pipeline/index.ts';

/** Whether progress can redraw bars: stderr is a terminal and this is not a CI log. */
export function onTerminal(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(process.stderr.isTTY) && !env.CI;
}

/** Progress bars per stage on a terminal; one line per event elsewhere (CI logs, pipes). */
export function createReporter(options: { tty: boolean; verbose: boolean; write?: (line: string) => void }): { reporter: Reporter; stop(): void } {
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (!options.tty) return { reporter: (event) => lineFor(event, options.verbose, write), stop() {} };

  const bars = new cliProgress.MultiBar(
    { format: ' {stage} |{bar}| {value}/{total} {detail}', hideCursor: true, clearOnComplete: false, stream: process.stderr, barsize: 30 },
    cliProgress.Presets.shades_classic,
  );
  let current: cliProgress.SingleBar | null = null;
  const reporter: Reporter = (event) => {
    if (event.type === 'phase' && event.total !== undefined) {
      current?.stop();
      current = bars.create(Math.max(event.total, 0), 0, { stage: event.phase.padEnd(8), detail: '' });
    } else if (event.type === 'source' || event.type === 'page') {
      const detail = event.type === 'source' ? `${event.outcome.status} ${event.outcome.source.url}` : `${event.outcome} ${event.url}`;
      current?.increment(1, { detail: detail.slice(0, 60) });
      if (options.verbose) bars.log(`${lineText(event)}\n`);
    } else if (event.type === 'published' || event.type === 'note' || (event.type === 'removed' && options.verbose)) {
      bars.log(`${lineText(event)}\n`);
    }
  };
  return { reporter, stop: () => bars.stop() };
}

function lineFor(event: CrawlEvent, verbose: boolean, write: (line: string) => void): void {
  if (!verbose && ((event.type === 'page' && event.outcome === 'article') || event.type === 'removed')) return;
  const text = lineText(event);
  if (text) write(text);
}

function lineText(event: CrawlEvent): string {
  switch (event.type) {
    case 'phase':
      return `== ${event.phase}${event.total !== undefined ? ` (${event.total})` : ''}`;
    case 'source': {
      const o = event.outcome;
      return `source ${o.status.padEnd(12)} ${o.source.kind.padEnd(9)} ${o.source.url}  items=${o.items} new=${o.newUrls}${o.detail ? `  ${o.detail}` : ''}`;
    }
    case 'page':
      return `page   ${event.outcome.padEnd(12)} ${event.url}  ${event.detail}`;
    case 'removed':
      return `skip   ${'removed'.padEnd(12)} ${event.url}  listed by ${event.source}; ${event.detail}`;
    case 'published':
      return `published ${event.count} in ${event.topic}`;
    case 'note':
      return event.message;
  }
}
