import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../../../crawler/config/index.ts';
import { contentHash, encodeSignature, markdownText, minhashSignature } from '../../../../crawler/dedup/index.ts';
import { makeExcerpt, readingTime, tagSlug } from '../../../../crawler/enrich/index.ts';
import { wordListsFor } from '../../../../crawler/text/index.ts';
import { processImage, variantFileName, type ImageVariant } from '../../../../crawler/images/index.ts';
import { mediaEntryCounter, recordStagedImage } from '../../../../crawler/media/staged.ts';
import { readMediaStore } from '../../../../crawler/media/store-file.ts';
import type { SitePaths } from '../../../../crawler/paths.ts';
import { FolderAllocator } from '../../../../crawler/publish/folders.ts';
import { planPublication, writePublishing } from '../../../../crawler/publish/index.ts';
import { articleTerms } from '../../../../crawler/publish/related.ts';
import { insertArticle, setArticleImage, type LeadImage } from '../../../../crawler/store/articles.ts';
import { bandingFor, refreshBands } from '../../../../crawler/store/near-duplicates.ts';
import { recordRun } from '../../../../crawler/store/runs.ts';
import { activeSources, syncSources } from '../../../../crawler/store/sources.ts';
import { openUpgradedState } from '../../../../crawler/upgrade/index.ts';
import { syncTopics } from '../../../../crawler/store/topics.ts';
import { discoverUrl, markExtracted, markFetched } from '../../../../crawler/store/url-state.ts';
import { recordOccurrence } from '../../../../crawler/store/urls.ts';
import { canonicalUrl, normalizedUrl } from '../../../../crawler/url/index.ts';
import { renderLeadImage } from '../../demo/images.ts';
import { createRandom, deriveSeed } from '../../lib/random.ts';
import { slugify } from '../../../../crawler/text/slug.ts';
import { articleBody, headline, personName, sentence } from '../../lib/synthetic-prose.ts';
import { TOPIC_SITES } from './sample-web-articles.ts';
import { storyBank, storyRootOf } from './synthetic-stories.ts';

// bench:longevity reaches a size by writing the site's history directly, the way runs write it,
// without fetching and extracting each page (which would take hours at 100,000 articles): each
// generated run opens the crawler's state, stores its articles through the store's own
// functions (URL found in a feed, fetched, extracted, stored with its MinHash bands and terms),
// saves their lead images into media/ period folders, publishes them with the real publisher
// (period folders, slugs, pages, related articles), records the run and closes, which writes the
// run's segment. The caller commits each run.
//
// Lead images: a pool of sample-web images put through the crawler's own image processing
// (WebP at every configured width), each article's copy made unique by a trailer of 16 bytes
// after the image data, so every article adds files of real size that git stores separately.
// On a site whose lead images are in the bucket (data/media/store.json), a run names them in the
// media manifest as a crawl does once it has uploaded them; with no bucket here, their bytes are
// not kept.

export interface HistoryOptions {
  paths: SitePaths;
  config: Config;
  /** Global number of the first article to write (articles are numbered across the whole history). */
  first: number;
  count: number;
  /** Simulated time of article 0; article n is stored n × spacingMs later. */
  startMs: number;
  spacingMs: number;
  images: ImagePool;
}

export interface ImagePool {
  /** Variants of each pooled image, widest last. */
  sets: ImageVariant[][];
  width: number;
  height: number;
}

const IMAGE_POOL = 12;
const HISTORY_SEED = 7;

export async function imagePool(config: Config): Promise<ImagePool> {
  const sets: ImageVariant[][] = [];
  let size = { width: 0, height: 0 };
  for (let k = 0; k < IMAGE_POOL; k++) {
    const caption = `Archive picture ${k + 1} for the longevity benchmark`;
    const source = await renderLeadImage({ path: '', url: '', format: k % 2 ? 'webp' : 'jpeg', alt: caption, width: 1200, height: 630, caption, seed: `history-${k}` }, 'Gleaner history');
    const processed = await processImage(source, { widths: config.images.widths, maxPixels: config.images.maxPixels, maxBytes: config.images.maxBytes, formats: config.images.formats });
    if (!processed.ok) throw new Error(`the image pool could not be made: ${processed.failure.message}`);
    sets.push(processed.variants);
    size = { width: processed.width, height: processed.height };
  }
  return { sets, ...size };
}

