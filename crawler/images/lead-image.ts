import type { Config } from '../config/index.ts';
import { fetchProblem, type Fetcher } from '../fetch/index.ts';
import { processImage, saveImage } from './index.ts';
import type { LeadImage } from '../store/articles.ts';
import { normalizeUrl, type UrlPolicy } from '../url/index.ts';

export type LeadImageOutcome = { ok: true; image: LeadImage } | { ok: false; detail: string };

/**
 * Downloads an article's lead image, checks and resizes it, and stores the variants under
 * media/ named by content hash. Any failure means the article has no image, never a broken one.
 */
export async function fetchLeadImage(
  fetcher: Fetcher,
  config: Config,
  mediaDir: string,
  policy: UrlPolicy,
  source: { url: string; alt: string | null },
): Promise<LeadImageOutcome> {
  const normalized = normalizeUrl(source.url, { policy });
  if (!normalized.ok) return { ok: false, detail: `${normalized.code}: ${normalized.message}` };
  const response = await fetcher.fetch({ url: normalized.url, kind: 'image', maxBytes: config.images.maxBytes });
  if (response.type !== 'ok') return { ok: false, detail: fetchProblem(response) };
  const processed = await processImage(response.body, { widths: config.images.widths, maxPixels: config.images.maxPixels, maxBytes: config.images.maxBytes, formats: config.images.formats });
  if (!processed.ok) return { ok: false, detail: `${processed.failure.code}: ${processed.failure.message}` };
  const files = await saveImage(mediaDir, processed);
  const webp = files.filter((f) => f.format === 'webp').sort((a, b) => b.width - a.width);
  const largest = webp[0] ?? files[0];
  if (!largest) return { ok: false, detail: 'no image variants were written' };
  return {
    ok: true,
    image: {
      src: `/media/${largest.src}`,
      alt: source.alt ?? '',
      width: processed.width,
      height: processed.height,
      variants: files.map((f) => ({ src: `/media/${f.src}`, width: f.width, format: f.format })),
      original: normalized.url,
    },
  };
}
