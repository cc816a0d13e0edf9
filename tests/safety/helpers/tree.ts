import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

// A fingerprint of everything under a directory: every file's hash and mode, every directory,
// every symlink's target. Two equal fingerprints mean nothing was written, removed or replaced.

export type Fingerprint = Map<string, string>;

export function fingerprint(dir: string, skip: (rel: string) => boolean = () => false): Fingerprint {
  const out: Fingerprint = new Map();
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const full = join(current, name);
      const rel = relative(dir, full).split(sep).join('/');
      if (skip(rel)) continue;
      const st = lstatSync(full);
      if (st.isSymbolicLink()) out.set(rel, `symlink → ${readlinkSync(full)}`);
      else if (st.isDirectory()) {
        out.set(`${rel}/`, `dir ${(st.mode & 0o7777).toString(8)}`);
        walk(full);
      } else out.set(rel, `file ${(st.mode & 0o7777).toString(8)} ${createHash('sha256').update(readFileSync(full)).digest('hex')}`);
    }
  };
  walk(dir);
  return out;
}

/** What differs between two fingerprints, as "added x", "removed y", "changed z". */
export function differences(before: Fingerprint, after: Fingerprint): string[] {
  const out: string[] = [];
  for (const [path, value] of after) if (!before.has(path)) out.push(`added ${path}`);
  else if (before.get(path) !== value) out.push(`changed ${path}`);
  for (const path of before.keys()) if (!after.has(path)) out.push(`removed ${path}`);
  return out.sort();
}

/** Every file under a directory (recursively), as absolute paths. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string) => {
    let names: string[];
    try {
      names = readdirSync(current);
    } catch {
      return;
    }
    for (const name of names) {
      const full = join(current, name);
      const st = lstatSync(full);
      if (st.isDirectory()) walk(full);
      else out.push(full);
    }
  };
  walk(dir);
  return out;
}