/** Stores, publishes and saves articles first … first + count - 1 as one run; returns the run's simulated time. */
export async function writeHistoryRun(options: HistoryOptions): Promise<number> {
  const { paths, config } = options;
  const nowMs = options.startMs + (options.first + options.count - 1) * options.spacingMs;
  const now = new Date(nowMs).toISOString();
  const db = await openUpgradedState(paths, { nowMs, nearDuplicateThreshold: config.quality.nearDuplicateThreshold });
  try {
    const topics = syncTopics(db, config);
    syncSources(db, config, topics);
    const sources = activeSources(db);
    const stop = wordListsFor('en').stop;
    const inBucket = readMediaStore(paths) === 'bucket';
    const media = new FolderAllocator(mediaEntryCounter(paths));
    const stored: number[] = [];
    for (let n = options.first; n < options.first + options.count; n++) {
      const t = n % TOPIC_SITES.length;
      const { topic, host, bank } = TOPIC_SITES[t]!;
      const topicRow = topics.get(topic);
      if (!topicRow) throw new Error(`the config has no topic "${topic}"`);
      const source = sources.find((s) => s.topic_id === topicRow.id) ?? null;
      const random = createRandom(deriveSeed(HISTORY_SEED, n, t));
      // Numbered, as real headlines rarely repeat: a title taken a hundred times would make its slug probe a hundred times.
      const subjects = storyBank(bank, storyRootOf(n, TOPIC_SITES.length));
      const title = `${headline(subjects, random)} (${n})`;
      const body = articleBody(subjects, random, { targetWords: random.int(600, 1200), sourceUrl: `https://${host}` });
      const text = markdownText(body.markdown);
      const url = normalizedUrl(`http://${host}/archive/${n}/${slugify(title, { maxLength: 60 })}`);
      const storedMs = options.startMs + n * options.spacingMs;
      const at = new Date(storedMs).toISOString();
      const published = new Date(storedMs - random.int(1, 48) * 3_600_000).toISOString();
      const description = sentence(subjects, random);
      const tags = random.sample(bank.tags, 3);

      const { id: urlId } = discoverUrl(db, { url, topicId: topicRow.id, sourceId: source?.id ?? null, hintTitle: title, hintPublished: published }, at);
      recordOccurrence(db, { urlId, sourceId: source?.id ?? null, postId: null, context: 'feed', inQuote: false }, at);
      markFetched(db, urlId, { httpStatus: 200, finalUrl: url, redirects: [] }, at);
      const articleId = insertArticle(
        db,
        {
          urlId,
          topicId: topicRow.id,
          title,
          description,
          excerpt: makeExcerpt(description, text),
          author: personName(random),
          publishedAt: published,
          modifiedAt: null,
          fetchedAt: at,
          lang: 'en',
          siteName: host,
          favicon: `http://${host}/favicon.svg`,
          sourceUrl: url,
          canonicalUrl: canonicalUrl(url),
          image: null,
          wordCount: body.words,
          readingTime: readingTime(body.words),
          markdown: body.markdown,
          contentHash: contentHash(text),
          minhash: encodeSignature(minhashSignature(text)),
          strategy: 'readability',
          tags,
          terms: [...articleTerms(title, text, stop)],
        },
        tags.map((name) => ({ slug: tagSlug(name), name })),
      );
      markExtracted(db, urlId, at);
      if (!random.chance(0.12)) setArticleImage(db, articleId, saveUniqueImage(paths, media, options.images, n, at, url, inBucket ? articleId : null));
      stored.push(articleId);
    }
    refreshBands(db, stored, bandingFor(config.quality.nearDuplicateThreshold));

    const everything = { ...config, publish: { ...config.publish, perTopicPerRun: options.count } };
    const plan = planPublication(db, everything, paths, topics, now);
    if (plan.total > 0) db.save();
    writePublishing(db, paths, now);
    recordRun(db, { startedAt: now, finishedAt: now, status: 'complete', stats: { generated: options.count } });
    db.save();
  } finally {
    db.close();
  }
  return nowMs;
}

/** `bucketArticle`: the article's id when its images go to the bucket (named in the manifest, not written); null keeps them in media/. */
function saveUniqueImage(paths: SitePaths, media: FolderAllocator, pool: ImagePool, n: number, at: string, pageUrl: string, bucketArticle: number | null): LeadImage {
  const set = pool.sets[n % pool.sets.length]!;
  const trailer = createHash('sha256').update(`history-image-${n}`).digest().subarray(0, 16);
  const datas = set.map((v) => Buffer.concat([v.data, trailer]));
  const hash = createHash('sha256').update(datas[datas.length - 1]!).digest('hex');
  const dir = media.place(bucketArticle === null ? paths.media : paths.mediaStaging, at, set.length);
  if (bucketArticle === null) mkdirSync(dir, { recursive: true });
  const variants = set.map((v, i) => {
    const name = variantFileName(hash, v.width, v.format);
    if (bucketArticle === null) writeFileSync(join(dir, name), datas[i]!);
    return { src: `/media/${name}`, width: v.width, format: v.format };
  });
  if (bucketArticle !== null) recordStagedImage(paths, dir, { variants }, bucketArticle, (name) => datas[variants.findIndex((v) => v.src === `/media/${name}`)]!);
  return { src: variants[variants.length - 1]!.src, alt: 'Archive picture', width: pool.width, height: pool.height, variants, original: new URL('/images/lead.jpg', pageUrl).href };
}
