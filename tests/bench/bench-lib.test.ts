import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { areaOf, summarizeCpuProfile } from '../../scripts/dev/bench/lib/cpu-profile.ts';
import { diffDists, fileKind } from '../../scripts/dev/bench/lib/dist-diff.ts';
import { processTree, rssBytes, treeRssBytes } from '../../scripts/dev/bench/lib/process-tree.ts';
import { requestKind } from '../../scripts/dev/bench/lib/search-bytes.ts';
import { formatTable } from '../../scripts/dev/bench/lib/table.ts';
import { withoutComments, withoutHeadline } from '../../scripts/dev/bench/lib/label-parts.ts';
import { scaleContent } from '../../scripts/dev/bench/lib/scale-memory.ts';
import { parseConfig } from '../../crawler/config/index.ts';
import { frontmatterSchema } from '../../crawler/publish/frontmatter.ts';
import { loadContentIndex } from '../../site/builder/content-index.ts';
import { factsJson } from '../../site/builder/frontmatter-facts.ts';
import { openMemory } from '../../site/builder/memory.ts';
import { buildSiteIndex } from '../../site/model/site-index.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bench-lib-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

describe('dist comparison', () => {
  it('names the kind of each dist/ file', () => {
    expect(fileKind('science/some-slug/index.html')).toBe('article');
    expect(fileKind('amp/science/some-slug/index.html')).toBe('amp article');
    expect(fileKind('science/page/3/index.html')).toBe('topic archive page');
    expect(fileKind('tags/physics/index.html')).toBe('tag page');
    expect(fileKind('pagefind/index/en_1234567.pf_index')).toBe('pagefind index');
    expect(fileKind('pagefind/pagefind.en_abc.pf_meta')).toBe('pagefind (entry, meta, js, wasm)');
    expect(fileKind('science/rss.xml')).toBe('feed');
    expect(fileKind('index.html')).toBe('home page');
    expect(fileKind('science/index.html')).toBe('topic front / site page');
    expect(fileKind('sitemaps/topic-science-1.xml')).toBe('sitemap');
  });

  it('counts new, changed and removed files byte by byte', async () => {
    write(join(dir, 'old'), { 'index.html': 'home', 'science/a/index.html': 'A', 'science/b/index.html': 'B', 'rss.xml': 'feed 1' });
    write(join(dir, 'new'), { 'index.html': 'home', 'science/a/index.html': 'A', 'science/c/index.html': 'C', 'rss.xml': 'feed 2' });
    const diff = await diffDists(join(dir, 'old'), join(dir, 'new'));
    expect(diff.added).toEqual(['science/c/index.html']);
    expect(diff.removed).toEqual(['science/b/index.html']);
    expect(diff.changed).toEqual(['rss.xml']);
    expect(diff.changedShare).toBe(2 / 4);
    expect(diff.byKind.article).toEqual({ added: 1, removed: 1, changed: 0 });
    expect(diff.byKind.feed).toEqual({ added: 0, removed: 0, changed: 1 });
  });
});

describe('search request kinds', () => {
  it('groups Pagefind requests as the bench reports them', () => {
    expect(requestKind('/pagefind/pagefind.js')).toBe('script');
    expect(requestKind('/news/pagefind/pagefind-entry.json?ts=123')).toBe('entry');
    expect(requestKind('/pagefind/pagefind.en_8f673bf2b6.pf_meta')).toBe('meta');
    expect(requestKind('/pagefind/wasm.en.pagefind')).toBe('wasm');
    expect(requestKind('/pagefind/index/en_6d247fc.pf_index')).toBe('index');
    expect(requestKind('/pagefind/fragment/en_9381be1.pf_fragment')).toBe('fragment');
    expect(requestKind('/pagefind/filter/en_1ae3e9f.pf_filter')).toBe('filter');
  });

  it('reads the same kinds inside a search shard, and the shard list', () => {
    expect(requestKind('/pagefind/shards.json')).toBe('shards');
    expect(requestKind('/pagefind/s0003/pagefind-entry.json')).toBe('entry');
    expect(requestKind('/news/pagefind/s0012/index/en_6d247fc.pf_index')).toBe('index');
    expect(requestKind('/pagefind/s0000/pagefind.js')).toBe('script');
  });
});

describe('process tree memory', () => {
  it('finds a child process and adds its memory to the tree', async () => {
    const child = spawn(process.execPath, ['-e', 'const keep = Buffer.alloc(64 * 1024 * 1024, 1); process.stdout.write("ready"); setTimeout(() => keep, 60_000)'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      expect(processTree(process.pid)).toContain(child.pid);
      expect(rssBytes(child.pid!)).toBeGreaterThan(64 * 1024 * 1024);
      expect(treeRssBytes(process.pid)).toBeGreaterThanOrEqual(rssBytes(process.pid) + 64 * 1024 * 1024);
    } finally {
      child.kill();
    }
  });

  it('reads 0 for a process that does not exist', () => {
    expect(rssBytes(2 ** 22 + 12345)).toBe(0);
  });
});

describe('CPU profile summary', () => {
  it('adds self time by function and by area', () => {
    const file = join(dir, 'p.cpuprofile');
    const nodes = [
      { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 }, children: [2, 3, 4] },
      { id: 2, callFrame: { functionName: 'render', url: 'file:///x/node_modules/astro/dist/render.js', lineNumber: 9 } },
      { id: 3, callFrame: { functionName: 'toAmpHtml', url: 'file:///x/dist/.prerender/chunks/amp.mjs', lineNumber: 0 } },
      { id: 4, callFrame: { functionName: '(garbage collector)', url: '', lineNumber: -1 } },
    ];
    writeFileSync(file, JSON.stringify({ nodes, samples: [2, 2, 3, 4, 2], timeDeltas: [1000, 1000, 3000, 500, 1000], startTime: 0, endTime: 6500 }));
    const summary = summarizeCpuProfile(file);
    expect(summary.totalMs).toBe(6.5);
    expect(summary.functions[0]).toMatchObject({ name: 'render', selfMs: 3 });
    expect(summary.functions[1]).toMatchObject({ name: 'toAmpHtml', selfMs: 3 });
    expect(summary.areas.find((a) => a.area === 'astro')?.selfMs).toBe(3);
    expect(summary.areas.find((a) => a.area === '(garbage collector)')?.selfMs).toBe(0.5);
    expect(areaOf('file:///x/node_modules/@astrojs/compiler/a.js', 'f')).toBe('@astrojs/compiler');
  });
});

