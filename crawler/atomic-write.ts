import { closeSync, fsyncSync, openSync, readdirSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, basename, extname, join } from 'node:path';
import { crashpoint, crashpointsArmed } from './crashpoint.ts';

/**
 * Writes a file so that readers (and a run killed at any instant) see either the old
 * content or the new, never a mix: temp file in the same directory, fsync, rename, fsync dir.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(tmp, 'w', 0o644);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    // The kill tests stop a write half-way (write-half:md, write-half:sqlite): the first half
    // reaches the temp file, the rest never does.
    const half = crashpointsArmed() ? bytes.length >> 1 : bytes.length;
    writeRange(fd, bytes, 0, half);
    crashpoint(`write-half:${extname(path).slice(1)}`);
    writeRange(fd, bytes, half, bytes.length);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    try { unlinkSync(tmp); } catch { /* already gone */ }
    throw error;
  }
  closeSync(fd);
  renameSync(tmp, path);
  syncDirectory(dirname(path));
}

function writeRange(fd: number, bytes: Uint8Array, from: number, to: number): void {
  let offset = from;
  while (offset < to) offset += writeSync(fd, bytes, offset, to - offset);
}

function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try { fsyncSync(fd); } finally { closeSync(fd); }
  } catch {
    // Some filesystems refuse fsync on directories; the rename is still atomic.
  }
}

/**
 * Removes the temp files of killed writes (`.<name>.<pid>.<ms>.tmp`) in `dir` whose writer is
 * gone, optionally only those of names starting with `prefix`. They are never read as the real
 * file; removing them keeps them from piling up.
 */
export function removeStaleTemps(dir: string, prefix = '.'): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const match = name.startsWith(prefix) ? /\.(\d+)\.\d+\.tmp$/.exec(name) : null;
    if (!match || processAlive(Number(match[1]))) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
