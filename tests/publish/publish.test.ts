import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../crawler/config/index.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { openDatabase, type Database } from '../../crawler/store/database.ts';
import { syncTopics } from '../../crawler/store/topics.ts';
import { insertArticle, type ArticleRecord } from '../../crawler/store/articles.ts';
import { discoverUrl } from '../../crawler/store/url-state.ts';
import { planPublication, reconcile, writePublishing } from '../../crawler/publish/index.ts';
import { articleIdOf, frontmatterOf, renderArticleFile } from '../../crawler/publish/article-file.ts';
import { articleTerms, pickRelated, termVector } from '../../crawler/publish/related.ts';
import { wordListsFor } from '../../crawler/text/index.ts';
import { articleSlug, uniqueSlug } from '../../crawler/publish/slug.ts';
import { normalizedUrl } from '../../crawler/url/index.ts';

describe('slugs', () => {
  it('folds accents and punctuation into a short ASCII slug', () => {
    expect(articleSlug('Café crème: the “best” brûlée in Zürich?')).toBe('cafe-creme-the-best-brulee-in-zurich');
    expect(articleSlug("Don't panic")).toBe('dont-panic');
    expect(articleSlug('日本語')).toBe('article');
    const long = articleSlug('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith('-')).toBe(false);
  });

  it('never takes a reserved route name or a taken slug', () => {
    expect(uniqueSlug('page', () => false)).toBe('page-2');
    const taken = new Set(['mars', 'mars-2']);
    expect(uniqueSlug('mars', (s) => taken.has(s))).toBe('mars-3');
  });
});

describe('related articles', () => {
  const stop = new Set(['the', 'and', 'of', 'a']);
  const candidates = [
    { id: 'space/mars-dust', topic: 'space', tags: ['mars', 'dust storms'], terms: termVector('mars dust storms grow across the planet', stop) },
    { id: 'space/telescopes', topic: 'space', tags: ['telescopes'], terms: termVector('buying a telescope aperture mount', stop) },
    { id: 'climate/heat', topic: 'climate', tags: ['heat pumps'], terms: termVector('heat pumps in cold winters', stop) },
    { id: 'space/mars-rovers', topic: 'space', tags: ['mars'], terms: termVector('rovers on mars drive across dust', stop) },
  ];

  it('ranks shared tags and similar text first, deterministically', () => {
    const target = { topic: 'space', tags: ['mars'], terms: termVector('a dust storm on mars', stop) };
    const first = pickRelated(target, candidates, 3);
    expect(first.slice(0, 2).sort()).toEqual(['space/mars-dust', 'space/mars-rovers']);
    expect(pickRelated(target, [...candidates].reverse(), 3)).toEqual(first);
  });

  it('chooses what ranking every candidate would choose, though it skips those that cannot reach the best', () => {
    const words = ['mars', 'dust', 'storm', 'rover', 'probe', 'orbit', 'launch', 'moon', 'crater', 'ice', 'signal', 'camera'];
    const tagNames = ['mars', 'moon', 'launch', 'ice'];
    let seed = 11;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T>(xs: T[], n: number) => Array.from({ length: n }, () => xs[Math.floor(next() * xs.length)]!);
    const many = Array.from({ length: 400 }, (_, i) => ({ id: `t${i % 3}/a-${i}`, topic: `t${i % 3}`, tags: [...new Set(pick(tagNames, Math.floor(next() * 3)))], terms: termVector(pick(words, 12).join(' '), stop) }));
    const score = (target: { topic: string; tags: string[]; terms: Map<string, number> }, c: (typeof many)[number]) => {
      const shared = c.tags.filter((t) => target.tags.includes(t)).length;
      let dot = 0, na = 0, nb = 0;
      for (const [k, v] of target.terms) { na += v * v; dot += v * (c.terms.get(k) ?? 0); }
      for (const v of c.terms.values()) nb += v * v;
      return shared + (na && nb ? dot / Math.sqrt(na * nb) : 0) * 2 + (c.topic === target.topic ? 0.25 : 0);
    };
    for (let k = 0; k < 20; k++) {
      const target = { topic: `t${k % 3}`, tags: [...new Set(pick(tagNames, 2))], terms: termVector(pick(words, 10).join(' '), stop) };
      const everyOne = many.map((c) => ({ id: c.id, score: score(target, c) })).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
      expect(pickRelated(target, many, 5)).toEqual(everyOne.slice(0, 5).map((c) => c.id));
    }
  });
});

describe('article files', () => {
  const frontmatter = {
    id: 7, title: 'A "quoted" title: with colon', description: 'd', url: 'https://a.example/x', canonical: 'https://a.example/x',
    author: null, published: '2026-01-02T03:04:05Z', modified: null, fetched: '2026-01-03T00:00:00.000Z', lang: 'en', tags: ['a', 'b'],
    image: null, siteName: 'A', favicon: null, topic: 'space', page: 1, position: 0, publishedOnSite: '2026-01-03T00:00:00.000Z',
    wordCount: 400, readingTime: 2, related: [], cluster: null, archive: null,
  };

  it('renders the same bytes every time and can be read back', () => {
    const a = renderArticleFile(frontmatter, 'Body *text*.\n');
    expect(renderArticleFile({ ...frontmatter }, 'Body *text*.\n')).toBe(a);
    expect(a.startsWith('---\nid: 7\n')).toBe(true);
    expect(a.endsWith('\n---\n\nBody *text*.\n')).toBe(true);
    expect(articleIdOf(a)).toBe(7);
    expect(articleIdOf('# just markdown')).toBeNull();
  });
});

async function setup(perTopicPerRun: number) {
  const root = mkdtempSync(join(tmpdir(), 'gleaner-publish-'));
  const paths = sitePaths(root);
  const config = parseConfig({
    site: { title: 'T', url: 'https://t.example' },
    topics: [{ slug: 'space', name: 'Space', sources: ['https://a.example/feed'] }],
    publish: { perTopicPerRun, pageSize: 3 },
  });
  const db = await openDatabase(null);
  const topics = syncTopics(db, config);
  return { root, paths, config, db, topics };
}

function addArticle(db: Database, topicId: number, n: number, fields: Partial<ArticleRecord> & { text?: string } = {}): number {
  const url = `https://a.example/${n}`;
  const { text = `text ${n}`, ...rest } = fields;
  const lang = rest.lang ?? 'en';
  const { id: urlId } = discoverUrl(db, { url: normalizedUrl(url), topicId, sourceId: null }, '2026-01-01T00:00:00Z');
  return insertArticle(
    db,
    {
      urlId, topicId, title: `Article number ${n}`, description: null, excerpt: 'e', author: null,
      publishedAt: `2026-01-${String(n).padStart(2, '0')}T00:00:00Z`, modifiedAt: null, fetchedAt: '2026-02-01T00:00:00Z', lang: 'en',
      siteName: null, favicon: null, sourceUrl: url, canonicalUrl: url, image: null, wordCount: 400, readingTime: 2,
      markdown: `Body of article ${n}.`, contentHash: `h${n}`, minhash: null, strategy: 'test', tags: [],
      terms: [...articleTerms(`Article number ${n}`, text, wordListsFor(lang).stop)],
      ...rest,
    },
    [],
  );
}

describe('publishing', () => {
  it('publishes the newest first, numbered oldest-first into stable pages', async () => {
    const { paths, config, db, topics, root } = await setup(4);
    const topicId = topics.get('space')!.id;
    for (let n = 1; n <= 6; n++) addArticle(db, topicId, n);
    planPublication(db, config, paths, topics, '2026-02-02T00:00:00Z');
    expect(writePublishing(db, paths, '2026-02-02T00:00:00Z')).toBe(4);
    const rows = db.all<{ title: string; position: number; page: number }>(`SELECT title, position, page FROM articles WHERE status = 'published' ORDER BY position`);
    // The four newest (3..6), oldest of them first.
    expect(rows.map((r) => r.title)).toEqual(['Article number 3', 'Article number 4', 'Article number 5', 'Article number 6']);
    expect(rows.map((r) => r.page)).toEqual([1, 1, 1, 2]);
    // In the folder of the month they were published, the body out of the state once written.
    expect(readdirSync(join(paths.content, 'space', '2026', '02')).sort()).toEqual(['article-number-3.md', 'article-number-4.md', 'article-number-5.md', 'article-number-6.md']);
    expect(db.all(`SELECT file FROM articles WHERE status = 'published' AND (markdown IS NOT NULL OR file NOT LIKE 'content/space/2026/02/%')`)).toEqual([]);
    // The next run continues the numbering.
    planPublication(db, config, paths, topics, '2026-02-03T00:00:00Z');
    writePublishing(db, paths, '2026-02-03T00:00:00Z');
    const next = db.all<{ position: number }>(`SELECT position FROM articles WHERE title IN ('Article number 1', 'Article number 2') ORDER BY position`);
    expect(next.map((r) => r.position)).toEqual([4, 5]);
    db.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("chooses related articles by content words, leaving out the stopwords of the article's language", async () => {
    const { paths, config, db, topics, root } = await setup(10);
    const topicId = topics.get('space')!.id;
    const de = (text: string) => ({ lang: 'de', text });
    addArticle(db, topicId, 1, de('Der Rover fährt über den Mars. Auf dem Mars sammelt der Rover Gestein.'));
    addArticle(db, topicId, 2, de('Der Kuchen ist in der Küche und die Torte ist auf dem Tisch und das ist der Kaffee, die Milch und das Brot.'));
    planPublication(db, config, paths, topics, '2026-02-02T00:00:00Z');
    writePublishing(db, paths, '2026-02-02T00:00:00Z');
    addArticle(db, topicId, 3, de('Der Rover auf dem Mars ist das Ziel, und die Daten sind in der Zentrale und das ist die Nachricht.'));
    planPublication(db, { ...config, publish: { ...config.publish, relatedCount: 1 } }, paths, topics, '2026-02-03T00:00:00Z');
    const related = db.scalar(`SELECT related FROM articles WHERE title = 'Article number 3'`);
    expect(JSON.parse(String(related))).toEqual(['space/article-number-1']);
    db.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('reconciles after a kill: finishes the publishing rows and removes cut-off writes in their folders, and nothing else', async () => {
    const { paths, config, db, topics, root } = await setup(10);
    const topicId = topics.get('space')!.id;
    for (let n = 1; n <= 3; n++) addArticle(db, topicId, n);
    planPublication(db, config, paths, topics, '2026-02-02T00:00:00Z');
    // Killed after the plan was saved, while the second file was being written: rows are 'publishing', one file, one temp file.
    const folder = join(paths.content, 'space', '2026', '02');
    writePublishingOne(db, paths, topics);
    writeFileSync(join(folder, '.article-number-2.md.123.tmp'), 'half');
    writeFileSync(join(folder, 'notes.md'), '# a file a person wrote, not ours');
    const report = reconcile(db, paths, '2026-02-02T00:00:00Z');
    expect(report).toEqual({ finished: 3, strayRemoved: 1 });
    expect(readdirSync(folder).sort()).toEqual(['article-number-1.md', 'article-number-2.md', 'article-number-3.md', 'notes.md']);
    for (const name of ['article-number-1.md', 'article-number-2.md']) expect(articleIdOf(readFileSync(join(folder, name), 'utf8'))).not.toBeNull();
    // A finished state: nothing left to do, and published files are not read again.
    writeFileSync(join(folder, 'article-number-1.md'), 'damaged by hand');
    expect(reconcile(db, paths, '2026-02-02T00:00:00Z')).toEqual({ finished: 0, strayRemoved: 0 });
    expect(readFileSync(join(folder, 'article-number-1.md'), 'utf8')).toBe('damaged by hand');
    db.close();
    rmSync(root, { recursive: true, force: true });
  });
});

/** Writes the file of the first 'publishing' article only, as a run killed after one file would have. */
function writePublishingOne(db: Database, paths: ReturnType<typeof sitePaths>, topics: Map<string, { id: number; slug: string }>): void {
  const [first] = db.all<{ id: number; file: string; topic_id: number }>(`SELECT id, file, topic_id FROM articles WHERE status = 'publishing' ORDER BY position LIMIT 1`);
  const row = db.get<import('../../crawler/store/articles.ts').ArticleRow>('SELECT * FROM articles WHERE id = ?', [first!.id])!;
  const topic = [...topics.values()].find((t) => t.id === first!.topic_id)!;
  mkdirSync(join(paths.root, first!.file, '..'), { recursive: true });
  writeFileSync(join(paths.root, first!.file), renderArticleFile(frontmatterOf(row, topic.slug, []), row.markdown!));
}
