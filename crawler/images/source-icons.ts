import { relative, sep } from 'node:path';
import { fetchProblem, type Fetcher } from '../fetch/index.ts';
import { processIcon, saveImage, MAX_ICON_BYTES } from './index.ts';
import type { SitePaths } from '../paths.ts';
import type { FolderAllocator } from '../publish/folders.ts';
import type { Database } from '../store/database.ts';
import { recordSourceIcon, sourceIcon, type SourceIconRow } from '../store/source-icons.ts';
import { normalizeUrl, type UrlPolicy } from '../url/index.ts';
import { sourceHost } from '../url/source-host.ts';
import { isInCheckout } from '../sparse-checkout.ts';

// Each source host's icon, fetched once and again every ICON_REFRESH_DAYS, through the same
// fetcher (and address guard) as everything else: the icon its pages declared, else
// /favicon.ico. The site serves the saved copy, so readers never ask the source. Nothing here
// fails a run: a host without a usable icon just has none.

export const ICON_REFRESH_DAYS = 30;
/** A run checks at most this many hosts (a first run over a large config catches up over a few runs). */
export const MAX_ICON_CHECKS = 40;

export interface IconCandidate {
  host: string;
  /** Where /favicon.ico is asked for: scheme, host and port of an address on the host. */
  origin: string;
  /** The icon the host's page declared (<link rel="icon">), if any. */
  declared: string | null;
}

/** Candidates from addresses on the sites (articles, configured sources), first declared icon per host winning. */
export function iconCandidates(addresses: Array<{ url: string; favicon?: string | null }>): IconCandidate[] {
  const byHost = new Map<string, IconCandidate>();
  for (const { url, favicon } of addresses) {
    const host = sourceHost(url);
    const origin = URL.parse(url)?.origin;
    if (!host || !origin || origin === 'null') continue;
    const known = byHost.get(host);
    if (!known) byHost.set(host, { host, origin, declared: favicon ?? null });
    else if (!known.declared && favicon) known.declared = favicon;
  }
  return [...byHost.values()];
}

/** Whether a host's icon is due: never checked, checked ICON_REFRESH_DAYS ago, or without an icon while its pages now declare a new one. */
export function iconDue(candidate: IconCandidate, row: SourceIconRow | undefined, nowMs: number): boolean {
  if (!row) return true;
  if (nowMs - Date.parse(row.checked_at) >= ICON_REFRESH_DAYS * 86_400_000) return true;
  return !row.file && candidate.declared !== null && candidate.declared !== row.declared;
}

export interface IconContext {
  db: Database;
  fetcher: Fetcher;
  paths: SitePaths;
  policy: UrlPolicy;
  media: FolderAllocator;
  now: () => number;
}

/** Checks the due hosts' icons and records what was found; returns how many were checked and saved. */
export async function refreshSourceIcons(ctx: IconContext, candidates: IconCandidate[]): Promise<{ checked: number; saved: number }> {
  let due: IconCandidate[];
  try {
    due = candidates.filter((c) => iconDue(c, sourceIcon(ctx.db, c.host), ctx.now())).slice(0, MAX_ICON_CHECKS);
  } catch {
    return { checked: 0, saved: 0 };
  }
  const results = await Promise.all(due.map((c) => checkIcon(ctx, c, sourceIcon(ctx.db, c.host)).catch((error: unknown) => ({ file: null, hash: null, error: `E_INTERNAL: ${(error as Error).message}` }))));
  let saved = 0;
  due.forEach((c, i) => {
    const found = results[i]!;
    try {
      recordSourceIcon(ctx.db, { host: c.host, declared: c.declared, checked_at: new Date(ctx.now()).toISOString(), ...found });
      if (found.file) saved++;
    } catch {
      // The next run looks again.
    }
  });
  return { checked: due.length, saved };
}

async function checkIcon(ctx: IconContext, candidate: IconCandidate, known: SourceIconRow | undefined): Promise<{ file: string | null; hash: string | null; error: string | null }> {
  const tried: string[] = [];
  const addresses = [...new Set([candidate.declared ? (URL.parse(candidate.declared, candidate.origin)?.href ?? null) : null, `${candidate.origin}/favicon.ico`].filter((a): a is string => a !== null))];
  for (const address of addresses) {
    const normalized = normalizeUrl(address, { policy: ctx.policy });
    if (!normalized.ok) {
      tried.push(`${address}: ${normalized.code}`);
      continue;
    }
    const response = await ctx.fetcher.fetch({ url: normalized.url, kind: 'image', maxBytes: MAX_ICON_BYTES });
    if (response.type !== 'ok') {
      tried.push(`${normalized.url}: ${fetchProblem(response)}`);
      continue;
    }
    const icon = await processIcon(response.body);
    if (!icon.ok) {
      tried.push(`${normalized.url}: ${icon.failure.code} ${icon.failure.message}`);
      continue;
    }
    // The same icon as last time: the saved file stays, and the check is only bookkeeping (store/bookkeeping.ts).
    // In an old month's media folder a sparse checkout left off disk, it is still saved.
    if (known?.file && known.hash === icon.hash && isInCheckout(ctx.paths.root, known.file)) return { file: known.file, hash: known.hash, error: null };
    const dir = ctx.media.place(ctx.paths.media, new Date(ctx.now()).toISOString());
    const [file] = await saveImage(dir, icon);
    return { file: relative(ctx.paths.root, `${dir}/${file!.src}`).split(sep).join('/'), hash: icon.hash, error: null };
  }
  return { file: null, hash: null, error: tried.join('; ').slice(0, 1000) || 'no address to ask' };
}
