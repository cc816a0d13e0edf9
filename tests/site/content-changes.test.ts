import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import type { GitRecord } from '../../site/builder/content-changes.ts';
import { loadContentIndex, streamContentIndex, updateContentIndex, type ContentEntry, type SkippedFile } from '../../site/builder/content-index.ts';
import { metaValue, openMemory } from '../../site/builder/memory.ts';
import { parseConfig } from '../../crawler/config/index.ts';
import { buildSiteIndex } from '../../site/model/site-index.ts';

// The content index looks only at the files of folders whose git tree changed, and at what git
// reports as staged, modified, deleted or untracked (content-changes.ts). In a real git work tree,
// after each thing an owner or the workflow does to content/, the index kept that way must hold
// exactly what a memory made from nothing (every file listed) holds, and must have got there
// without the full listing.

let root: string;
let memory: DatabaseSync;
const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const commit = (message: string) => {
  git('add', '--all', '--', 'content', '.gitignore');
  git('commit', '--quiet', '--allow-empty', '-m', message);
};

function markdownFiles(): string[] {
  return readdirSync(join(root, 'content'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

const rowsOf = (db: DatabaseSync) => db.prepare('SELECT file, key, id, data, body_sha, skipped FROM content ORDER BY file').all();

/** What loadContentIndex gives, as values (an entry's hashes are read from the memory when asked). */
function loaded(db: DatabaseSync) {
  return asValues(loadContentIndex(db));
}

/** What streamContentIndex gives, read to its end: the planning process's way, which must give what loadContentIndex does. */
function streamed(db: DatabaseSync) {
  const { entries, skipped } = streamContentIndex(db);
  return asValues({ entries: [...entries], skipped });
}

function asValues({ entries, skipped }: { entries: ContentEntry[]; skipped: SkippedFile[] }) {
  const facts = (e: ContentEntry) => ({ published: e.data.published, fetched: e.data.fetched, publishedOnSite: e.data.publishedOnSite, siteName: e.data.siteName });
  return { skipped, entries: entries.map((e) => ({ id: e.id, file: e.file, data: JSON.parse(JSON.stringify(e.data)) as unknown, facts: facts(e), bodySha: e.bodySha, dataSha: e.dataSha, host: e.host, tagSpellings: e.tagSpellings, relatedIds: e.relatedIds })) };
}

/** Updates the kept memory and one made from nothing, and says whether the kept one could take the short way. */
async function bothWays(): Promise<{ short: boolean; read: number }> {
  const kept = await updateContentIndex(root, memory, 'r1');
  const short = kept.listed === 'changes';
  const fresh = openMemory(':memory:');
  try {
    await updateContentIndex(root, fresh, 'r1');
    expect(rowsOf(memory)).toEqual(rowsOf(fresh));
    expect(loaded(memory)).toEqual(loaded(fresh));
    expect(streamed(memory)).toEqual(loaded(memory));
  } finally {
    fresh.close();
  }
  return { short, read: kept.changed.length };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'gleaner-content-changes-'));
  await writeSyntheticSite(root, { articles: 24, topics: 2, pageSize: 5, seed: 3 });
  git('init', '--quiet');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'Test');
  writeFileSync(join(root, '.gitignore'), 'content/**/ignored-*.md\n');
  commit('the site');
  memory = openMemory(join(root, '.gleaner', 'build', 'memory.sqlite'));
}, 120_000);

