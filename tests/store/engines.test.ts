import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../../crawler/store/database.ts';
import { engine } from '../../crawler/store/engine.ts';
import { nodeConnection } from '../../crawler/store/engine-node.ts';
import { sqljsConnection } from '../../crawler/store/engine-sqljs.ts';

// The Database wrapper on its two engines (sql.js in memory, node:sqlite on a file): the same
// writes store the same values with the same types, so a row means the same whichever engine
// wrote it (the segments a run writes are built from them).

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function both(): Promise<Database[]> {
  const dir = mkdtempSync(join(tmpdir(), 'gleaner-engines-'));
  dirs.push(dir);
  const SQL = await engine();
  return [new Database(sqljsConnection(SQL, new SQL.Database()), null), new Database(nodeConnection(join(dir, 'state.sqlite')), null)];
}

describe('the two engines', () => {
  it('bind numbers and booleans alike, and both refuse undefined: a whole number in 32 bits is an INTEGER, any other number a REAL', async () => {
    const rows = [];
    for (const db of await both()) {
      db.exec('CREATE TABLE t (label TEXT, loose, whole INTEGER)');
      const values = [5, 2 ** 40, 1.5, -7, true, false, null, 'x', new Uint8Array([1, 2])];
      for (const v of values) db.run('INSERT INTO t VALUES (?, ?, ?)', [v as never, v as never, v as never]);
      expect(() => db.run('INSERT INTO t VALUES (?, ?, ?)', [undefined as never, 1, 1])).toThrow();
      rows.push(db.all('SELECT label, typeof(label) AS tl, loose, typeof(loose) AS tt, whole, typeof(whole) AS tw FROM t ORDER BY rowid').map((r) => ({ ...r })));
      db.close();
    }
    expect(rows[1]).toEqual(rows[0]);
    expect(rows[0]!.slice(0, 3).map((r) => [r.label, r.tt])).toEqual([['5', 'integer'], ['1099511627776.0', 'real'], ['1.5', 'real']]);
  });

  it('report changes and the inserted id, nest transactions and roll back the one that throws', async () => {
    for (const db of await both()) {
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
      expect(db.run('INSERT INTO t (v) VALUES (?)', ['a'])).toEqual({ changes: 1, lastId: 1 });
      expect(db.run('UPDATE t SET v = ? WHERE id = 99', ['b'])).toEqual({ changes: 0, lastId: 0 });
      db.hold();
      db.run('INSERT INTO t (v) VALUES (?)', ['kept']);
      expect(() => db.transaction(() => {
        db.run('INSERT INTO t (v) VALUES (?)', ['undone']);
        throw new Error('no');
      })).toThrow('no');
      db.release(true);
      expect(db.all('SELECT v FROM t ORDER BY id').map((r) => r.v)).toEqual(['a', 'kept']);
      expect(db.scalar('SELECT count(*) FROM t')).toBe(2);
      db.close();
    }
  });
});
