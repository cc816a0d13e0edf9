import { parseConfig } from '../crawler/config/index.ts';
import { sitePaths } from '../crawler/paths.ts';
import { runCrawl } from '../crawler/pipeline/index.ts';
import { startSampleWeb } from './dev/demo/index.ts';
import { demoConfig } from './dev/demo/config.ts';
import { buildSite } from './build.ts';
import { command, flagOptions, valueOptions } from './kit/args.ts';
import { runMain } from './kit/main.ts';
import { createReporter, onTerminal } from './kit/progress.ts';
import { formatSummary } from './kit/summary-table.ts';
import { serveStatic } from './kit/static-server.ts';
import { EXIT } from './kit/exit-codes.ts';

// npm start: the whole pipeline on the bundled sample web, offline. Starts the sample web,
// crawls it into .demo/ (content, data, media, dist: the same layout as the real site),
// builds the site, and serves it on localhost.

const HELP = 'usage: npm start -- [--no-serve] [--root .demo] [--port 4321] [--verbose]';

const OPTIONS = { ...valueOptions('root', 'port'), ...flagOptions('no-serve', 'verbose') } as const;

/** Crawls and builds the demo, then serves it until Ctrl-C unless --no-serve. */
export const main = command({ help: HELP, options: OPTIONS }, async (args) => {

  const started = Date.now();
  const paths = sitePaths(args.root ?? '.demo');
  const web = await startSampleWeb({ port: 0 });
  console.log(`Sample web: ${web.hosts.length} hosts on 127.0.0.1:${web.port} (${web.hosts.join(', ')})`);

  const config = parseConfig(demoConfig(web), 'the demo config');
  const { reporter, stop } = createReporter({ tty: onTerminal(), verbose: Boolean(args.verbose) });
  let summary;
  try {
    summary = await runCrawl(config, paths, { reporter });
  } finally {
    stop();
    await web.close();
  }
  console.log(`\nCrawl summary\n${formatSummary(summary)}\n`);

  console.log('Building the site…');
  const build = await buildSite({ root: paths.root, config });
  console.log(`Built ${build.pages} pages into ${paths.dist} in ${(build.durationMs / 1000).toFixed(1)} s.`);
  console.log(`Whole run: ${((Date.now() - started) / 1000).toFixed(1)} s.`);

  if (!args['no-serve']) {
    const server = await serveStatic(paths.dist, { port: Number(args.port ?? 4321) });
    console.log(`\nGleaner demo site: ${server.url}\n(Ctrl-C to stop)`);
    const shutdown = () => void server.close().then(() => process.exit(0));
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
  }
  return EXIT.ok;
});

await runMain(import.meta.url, main);
