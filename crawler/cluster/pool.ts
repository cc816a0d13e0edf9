import { featuresOf } from './features.ts';
import { addTerms, type StoryItem, type TermStats } from './similarity.ts';
import { chooseAmong, CLUSTER_DEFAULTS, type ClusterOptions, type StoryMatch } from './choose.ts';
import { addMember, type StorySummary } from './story.ts';

/**
 * The articles a run's new articles may join, with their term statistics: the recent published
 * articles the caller loaded (bounded), plus each article placed during the run, kept as stories
 * (summaries) with an index of their keys. The publisher and the bench both cluster through this,
 * one article at a time in publication order.
 */
export class StoryPool {
  private readonly items: StoryItem[] = [];
  private readonly stats: TermStats = { docs: 0, df: new Map() };
  private readonly options: ClusterOptions;
  private stories = new Map<number, StorySummary>();
  /** Key → the stories with a member having it: only those can pass (an article must share keys with its story). */
  private byKey = new Map<string, Set<number>>();

  constructor(items: Iterable<StoryItem>, options: ClusterOptions = CLUSTER_DEFAULTS) {
    this.options = options;
    for (const item of items) this.add(item);
  }

  /** The story `item` joins (not yet added: call add with its cluster set). */
  choose(item: StoryItem): StoryMatch | null {
    const { vector } = featuresOf(item);
    // The article itself counts in the statistics, so a word only it and one story share weighs most.
    addTerms(this.stats, vector);
    try {
      const ids = new Set<number>();
      for (const key of vector.keys()) for (const id of this.byKey.get(key) ?? []) ids.add(id);
      ids.delete(item.id);
      return chooseAmong(item, [...ids].sort((a, b) => a - b).map((id) => this.stories.get(id)!), this.stats, this.options);
    } finally {
      removeTerms(this.stats, vector);
    }
  }

  add(item: StoryItem): void {
    this.items.push(item);
    addTerms(this.stats, featuresOf(item).vector);
    this.index(item);
  }

  /** Records that an article already in the pool now belongs to `cluster` (a story's first article, when a second joins it). */
  setCluster(id: number, cluster: number): void {
    let moved = false;
    for (const item of this.items) {
      if (item.id !== id) continue;
      moved ||= (item.cluster ?? item.id) !== cluster;
      item.cluster = cluster;
    }
    if (!moved) return;
    this.stories = new Map();
    this.byKey = new Map();
    for (const item of this.items) this.index(item);
  }

  private index(item: StoryItem): void {
    const story = addMember(this.stories, item);
    for (const key of featuresOf(item).vector.keys()) {
      let ids = this.byKey.get(key);
      if (!ids) this.byKey.set(key, (ids = new Set()));
      ids.add(story.id);
    }
  }
}

function removeTerms(stats: TermStats, terms: ReadonlyMap<string, number>): void {
  stats.docs--;
  for (const term of terms.keys()) {
    const n = (stats.df.get(term) ?? 0) - 1;
    if (n > 0) stats.df.set(term, n);
    else stats.df.delete(term);
  }
}
