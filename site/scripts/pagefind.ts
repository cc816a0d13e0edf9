// Loads the Pagefind bundle that scripts/build.ts writes to /pagefind/, once per page. The
// types cover only what the site calls (not debouncedSearch or filters(): see search-page.ts).

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

export interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(term: string | null, options?: PagefindSearchOptions): Promise<PagefindSearch>;
}

let loading: Promise<Pagefind> | undefined;

/** `bundle` is the URL of the /pagefind/ folder; its parent is the site's base, which result URLs need. */
export function loadPagefind(bundle: string): Promise<Pagefind> {
  loading ??= import(/* @vite-ignore */ `${bundle}pagefind.js`).then(async (pagefind: Pagefind) => {
    // noWorker: searching in the page spares the download of pagefind-worker.js (43 kB, a copy
    // of pagefind.js); a search over tens of thousands of articles takes milliseconds either way.
    await pagefind.options({ excerptLength: 26, baseUrl: bundle.replace(/pagefind\/$/, '') || '/', noWorker: true });
    void pagefind.init();
    return pagefind;
  });
  return loading;
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
