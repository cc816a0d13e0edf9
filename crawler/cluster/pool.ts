import { addTerms, type StoryItem, type TermStats } from './similarity.ts';
import { chooseStory, CLUSTER_DEFAULTS, type ClusterOptions, type StoryMatch } from './choose.ts';

/**
 * The articles a run's new articles may join, with their term statistics: the recent published
 * articles the caller loaded (bounded), plus each article placed during the run. The
 * publisher and the bench both cluster through this, one article at a time in publication order.
 */
export class StoryPool {
  private readonly items: StoryItem[] = [];
  private readonly stats: TermStats = { docs: 0, df: new Map() };
  private readonly options: ClusterOptions;

  constructor(items: Iterable<StoryItem>, options: ClusterOptions = CLUSTER_DEFAULTS) {
    this.options = options;
    for (const item of items) this.add(item);
  }

  /** The story `item` joins (not yet added: call add with its cluster set). */
  choose(item: StoryItem): StoryMatch | null {
    // The article itself counts in the statistics, so a word only it and one candidate share weighs most.
    addTerms(this.stats, item.terms);
    try {
      return chooseStory(item, this.items, this.stats, this.options);
    } finally {
      removeTerms(this.stats, item.terms);
    }
  }

  add(item: StoryItem): void {
    this.items.push(item);
    addTerms(this.stats, item.terms);
  }

  /** Records that an article already in the pool now belongs to `cluster` (a story's first article, when a second joins it). */
  setCluster(id: number, cluster: number): void {
    for (const item of this.items) if (item.id === id) item.cluster = cluster;
  }
}

function removeTerms(stats: TermStats, terms: Map<string, number>): void {
  stats.docs--;
  for (const term of terms.keys()) {
    const n = (stats.df.get(term) ?? 0) - 1;
    if (n > 0) stats.df.set(term, n);
    else stats.df.delete(term);
  }
}
