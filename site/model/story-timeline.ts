import { articleMs, articleTime } from './article-time.ts';
import type { Article } from './site-index.ts';

// How a story spread: its tellings in the order their sources published them, each with its
// delay after the first, and how wide it went (outlets, hosts, languages). Pure: members in,
// rows out; the story page shows them.

export type Telling = Pick<Article, 'source' | 'host' | 'data'>;

export interface TimelineRow<T extends Telling = Telling> {
  article: T;
  /** Its own time (articleTime): when its source published it, else when it was found. */
  iso: string;
  /** Milliseconds after the first telling (0 for the first). */
  delay: number;
}

/** The tellings oldest first (by their own time, then by id, so ties keep one order). */
export function storyTimeline<T extends Telling>(members: readonly T[]): TimelineRow<T>[] {
  const rows = [...members].sort((a, b) => articleMs(a.data) - articleMs(b.data) || a.data.id - b.data.id);
  const first = rows.length ? articleMs(rows[0]!.data) : 0;
  return rows.map((article) => ({ article, iso: articleTime(article.data).iso, delay: Math.max(0, articleMs(article.data) - first) }));
}

/** A delay as readers scan it: "+45 min", "+3 h 20 min", "+2 d 4 h" ("+0 min" under a minute). */
export function delayText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `+${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `+${hours} h ${minutes % 60} min` : `+${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `+${days} d ${hours % 24} h` : `+${days} d`;
}

export interface StoryReach {
  /** Distinct outlets: by host, else by name, as story-sources.ts credits them. */
  outlets: number;
  /** Distinct source hosts. */
  hosts: number;
  /** Distinct languages (primary subtag, lowercased), sorted; unknown ones left out. */
  languages: string[];
}

export function storyReach(members: readonly Telling[]): StoryReach {
  const outlets = new Set(members.map((m) => m.host ?? m.source));
  const hosts = new Set(members.map((m) => m.host).filter((h): h is string => h !== null));
  const languages = new Set(members.map((m) => (m.data.lang ?? '').split('-')[0]!.toLowerCase()).filter(Boolean));
  return { outlets: outlets.size, hosts: hosts.size, languages: [...languages].sort() };
}

/**
 * The member whose lead image the story page shows: of those with an image, the one with the
 * most words. The site has no read counts (it serves static files and keeps no analytics), so
 * the longest telling, the one that went furthest into the story, stands in for the one that
 * matters most. Ties go to the earlier telling (the order of `members` as given).
 */
export function imageMember<T extends Telling>(members: readonly T[]): T | null {
  let best: T | null = null;
  for (const m of members) if (m.data.image && (!best || m.data.wordCount > best.data.wordCount)) best = m;
  return best;
}
