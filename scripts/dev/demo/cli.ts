// npm run demo:web -- [--port N] [--articles DIR]: serve the sample web until Ctrl-C.
import { commandArgs } from '../../kit/args.ts';
import { startSampleWeb } from './server.ts';

const HELP = 'Usage: npm run demo:web -- [--port N] [--articles DIR]\nServes the sample web on 127.0.0.1; point a crawler at it with the printed resolve map.';
const parsed = commandArgs(process.argv.slice(2), { port: { type: 'string', default: '0' }, articles: { type: 'string' } }, HELP);
if (typeof parsed === 'number') process.exit(parsed);
const { values } = parsed;
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a number from 0 to 65535, got "${values.port}"`);
  process.exit(2);
}

const t0 = performance.now();
const web = await startSampleWeb({ port, articlesDir: values.articles });
const ms = Math.round(performance.now() - t0);
const counts = { article: 0, trap: 0, feed: 0, sitemap: 0, other: 0 };
for (const entry of web.manifest.urls) counts[entry.kind]++;

console.log(`Sample web listening on http://127.0.0.1:${web.port} (started in ${ms} ms)`);
console.log(`${web.manifest.articles.length} articles, ${counts.trap} traps, ${counts.feed} feeds, ${counts.sitemap} sitemaps, ${counts.other} other URLs\n`);
console.log('Hosts (send the Host header, or use curl --connect-to):');
for (const host of web.hosts) console.log(`  http://${host}/`);
console.log(`\ncrawl.resolve:\n${JSON.stringify(web.resolve, null, 2)}\n`);
console.log(`Try: curl -H 'Host: orbitalnotes.test' http://127.0.0.1:${web.port}/feed.xml`);
for (const problem of web.problems) console.warn(`warning: ${problem}`);
console.log('\nCtrl-C to stop.');

const stop = async (): Promise<void> => {
  await web.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
