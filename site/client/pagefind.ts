// Search over the shards the build writes (site/builder/search.ts): pagefind/shards.json lists
// them newest first; the newest is loaded as Pagefind's primary index, with older ones merged in
// (Pagefind's mergeIndex) until the first tier is covered (shards.json says how many articles:
// two full shards' worth). Older tiers are merged only when the reader asks ("Search older
// articles"), each doubling what is searched: a search never fetches more of the index by itself,
// so a first search on a site of any size downloads what the newest shards weigh, even for a
// word found nowhere. The types cover only what the site calls.

export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  filters: Record<string, string[]>;
}

export interface PagefindResult {
  id: string;
  data(): Promise<PagefindResultData>;
}

export interface PagefindSearch {
  results: PagefindResult[];
}

export interface PagefindSearchOptions {
  filters?: Record<string, string | string[]>;
  sort?: Record<string, 'asc' | 'desc'>;
}

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  mergeIndex(path: string, options?: Record<string, unknown>): Promise<void>;
  search(term: string | null, options?: PagefindSearchOptions): Promise<PagefindSearch>;
}

interface ShardList {
  shards: Array<{ bundle: string; articles: number }>;
  articles: number;
  /** How many of the newest articles the first tier covers (site/builder/search.ts); each further tier doubles what is searched. */
  firstTier: number;
}

const OPTIONS = { excerptLength: 26, baseUrl: '/' };

export interface ShardedResults {
  results: PagefindResult[];
  /** Articles in the shards searched, and in the whole site. */
  searched: number;
  total: number;
  /** Every shard was searched. */
  complete: boolean;
}

export interface ShardedSearch {
  /** Searches the shards loaded so far (the first tier, and the older ones `more` loaded). */
  search(term: string | null, options: PagefindSearchOptions): Promise<ShardedResults>;
  /** Loads the next tier of older shards; false when all are loaded. */
  more(): Promise<boolean>;
}

let loading: Promise<ShardedSearch> | undefined;

/** `bundle` is the URL of the /pagefind/ folder; its parent is the site's base. */
export function loadPagefind(bundle: string): Promise<ShardedSearch> {
  loading ??= start(bundle);
  return loading;
}

async function start(bundle: string): Promise<ShardedSearch> {
  const base = bundle.replace(/pagefind\/$/, '') || '/';
  const response = await fetch(`${bundle}shards.json`);
  if (!response.ok) throw new Error(`search is not built (${response.status})`);
  const list = (await response.json()) as ShardList;
  if (list.shards.length === 0) throw new Error('search holds no articles yet');
  // noWorker: searching in the page spares the download of pagefind-worker.js (a copy of pagefind.js).
  const pagefind = (await import(/* @vite-ignore */ `${base}${list.shards[0]!.bundle}pagefind.js`)) as Pagefind;
  await pagefind.options({ ...OPTIONS, noWorker: true });
  await pagefind.init();
  let loaded = 1;
  let searched = list.shards[0]!.articles;

  const loadTier = async (target: number): Promise<boolean> => {
    if (loaded >= list.shards.length) return false;
    const next: Array<Promise<void>> = [];
    while (loaded < list.shards.length && (next.length === 0 || searched < target)) {
      const shard = list.shards[loaded++]!;
      searched += shard.articles;
      next.push(pagefind.mergeIndex(`${base}${shard.bundle}`, OPTIONS));
    }
    await Promise.all(next);
    return true;
  };
  const first = searched < list.firstTier ? loadTier(list.firstTier) : Promise.resolve(true);

  return {
    async search(term, options) {
      await first;
      const found = await pagefind.search(term, options);
      return { results: found.results, searched, total: list.articles, complete: loaded >= list.shards.length };
    },
    async more() {
      await first;
      return loadTier(searched * 2);
    },
  };
}

/** Renders a Pagefind excerpt (text with <mark>) into `target`, keeping only text and <mark>. */
export function renderExcerpt(target: HTMLElement, excerpt: string): void {
  const template = document.createElement('template');
  template.innerHTML = excerpt;
  target.replaceChildren();
  for (const node of template.content.childNodes) {
    if (node.nodeName === 'MARK') {
      const mark = document.createElement('mark');
      mark.textContent = node.textContent;
      target.append(mark);
    } else {
      target.append(node.textContent ?? '');
    }
  }
}
