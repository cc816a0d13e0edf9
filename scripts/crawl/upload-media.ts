import { existsSync } from 'node:fs';
import type { SitePaths } from '../../crawler/paths.ts';
import { mediaBucketFromEnv } from '../media/from-env.ts';
import { uploadStaged } from '../media/upload-staged.ts';

/**
 * The crawl's last step for a site whose lead images live in the bucket: upload what the run (or
 * an earlier one whose upload failed) staged in .gleaner/media/. A failure is a warning, never a
 * lost image: the files stay staged until a run uploads them (the workflow keeps them in its cache
 * and deploys nothing that would point at them meanwhile). Returns the line to print.
 */
export async function uploadStagedMedia(paths: SitePaths, env: Record<string, string | undefined>): Promise<{ message: string; warning: boolean } | null> {
  if (!existsSync(paths.mediaStaging)) return null;
  try {
    const bucket = mediaBucketFromEnv(env);
    try {
      const { uploaded, staged } = await uploadStaged(paths, bucket);
      if (staged) return { message: `warning: ${staged} lead image file(s) are not in the bucket yet; they stay in .gleaner/media/ for the next run`, warning: true };
      return uploaded ? { message: `${uploaded} lead image file(s) uploaded to the bucket`, warning: false } : null;
    } finally {
      bucket.close();
    }
  } catch (error) {
    return { message: `warning: lead images not uploaded, they stay in .gleaner/media/ for the next run: ${(error as Error).message}`, warning: true };
  }
}
