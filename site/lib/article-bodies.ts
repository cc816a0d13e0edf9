// Rendered article bodies, kept in this process's memory instead of Astro's data store. The
// store is bundled into the build as one JavaScript module and parsed whole: with the bodies of
// 10,000 articles in it that module was ~100 MB, and the build held ~2 GB of heap (and spent
// seconds collecting it) before rendering a page. The content loader (article-loader.ts) fills
// this map while Astro syncs content; the pages, rendered later in the same process, read it.
// Both sides load this file through different module graphs (Vite's, then the prerender
// bundle), so the map hangs off globalThis under a registered symbol.

const KEY = Symbol.for('gleaner.articleBodies');

export function articleBodies(): Map<string, string> {
  const holder = globalThis as typeof globalThis & { [KEY]?: Map<string, string> };
  holder[KEY] ??= new Map();
  return holder[KEY];
}

/** The body of article `id`, rendered by this process's content sync. */
export function articleBody(id: string): string {
  const html = articleBodies().get(id);
  if (html === undefined) throw new Error(`no rendered body for article ${id}: the content loader did not run in this process`);
  return html;
}
