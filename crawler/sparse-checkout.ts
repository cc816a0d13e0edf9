import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// The one place that asks git which of a site's files a sparse checkout left off disk. The
// hourly workflow checks out only what a run reads (code, config, data/'s own files and the
// media manifest, no segment, no period folder); every tracked file outside those folders is
// still in git's index, marked skip-worktree, and must never be taken as deleted. So where the
// crawl and the build list files under content/, media/ or data/segments/ they add these
// (`offDiskFiles`); a few files needed after all are read from git's objects (`prefetchTracked`
// fetches their blobs in one batch, `readTrackedFile` reads one), more are checked out with their
// folders (`checkOutFolders`, which a partial clone fetches in one batch); a cold build checks
// out the whole tree (`checkOutWhole`). Outside a sparse checkout (a developer's clone, the demo,
// no git at all) every function here is a no-op.

/** A git command's output in `cwd`; it throws with git's error output when git fails. */
export function git(cwd: string, args: string[]): string {
  return execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Whether `root` lies in a git work tree checked out sparsely. */
export function isSparseCheckout(root: string): boolean {
  try {
    return git(root, ['config', '--bool', 'core.sparseCheckout']).trim() === 'true' && git(root, ['rev-parse', '--is-inside-work-tree']).trim() === 'true';
  } catch {
    return false; // not a git work tree, or the setting is unset
  }
}

/** Tracked files under `dir` (relative to `root`, '/'-separated) that the sparse checkout left off disk: paths relative to `root`. */
export function offDiskFiles(root: string, dir: string): string[] {
  if (!isSparseCheckout(root)) return [];
  const out: string[] = [];
  for (const line of git(root, ['ls-files', '-t', '-z', '--', dir]).split('\0')) if (line.startsWith('S ')) out.push(line.slice(2));
  return out;
}

/** The nearest folder of `dir` (absolute) that is on disk: `dir` itself, or its parent, or… */
function onDiskAncestor(dir: string): string {
  let cwd = dir;
  while (!existsSync(cwd) && dirname(cwd) !== cwd) cwd = dirname(cwd);
  return cwd;
}

/** Files git tracks under folder `dir` (absolute) that a sparse checkout left off disk, relative to `dir` ('/'-separated); the folder itself may be off disk. */
export function offDiskFilesUnder(dir: string): string[] {
  const cwd = onDiskAncestor(dir);
  const prefix = relative(cwd, dir).split(sep).join('/');
  return offDiskFiles(cwd, prefix || '.').map((file) => (prefix ? file.slice(prefix.length + 1) : file));
}

/** Names of the files git tracks directly in folder `dir` (absolute) that a sparse checkout left off disk (the folder itself may be off disk). */
export function offDiskNamesIn(dir: string): string[] {
  return offDiskFilesUnder(dir).filter((name) => !name.includes('/'));
}

/** Whether `file` (relative to `root`) is on disk, or tracked and left off disk by a sparse checkout. */
export function isInCheckout(root: string, file: string): boolean {
  return existsSync(join(root, file)) || offDiskFiles(root, file).includes(file);
}

/** Files on disk under `dir` (as `listOnDisk` gives them, relative to `root`) plus the tracked ones a sparse checkout left off disk, sorted, each once. */
export function withOffDiskFiles(onDisk: string[], offDisk: string[]): string[] {
  return offDisk.length === 0 ? onDisk : [...new Set([...onDisk, ...offDisk])].sort();
}

/**
 * Checks out the folders of those `files` (relative to `root`) that are not on disk, in a sparse
 * checkout; returns the folders added. Files that git does not track stay missing.
 */
export function checkOutFolders(root: string, files: string[]): string[] {
  const missing = files.filter((file) => !existsSync(join(root, file)));
  if (missing.length === 0) return [];
  const cwd = onDiskAncestor(resolve(root));
  if (!isSparseCheckout(cwd)) return [];
  const top = git(cwd, ['rev-parse', '--show-toplevel']).trim();
  const folders = [...new Set(missing.map((file) => relative(top, dirname(resolve(root, file))).split(sep).join('/')))].filter((f) => f && !f.startsWith('..')).sort();
  if (folders.length > 0) git(top, ['sparse-checkout', 'add', '--', ...folders]);
  return folders;
}

/**
 * The bytes of one file (relative to `root`): from disk, else, in a sparse checkout, the version
 * git's index holds (a partial clone fetches that one blob); null when neither has it. For a few
 * files read without checking out their folder (a source's icon in an old month's media folder).
 */
export function readTrackedFile(root: string, file: string): Buffer | null {
  const path = join(root, file);
  if (existsSync(path)) return readFileSync(path);
  const cwd = onDiskAncestor(resolve(root));
  if (!isSparseCheckout(cwd)) return null;
  try {
    return execFileSync('git', ['-C', cwd, 'cat-file', 'blob', `:./${relative(cwd, resolve(path)).split(sep).join('/')}`], { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null; // not tracked either
  }
}

/** The remote a partial clone fetches missing objects from, or null when it is no partial clone. */
function promisorRemote(cwd: string): string | null {
  try {
    return git(cwd, ['config', 'extensions.partialClone']).trim();
  } catch {
    // Git records it there, or on the remote alone (remote.<name>.promisor = true, as git 2.39 does).
  }
  try {
    const line = git(cwd, ['config', '--get-regexp', '^remote\\..*\\.promisor$']).split('\n').find((l) => / true$/.test(l));
    return line ? line.slice('remote.'.length, line.lastIndexOf('.promisor ')) : null;
  } catch {
    return null;
  }
}

/**
 * In a partial clone, fetches the blobs of those tracked `files` (relative to `root`) that are off
 * disk in one batch, as git's own lazy fetch does for one, so that reading them after
 * (`readTrackedFile`) costs no round trip each. Outside a partial clone a no-op.
 */
export function prefetchTracked(root: string, files: string[]): void {
  const cwd = onDiskAncestor(resolve(root));
  const missing = files.filter((file) => !existsSync(join(root, file))).map((file) => relative(cwd, resolve(root, file)).split(sep).join('/'));
  if (missing.length === 0 || !isSparseCheckout(cwd)) return;
  const remote = promisorRemote(cwd);
  if (!remote) return; // every blob is local
  const oids = [...new Set(git(cwd, ['ls-files', '-s', '-z', '--', ...missing]).split('\0').filter(Boolean).map((line) => line.split(' ')[1]!))];
  if (oids.length === 0) return;
  execFileSync('git', ['-C', cwd, '-c', 'fetch.negotiationAlgorithm=noop', 'fetch', remote, '--quiet', '--no-tags', '--no-write-fetch-head', '--recurse-submodules=no', '--filter=blob:none', '--stdin'], { input: oids.join('\n') + '\n', stdio: ['pipe', 'ignore', 'pipe'] });
}

/** Checks out the whole tree of a sparse checkout (a cold build reads every file); returns whether it was sparse. */
export function checkOutWhole(root: string): boolean {
  if (!isSparseCheckout(root)) return false;
  git(root, ['sparse-checkout', 'disable']);
  return true;
}
