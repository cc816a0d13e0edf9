import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../crawler/store/database.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gleaner-store-'));
  dirs.push(dir);
  return dir;
}

describe('saving the database', () => {
  it('killed half-way through the write, leaves the previous file intact and its temp file aside', async () => {
    const dir = await tempDir();
    const path = join(dir, 'site.sqlite');
    const db = await openDatabase(path);
    // About 3 MB, so the slowed write (64 KiB a second) is mid-file for many seconds.
    db.transaction(() => {
      for (let i = 0; i < 3000; i++) db.run('INSERT INTO topics (slug, name, description) VALUES (?, ?, ?)', [`t${i}`, `Topic ${i}`, `${i} `.repeat(250)]);
    });
    db.run(`INSERT INTO topics (slug, name) VALUES ('before-the-kill', 'Before')`);
    db.save();
    db.close();
    const before = readFileSync(path);

    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'slow-save.ts'), path, 'after-the-kill'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('writing')) resolve();
        if (out.includes('saved')) reject(new Error('the save finished before it could be killed'));
      });
      child.on('exit', () => reject(new Error(`the child exited before writing: ${out}`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // The database file is the one from before, byte for byte.
    expect(readFileSync(path).equals(before)).toBe(true);
    const temps = readdirSync(dir).filter((n) => n !== 'site.sqlite');
    expect(temps).toHaveLength(1);
    expect(temps[0]).toMatch(new RegExp(`^\\.site\\.sqlite\\.${child.pid}\\.\\d+\\.tmp$`));
    const partial = statSync(join(dir, temps[0]!)).size;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(before.length);

    // It opens, passes the integrity check, holds the old row and not the new one; the dead writer's temp file is cleared away.
    const reopened = await openDatabase(path);
    expect(reopened.integrityCheck()).toBe('ok');
    expect(reopened.scalar(`SELECT count(*) FROM topics WHERE slug = 'before-the-kill'`)).toBe(1);
    expect(reopened.scalar(`SELECT count(*) FROM topics WHERE slug = 'after-the-kill'`)).toBe(0);
    reopened.close();
    expect(readdirSync(dir)).toEqual(['site.sqlite']);
  }, 60_000);

  it('keeps temp files of a writer that is still running', async () => {
    const dir = await tempDir();
    const path = join(dir, 'site.sqlite');
    const live = join(dir, `.site.sqlite.${process.ppid}.123.tmp`);
    writeFileSync(live, 'in progress');
    (await openDatabase(path)).close();
    expect(existsSync(live)).toBe(true);
  });

  it('compacts: rows deleted before a save leave no trace in the file', async () => {
    const dir = await tempDir();
    const path = join(dir, 'site.sqlite');
    const db = await openDatabase(path);
    db.transaction(() => {
      for (let i = 0; i < 1000; i++) db.run('INSERT INTO topics (slug, name, description) VALUES (?, ?, ?)', [`t${i}`, `Topic ${i}`, `DELETED-CONTENT-${i} `.repeat(40)]);
    });
    db.save();
    const full = statSync(path).size;
    db.run(`DELETE FROM topics WHERE slug != 't0'`);
    db.save();
    db.close();
    const bytes = readFileSync(path);
    const empty = await openDatabase(join(dir, 'empty.sqlite'));
    empty.save();
    empty.close();
    expect(full).toBeGreaterThan(statSync(join(dir, 'empty.sqlite')).size + 500_000);
    expect(bytes.length).toBeLessThanOrEqual(statSync(join(dir, 'empty.sqlite')).size + 8192);
    expect(bytes.includes('DELETED-CONTENT-7 ')).toBe(false);
    expect(bytes.includes('DELETED-CONTENT-0 ')).toBe(true);
  });

  it('writes nothing when a save has no path, and refuses a corrupt file with advice', async () => {
    const db = await openDatabase(null);
    expect(() => db.save()).toThrow(expect.objectContaining({ code: 'E_STORE_NO_PATH' }));
    db.close();
    const dir = await tempDir();
    writeFileSync(join(dir, 'site.sqlite'), 'this is not a database, it is a text file long enough to have a header');
    await expect(openDatabase(join(dir, 'site.sqlite'))).rejects.toMatchObject({ code: 'E_STORE_CORRUPT', message: expect.stringMatching(/git checkout -- /) });
    await expect(openDatabase(join(dir, 'missing.sqlite'), { create: false })).rejects.toMatchObject({ code: 'E_STORE_MISSING' });
  });
});
