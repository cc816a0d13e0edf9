import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { git, offDiskFiles, withOffDiskFiles } from '../../crawler/sparse-checkout.ts';

// Where each Markdown file of content/ stands, as the content index keys it (content-index.ts): a
// clean tracked file by its git blob id (`git:<id>`), any other by its size and time (`stat:…`).
//
// Listing every file costs time with the site's size (100,000 names, blob ids and rows), and an
// hourly build changes a few folders. So in a git work tree the index also records the id of
// every folder's tree in HEAD; the next build lists only the files of folders whose tree changed,
// plus those git reports as staged, modified, deleted or untracked, the files it keyed by size and
// time, and those it keyed by a staged blob: nothing else can have changed (`changedSince`). A
// history git cannot answer for (no HEAD, a renderer change, more than CHANGED_AT_MOST files off
// the trees) gets the full listing (`listAll`).

/** The files whose keys changed; `complete`: every file of content/ (others absent are gone), or only those that may have changed (absent ones are as they were). */
export interface ContentListing {
  keys: Map<string, string | null>;
  complete: boolean;
  /** What the next build compares with (null outside git, or before a first commit). */
  record: GitRecord | null;
}

export interface GitRecord {
  /** Each folder of content/ with its tree id in HEAD. */
  trees: Record<string, string>;
  /** Files keyed by a blob of git's index that is not HEAD's (staged). */
  staged: string[];
  /** Files keyed by size and time. */
  stat: string[];
}

/** Files listed one by one off the trees beyond which the full listing is cheaper. */
const CHANGED_AT_MOST = 2000;

const isMarkdown = (file: string) => {
  const name = basename(file);
  return name.endsWith('.md') && !name.startsWith('.');
};

/** Paths are file names here, never patterns. */
const gitIn = (root: string, args: string[]) => git(root, ['--literal-pathspecs', ...args]);

const nulList = (out: string) => out.split('\0').filter(Boolean);

/** Each folder under content/ (relative to root) with its tree id in HEAD; null outside a git work tree or before a first commit. */
function headTrees(root: string): Record<string, string> | null {
  try {
    const trees: Record<string, string> = {};
    for (const line of nulList(gitIn(root, ['ls-tree', '-r', '-d', '-z', 'HEAD', '--', 'content']))) {
      const tab = line.indexOf('\t');
      trees[line.slice(tab + 1)] = line.slice(line.indexOf(' tree ') + 6, tab);
    }
    return trees;
  } catch {
    return null;
  }
}

/** Every Markdown file of content/ with its key, and what the next build compares with. */
export function listAll(root: string): ContentListing {
  const content = join(root, 'content');
  const onDisk = existsSync(content)
    ? readdirSync(content, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && isMarkdown(e.name))
        .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    : [];
  const files = withOffDiskFiles(onDisk, offDiskFiles(root, 'content').filter(isMarkdown));
  let index: Map<string, string> | null = null;
  try {
    index = indexBlobs(root, ['content'], new Set(nulList(gitIn(root, ['diff', '--name-only', '-z', '--relative', '--', 'content']))));
  } catch {
    // not a git work tree: every file is known by its size and time
  }
  const keys = new Map<string, string | null>();
  for (const file of files) {
    const blob = index?.get(file);
    keys.set(file, blob ? `git:${blob}` : statKey(root, file));
  }
  const trees = index && headTrees(root);
  return { keys, complete: true, record: trees ? recordOf(trees, stagedFiles(root), keys) : null };
}

function recordOf(trees: Record<string, string>, staged: string[], keys: Map<string, string | null>): GitRecord {
  const stat: string[] = [];
  for (const [file, key] of keys) if (key?.startsWith('stat:')) stat.push(file);
  return { trees, staged: staged.filter((f) => keys.get(f)?.startsWith('git:')), stat };
}

