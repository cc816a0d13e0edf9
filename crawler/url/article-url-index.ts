/**
 * Every stored article by canonical URL and by source URL, in memory for the duplicate-URL check.
 * The articles table has no index on those columns (the published database stays small), so the
 * query scanned every article for every page: 13% of a 2,000-page crawl's CPU, growing with the
 * square of the site. Built once per run from the stored articles; acceptArticle keeps it in step
 * with inserts and removals.
 */
export class ArticleUrlIndex {
  private readonly byUrl = new Map<string, Array<{ id: number; urlId: number }>>();

  static from(articles: Iterable<{ id: number; urlId: number; urls: string[] }>): ArticleUrlIndex {
    const index = new ArticleUrlIndex();
    for (const a of articles) index.add(a.id, a.urlId, a.urls);
    return index;
  }

  add(articleId: number, urlId: number, urls: string[]): void {
    for (const url of new Set(urls)) {
      let list = this.byUrl.get(url);
      if (!list) this.byUrl.set(url, (list = []));
      list.push({ id: articleId, urlId });
    }
  }

  remove(articleId: number): void {
    for (const [url, list] of this.byUrl) {
      const kept = list.filter((a) => a.id !== articleId);
      if (kept.length === list.length) continue;
      if (kept.length) this.byUrl.set(url, kept);
      else this.byUrl.delete(url);
    }
  }

  /** The first stored article (lowest id) whose canonical or source URL is one of `urls`, trying them in order. */
  find(urls: string[]): { id: number; url_id: number } | undefined {
    for (const url of new Set(urls)) {
      const list = this.byUrl.get(url);
      if (list?.length) {
        const first = list.reduce((a, b) => (b.id < a.id ? b : a));
        return { id: first.id, url_id: first.urlId };
      }
    }
    return undefined;
  }
}
