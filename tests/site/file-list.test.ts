import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { fileListBuildId, ManifestStore, writeFileList, type FileEntry } from '../../site/builder/manifest.ts';
import { openMemory } from '../../site/builder/memory.ts';

// dist/.gleaner/files.json, the list the deploy compares with the bucket, is written by SQLite a
// page of rows at a time (ManifestStore.filesJson): it must be the JSON the deploy parses, every
// name escaped as JSON.stringify escapes it, in order, across pages.

const work = mkdtempSync(join(tmpdir(), 'gleaner-file-list-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('files.json', () => {
  const odd = ['a "quoted" name.html', 'back\\slash/index.html', 'tab\there.html', 'line\nend.html', 'ünïcode/éte/index.html', 'emoji-😀.html', 'ctl-\u0001-\u001f.html', 'del-\u007f.html', 'sep-\u2028-\u2029.html', '</script>.html'];
  // More than one page (20,000 rows), so the pages' joins are tested too.
  const plain = Array.from({ length: 20_503 }, (_, i) => `articles/a${String(i).padStart(6, '0')}/index.html`);
  const files = new Map<string, FileEntry>([...odd, ...plain].map((name, i) => [name, { md5: `${i}`.padStart(32, 'f'), size: i * 7 }]));

  it('lists every file with its MD5 and size, in order, as JSON.stringify writes them', () => {
    const manifest = new ManifestStore(openMemory(join(work, 'memory.sqlite')));
    manifest.begin();
    for (const [name, entry] of files) manifest.setFile(name, entry);
    manifest.commit();
    const out = join(work, 'files.json');
    writeFileList(out, 'build-1', manifest.filesJson());
    manifest.close();

    const text = readFileSync(out, 'utf8');
    const sorted = [...files].sort(([a], [b]) => (Buffer.compare(Buffer.from(a), Buffer.from(b))));
    expect(text).toBe(JSON.stringify({ buildId: 'build-1', files: Object.fromEntries(sorted) }));
    expect(Object.keys(JSON.parse(text).files)).toHaveLength(files.size);
    expect(fileListBuildId(out)).toBe('build-1');
  });

  it('lists the rows of a memory made before the stored entries, and of a version before them writing it again', () => {
    // The memory as the version before made it: the files table without its entry column.
    const file = join(work, 'old.sqlite');
    const old = new DatabaseSync(file);
    old.exec("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID; INSERT INTO meta VALUES ('schema', '1')");
    old.exec('CREATE TABLE files (file TEXT PRIMARY KEY, md5 TEXT NOT NULL, size INTEGER NOT NULL) WITHOUT ROWID');
    const insert = old.prepare('INSERT INTO files VALUES (?, ?, ?)');
    const names = [...files.keys()];
    for (const name of names.slice(0, 12_000)) insert.run(name, files.get(name)!.md5, files.get(name)!.size);
    old.close();
    const manifest = new ManifestStore(openMemory(file));
    manifest.begin();
    for (const name of names.slice(12_000)) manifest.setFile(name, files.get(name)!);
    manifest.commit();
    const out = join(work, 'old.json');
    writeFileList(out, 'build-2', manifest.filesJson());
    manifest.close();
    const sorted = [...files].sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(readFileSync(out, 'utf8')).toBe(JSON.stringify({ buildId: 'build-2', files: Object.fromEntries(sorted) }));

    // That version, run again on this memory (a revert), writes its three values as it did, and the list follows them.
    const again = new DatabaseSync(file);
    again.prepare('INSERT INTO files VALUES (?, ?, ?) ON CONFLICT (file) DO UPDATE SET md5 = excluded.md5, size = excluded.size').run(names[0]!, 'a'.repeat(32), 1);
    again.close();
    const reopened = new ManifestStore(openMemory(file));
    writeFileList(out, 'build-3', reopened.filesJson());
    reopened.close();
    const changed = new Map(files).set(names[0]!, { md5: 'a'.repeat(32), size: 1 });
    expect(readFileSync(out, 'utf8')).toBe(JSON.stringify({ buildId: 'build-3', files: Object.fromEntries([...changed].sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)))) }));
  });

  it('is an empty list for a site with no files', () => {
    const manifest = new ManifestStore(openMemory(join(work, 'empty.sqlite')));
    const out = join(work, 'empty.json');
    writeFileList(out, 'build-0', manifest.filesJson());
    manifest.close();
    expect(readFileSync(out, 'utf8')).toBe('{"buildId":"build-0","files":{}}');
  });
});
