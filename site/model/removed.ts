import type { Routes } from './urls.ts';

// Removed articles (npm run remove). Their old address keeps answering: the build renders a
// short "removed at the request of the rights holder" page there (site/pages/[...removed].astro),
// never the article, its AMP page or any list naming it. A static host answers such a page with
// 200; a CDN can answer 410 Gone instead: the build writes the paths (dist/.gleaner/gone.json, in
// the import format of a CloudFront KeyValueStore) and a CloudFront viewer-response function that
// turns the status of those paths into 410 and keeps the page as its body (README: One URL in, one URL out).

export interface RemovedPage {
  /** "<topic>/<slug>": the article's old id. */
  id: string;
  /** ISO time of the removal. */
  removedAt: string;
}

/** Every path a removed article answered at (its page and AMP page, with and without index.html). */
export function gonePaths(removed: RemovedPage[], routes: Routes): string[] {
  return removed.flatMap((r) => [routes.article(r.id), routes.amp(r.id)]).flatMap((p) => [p, `${p}index.html`]);
}

/** The paths as a CloudFront KeyValueStore import file ({"data": [{"key", "value"}]}; value: the removal's date). */
export function goneKeyValueStore(removed: RemovedPage[], routes: Routes): { data: Array<{ key: string; value: string }> } {
  return { data: removed.flatMap((r) => gonePaths([r], routes).map((key) => ({ key, value: r.removedAt.slice(0, 10) }))) };
}

/** A CloudFront Function (runtime 2.0, viewer response) that answers 410 for the paths in its associated KeyValueStore. */
export const GONE_FUNCTION = `import cf from 'cloudfront';

// Gleaner: removed articles answer 410 Gone with their "removed" page as the body.
// Associate the KeyValueStore imported from gone.json with this function (README: One URL in, one URL out).
const kvs = cf.kvs();

async function handler(event) {
  const response = event.response;
  if (response.statusCode === 200 && (await kvs.exists(event.request.uri))) {
    response.statusCode = 410;
    response.statusDescription = 'Gone';
  }
  return response;
}
`;