/**
 * The files that may have changed since the last build recorded `last` (`knownIn(folder)`: the
 * files the content index holds directly in a folder), with their keys now (null: gone); null
 * when git cannot tell, or when so many changed that the full listing costs less.
 */
export function changedSince(root: string, last: GitRecord, knownIn: (folder: string) => string[]): ContentListing | null {
  const trees = headTrees(root);
  if (!trees) return null;
  const worktree = { modified: new Set<string>(), deleted: new Set<string>(), untracked: [] as string[] };
  let staged: string[];
  try {
    staged = stagedFiles(root);
    // The work tree against git's index: `git diff` (not `ls-files -m`, which hashes every file
    // whose cached stat is stale instead of refreshing it: seconds after a bench's commits), then
    // the untracked files, ignored ones too, as a listing of the folder finds them.
    const changes = nulList(gitIn(root, ['diff', '--name-status', '--no-renames', '-z', '--relative', '--', 'content']));
    for (let i = 0; i + 1 < changes.length; i += 2) (changes[i] === 'D' ? worktree.deleted : worktree.modified).add(changes[i + 1]!);
    worktree.untracked = nulList(gitIn(root, ['ls-files', '-o', '-z', '--', 'content']));
  } catch {
    return null;
  }
  const folders = [...new Set([...Object.keys(trees), ...Object.keys(last.trees)])].filter((f) => trees[f] !== last.trees[f]);
  // The files of the folders whose tree changed, with their blob ids in HEAD.
  const head = new Map<string, string>();
  if (folders.some((f) => trees[f])) {
    for (const line of nulList(gitIn(root, ['ls-tree', '-z', 'HEAD', '--', ...folders.filter((f) => trees[f]).map((f) => `${f}/`)]))) {
      const tab = line.indexOf('\t');
      const [, type, blob] = line.slice(0, tab).split(' ');
      if (type === 'blob') head.set(line.slice(tab + 1), blob!);
    }
  }
  // Files whose key may be their blob in git's index rather than HEAD's: looked up one by one.
  const looseFiles = [...new Set([...staged, ...last.staged, ...last.stat, ...worktree.modified, ...worktree.deleted, ...worktree.untracked])].filter(isMarkdown);
  const candidates = new Set([...head.keys(), ...folders.flatMap(knownIn), ...looseFiles].filter(isMarkdown));
  if (looseFiles.length > CHANGED_AT_MOST || candidates.size > CHANGED_AT_MOST * 10) return null;
  const index = indexBlobs(root, looseFiles, worktree.modified);
  const keys = new Map<string, string | null>();
  for (const file of candidates) {
    const blob = index.get(file) ?? head.get(file);
    if (worktree.deleted.has(file)) keys.set(file, null);
    else if (blob && !worktree.modified.has(file)) keys.set(file, `git:${blob}`);
    else keys.set(file, existsSync(join(root, file)) ? statKey(root, file) : null);
  }
  return { keys, complete: false, record: recordOf(trees, staged, keys) };
}

function statKey(root: string, file: string): string {
  const s = statSync(join(root, file));
  return `stat:${s.size}:${Math.round(s.mtimeMs)}`;
}

/** Blob ids in git's index of the files under `paths` that are not `modified` on disk. */
function indexBlobs(root: string, paths: string[], modified: Set<string>): Map<string, string> {
  const blobs = new Map<string, string>();
  if (paths.length === 0) return blobs;
  for (const line of nulList(gitIn(root, ['ls-files', '-s', '-z', '--', ...paths]))) {
    const m = /^\d+ ([0-9a-f]{40,64}) \d+\t(.+)$/s.exec(line);
    if (m && !modified.has(m[2]!)) blobs.set(m[2]!, m[1]!);
  }
  return blobs;
}

/** Content files whose blob in git's index is not HEAD's (staged, or added). */
function stagedFiles(root: string): string[] {
  return nulList(gitIn(root, ['diff-index', '--cached', '--name-only', '-z', '--relative', 'HEAD', '--', 'content']));
}
