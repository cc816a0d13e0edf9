import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../../crawler/config/index.ts';
import { demoSiteConfig } from '../lib/demo-site.ts';
import { slugNumberVariants, withTopicKeywords } from '../../../crawler/enrich/index.ts';
import { readArticleFile } from '../../../crawler/publish/article-file.ts';
import { readContentIndex } from '../../../site/builder/content-index.ts';
import { buildSiteIndex } from '../../../site/model/site-index.ts';
import { commandArgs } from '../../kit/args.ts';
import { describeMachine } from './lib/results.ts';
import { printTable, percent } from './lib/table.ts';

// npm run bench:tags: how tags behave on a built site's content (the demo's by default). What
// the crawler stores (every tag of every article) against what the site shows: a tag is listed
// (linked, indexed, in the sitemap) once publish.minTagArticles articles carry it, and an article
// shows the tags that had recurred when it was published (site/model/site-index.ts).

const USAGE = 'usage: npm run bench:tags -- [--root .demo] [--config site.config.ts]';
const parsed = commandArgs(process.argv.slice(2), { root: { type: 'string' }, config: { type: 'string' } }, USAGE);
if (typeof parsed === 'number') process.exit(parsed);
const args = parsed.values;
const root = resolve(args.root ?? '.demo');
// The demo's content was crawled with the demo's config (its topic keywords), not site.config.ts.
const config = !args.config && root.endsWith('.demo') ? demoSiteConfig() : await loadConfig(args.config);
const { entries } = await readContentIndex(root);
const index = buildSiteIndex(entries, config);
const articles = index.articles.length;
if (articles === 0) {
  console.error(`No articles under ${root}/content: run \`npm start -- --no-serve\` first, or name a site with --root.`);
  process.exit(2);
}
const once = index.tags.filter((t) => t.articles.length === 1).length;
const listedOnce = index.listedTags.filter((t) => t.articles.length === 1).length;
const stored = index.articles.reduce((n, a) => n + a.tags.length, 0);
const shown = index.articles.reduce((n, a) => n + a.shownTags.length, 0);
const bare = index.articles.filter((a) => a.shownTags.length === 0).length;

console.log(`${articles} articles in ${root}, publish.minTagArticles ${config.publish.minTagArticles}\n`);
printTable(
  ['', 'tags', 'used by one article', 'tags per article', 'articles with none', 'indexed tag pages'],
  [
    ['stored by the crawler', String(index.tags.length), `${once} (${percent(once / index.tags.length)})`, (stored / articles).toFixed(2), '', String(index.tags.length)],
    ['shown by the site', String(index.listedTags.length), `${listedOnce} (${percent(index.listedTags.length ? listedOnce / index.listedTags.length : 0)})`, (shown / articles).toFixed(2), `${bare} (${percent(bare / articles)})`, String(index.listedTags.length)],
  ],
);

// One concept, several tags: tags whose slugs are one another's singular or plural ("project", "projects").
const slugs = new Set(index.tags.map((t) => t.slug));
const split = index.tags.filter((t) => slugNumberVariants(t.slug).slice(1).some((v) => slugs.has(v) && v < t.slug));
// A topic keyword as a tag where the article only mentions it in passing (once in its text, not in its title).
let keywordTags = 0;
let passing = 0;
for (const entry of entries) {
  const keywords = config.topics.find((t) => t.slug === entry.data.topic)?.keywords ?? [];
  const read = readArticleFile(readFileSync(join(root, entry.file), 'utf8'));
  if (!read.ok) continue;
  const about = new Set(withTopicKeywords([], keywords, { title: read.frontmatter.title, text: read.body }).map((k) => k.toLowerCase()));
  for (const tag of entry.data.tags) {
    if (!keywords.some((k) => k.toLowerCase() === tag.toLowerCase())) continue;
    keywordTags++;
    if (!about.has(tag.toLowerCase())) passing++;
  }
}
console.log(`\nconcepts with a tag in both numbers: ${split.length}${split.length ? ` (${split.map((t) => t.slug).join(', ')})` : ''}`);
console.log(`topic keywords as tags: ${keywordTags}, on articles that mention them only in passing: ${passing}`);
console.log(`\n${describeMachine()}`);