afterAll(async () => {
  memory?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the content index, kept up to date from what git says changed', () => {
  it('lists every file the first time, and records the folder trees', async () => {
    const first = await bothWays();
    expect(first.short).toBe(false);
    expect(first.read).toBe(24);
    expect(Object.keys((JSON.parse(metaValue(memory, 'content-git')!) as GitRecord).trees).length).toBeGreaterThan(2);
    expect(await bothWays()).toEqual({ short: true, read: 0 });
  });

  it('reads a committed new file in a new folder, and nothing else', async () => {
    const [file] = markdownFiles();
    const target = join(root, 'content', 'later', '2027', '01', 'a-new-one.md');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, readFileSync(join(root, file!), 'utf8').replace(/\n\n/, '\n\nA paragraph added.\n\n'));
    commit('a new file');
    expect(await bothWays()).toEqual({ short: true, read: 1 });
  });

  it('follows a file edited on disk, then put back as git has it', async () => {
    const file = markdownFiles()[3]!;
    const before = readFileSync(join(root, file), 'utf8');
    writeFileSync(join(root, file), `${before}\nAn edit not committed.\n`);
    expect(await bothWays()).toEqual({ short: true, read: 1 });
    git('checkout', '--', file);
    expect(await bothWays()).toEqual({ short: true, read: 1 });
  });

  it('follows an edit staged and then reset away', async () => {
    const file = markdownFiles()[5]!;
    writeFileSync(join(root, file), `${readFileSync(join(root, file), 'utf8')}\nStaged.\n`);
    git('add', '--', file);
    expect((await bothWays()).short).toBe(true);
    git('reset', '--quiet', '--hard');
    expect(await bothWays()).toEqual({ short: true, read: 1 });
  });

  it('drops a file deleted on disk, and after the deletion is committed', async () => {
    const file = markdownFiles()[7]!;
    rmSync(join(root, file));
    expect((await bothWays()).short).toBe(true);
    commit('a deletion');
    expect(await bothWays()).toEqual({ short: true, read: 0 });
  });

  it('reads untracked and ignored files, and a copy that repeats an id', async () => {
    const files = markdownFiles();
    copyFileSync(join(root, files[2]!), join(root, dirname(files[9]!), 'untracked-copy.md'));
    copyFileSync(join(root, files[4]!), join(root, dirname(files[4]!), 'ignored-copy.md'));
    const second = join(root, 'content', 'other-folder', files[6]!.split('/').pop()!);
    mkdirSync(dirname(second), { recursive: true });
    copyFileSync(join(root, files[6]!), second);
    expect(await bothWays()).toEqual({ short: true, read: 3 });
    expect(loadContentIndex(memory).skipped.map((s) => s.reason).join(' ')).toMatch(/a second file for/);
  });

  it('follows a move and a folder removed in commits', async () => {
    const files = markdownFiles().filter((f) => !f.includes('copy') && !f.includes('other-folder'));
    const moved = join(root, 'content', 'moved', files[1]!.split('/').pop()!);
    mkdirSync(dirname(moved), { recursive: true });
    renameSync(join(root, files[1]!), moved);
    commit('a move');
    // The moved file, and the two copies the commit now tracks (known by their blob ids from here on; the ignored one stays as it was).
    expect(await bothWays()).toEqual({ short: true, read: 3 });
    rmSync(join(root, 'content', 'later'), { recursive: true });
    commit('a folder removed');
    expect(await bothWays()).toEqual({ short: true, read: 0 });
  });

  it('lists every file again outside git', async () => {
    rmSync(join(root, '.git'), { recursive: true, force: true });
    const file = markdownFiles()[0]!;
    writeFileSync(join(root, file), `${readFileSync(join(root, file), 'utf8')}\nOutside git.\n`);
    const outside = await bothWays();
    expect(outside.short).toBe(false);
    expect(metaValue(memory, 'content-git')).toBeNull();
  });

  it("gives an article's hashes read one by one, or every row's at once past a number asked, the same", () => {
    const hashes = (oneByOne?: number) => loadContentIndex(memory, oneByOne).entries.map((e) => [e.file, e.bodySha, e.dataSha]);
    const byLookup = hashes();
    expect(byLookup.length).toBeGreaterThan(20);
    expect(byLookup.every(([, body, data]) => /^[0-9a-f]{64}$/.test(body!) && typeof data === 'string' && data.length > 10)).toBe(true);
    // Past the fifth, every row at once; each handed out once, then looked up again.
    expect(hashes(5)).toEqual(byLookup);
  });

  it("reads the files in JavaScript's order, also where SQLite orders them the other way: the first of two files for one id, the first spelling of a tag", async () => {
    const file = markdownFiles().find((f) => !f.includes('copy') && !f.includes('other-folder'))!;
    const topic = loaded(memory).entries.find((e) => e.file === file)!.id.split('/')[0]!;
    const text = readFileSync(join(root, file), 'utf8');
    // UTF-16 puts U+1F600 (a surrogate pair, 0xD83D…) before U+FF01; UTF-8, which SQLite orders by, after.
    const folders = ['\u{1F600}', '\uFF01'];
    const spellings = ['Tidewater', 'tidewater'];
    folders.forEach((folder, i) => {
      mkdirSync(join(root, 'content', topic, folder), { recursive: true });
      copyFileSync(join(root, file), join(root, 'content', topic, folder, 'twice.md'));
      writeFileSync(join(root, 'content', topic, folder, `tagged-${i}.md`), text.replace(/^tags:\n(  - .*\n)+/m, `tags:\n  - ${spellings[i]}\n`));
    });
    await bothWays();
    const id = `${topic}/twice`;
    const first = `content/${topic}/${folders[0]}/twice.md`;
    const { entries, skipped } = streamed(memory);
    expect(skipped).toContainEqual({ file: `content/${topic}/${folders[1]}/twice.md`, reason: `a second file for ${id} (the first is ${first})` });
    expect(entries.filter((e) => e.id === id).map((e) => e.file)).toEqual([first]);
    // One article spells the tag each way: the first read names it.
    const config = parseConfig({ site: { title: 'T', url: 'https://news.example.com' }, topics: [{ slug: topic, name: topic, sources: ['https://a.example/feed'] }] });
    const index = buildSiteIndex(streamContentIndex(memory).entries, config);
    expect(index.tagBySlug.get('tidewater')?.name).toBe(spellings[0]);
  });
});
