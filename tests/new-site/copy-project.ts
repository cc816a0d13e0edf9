import { cp, mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

const PROJECT = join(import.meta.dirname, '..', '..');
/** Generated or heavy folders a fork's clone does not have (node_modules is linked instead). */
const SKIP = new Set(['node_modules', '.git', 'dist', '.demo', '.astro', 'bench-results', 'coverage']);

/** A copy of the working tree in a temp folder, as a fresh clone would have it, sharing node_modules. */
export async function copyProject(): Promise<string> {
  const target = await mkdtemp(join(tmpdir(), 'gleaner-fork-'));
  await cp(PROJECT, target, {
    recursive: true,
    filter: (source) => {
      const rel = relative(PROJECT, source);
      return rel === '' || !SKIP.has(rel.split(sep)[0]!);
    },
  });
  await symlink(join(PROJECT, 'node_modules'), join(target, 'node_modules'), 'dir');
  return target;
}