describe('tables', () => {
  it('left-aligns the first column and right-aligns the rest', () => {
    expect(formatTable(['size', 'wall'], [['1,000', '9.5 s'], ['10,000', '82.1 s']]).split('\n')).toEqual(['size      wall', '------  ------', '1,000    9.5 s', '10,000  82.1 s']);
  });
});

describe('extraction labels without the parts a body leaves out', () => {
  const label = 'Valley Courier\nNew lock opens on the river\nby Jane Hill\n\nThe lock opened on Monday.\n!@#$%^&*()  COMMENTS\nGreat news!';

  it('takes out the line near the top that repeats the title, and only that line', () => {
    expect(withoutHeadline(label, 'New lock opens on the river')).toBe('Valley Courier\nby Jane Hill\n\nThe lock opened on Monday.\n!@#$%^&*()  COMMENTS\nGreat news!');
    expect(withoutHeadline(label, 'Council sets the budget')).toBe(label);
    expect(withoutHeadline('A\nB\nC\nD\nNew lock opens on the river', 'New lock opens on the river')).toBe('A\nB\nC\nD\nNew lock opens on the river');
  });

  it("takes out the readers' comments from the dataset's marker line on", () => {
    expect(withoutComments(label)).toBe('Valley Courier\nNew lock opens on the river\nby Jane Hill\n\nThe lock opened on Monday.');
    expect(withoutComments('No comments here, only COMMENTS in a sentence.')).toBe('No comments here, only COMMENTS in a sentence.');
  });
});


describe('a build memory made K times as large (bench:planner --scale)', () => {
  it('copies every article as newer ones of its topic: own ids, files, stories and related articles, whole archive pages after the older ones', () => {
    const db = openMemory(join(dir, 'memory.sqlite'));
    try {
      const put = db.prepare('INSERT INTO content (file, key, id, data, body_sha, skipped, facts, data_sha) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)');
      for (let position = 0; position < 3; position++) {
        const data = frontmatterSchema.parse({
          id: position + 1,
          title: `a${position}`,
          url: `https://src.example/${position}`,
          canonical: `https://src.example/${position}`,
          fetched: new Date(Date.UTC(2026, 0, 1, position)).toISOString(),
          topic: 'science',
          page: Math.floor(position / 2) + 1,
          position,
          publishedOnSite: new Date(Date.UTC(2026, 0, 1, position)).toISOString(),
          wordCount: 500,
          readingTime: 2,
          related: position === 2 ? ['science/a0'] : [],
          cluster: position === 1 ? 1 : null,
        });
        put.run(`content/science/2026/01-01/a${position}.md`, 'k', `science/a${position}`, JSON.stringify(data), 'b', factsJson(data), 'd');
      }
      expect(scaleContent(db, 3, 2)).toBe(9);
      const index = buildSiteIndex(loadContentIndex(db).entries, parseConfig({ site: { title: 'T', url: 'https://x.example' }, topics: [{ slug: 'science', name: 'S', sources: ['https://src.example/feed'] }], publish: { pageSize: 2 } }));
      expect(index.articles.map((a) => a.id)).toEqual(['science/a2-c2', 'science/a1-c2', 'science/a0-c2', 'science/a2-c1', 'science/a1-c1', 'science/a0-c1', 'science/a2', 'science/a1', 'science/a0']);
      expect(index.article('science/a1-c2')?.file).toBe('content/science/2026/01-01/a1-c2.md');
      expect(index.topicBySlug.get('science')!.pages.map((page) => page.map((a) => a.id))).toEqual([
        ['science/a1', 'science/a0'], ['science/a2'], ['science/a1-c1', 'science/a0-c1'], ['science/a2-c1'], ['science/a1-c2', 'science/a0-c2'], ['science/a2-c2'],
      ]);
      expect(index.stories.map((s) => s.members.map((a) => a.id))).toEqual([['science/a1', 'science/a0'], ['science/a1-c1', 'science/a0-c1'], ['science/a1-c2', 'science/a0-c2']]);
      expect(index.related(index.article('science/a2-c1')!).map((a) => a.id)).toEqual(['science/a0-c1']);
      expect(index.articles.map((a) => a.data.id)).toEqual([20_000_003, 20_000_002, 20_000_001, 10_000_003, 10_000_002, 10_000_001, 3, 2, 1]);
      expect(index.articles[0]!.data.publishedOnSite > index.articles[3]!.data.publishedOnSite).toBe(true);
    } finally {
      db.close();
    }
  });
});
