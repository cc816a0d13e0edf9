import { resolve, join } from 'node:path';

/**
 * Where a site's files live. The real site uses the repository root; the demo uses
 * `.demo/` with the same layout, so one code path serves both.
 */
export interface SitePaths {
  root: string;
  content: string;
  data: string;
  database: string;
  /** Processed lead images, copied into dist/ by the build. */
  media: string;
  dist: string;
}

export function sitePaths(root = process.env.GLEANER_ROOT ?? '.'): SitePaths {
  const abs = resolve(root);
  return {
    root: abs,
    content: join(abs, 'content'),
    data: join(abs, 'data'),
    database: join(abs, 'data', 'site.sqlite'),
    media: join(abs, 'media'),
    dist: join(abs, 'dist'),
  };
}
