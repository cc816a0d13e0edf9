import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeSignature, markdownText, NearDuplicateIndex, type Banding } from '../dedup/index.ts';
import { slugNumberVariants, tagSlug } from '../enrich/index.ts';
import type { RejectReason } from '../errors.ts';
import type { ArticleCandidate } from '../process/process-page.ts';
import { CARRIED_FIELDS, type ArticleRecord, type CarriedField } from '../article/schema.ts';
import { readArticleBody } from '../publish/article-file.ts';
import type { Database } from '../store/database.ts';
import { articleByContentHash, articleById, articleByUrl, insertArticle, deleteArticle, tagsBySlug } from '../store/articles.ts';
import { refreshBands, signaturesSharingBands } from '../store/near-duplicates.ts';
import { wordListsFor } from '../text/index.ts';
import { articleTerms } from '../publish/related.ts';
import { markExtracted, markRejected } from '../store/url-state.ts';
import { noteSourceNames } from '../store/source-names.ts';
import { sourceHost } from '../url/source-host.ts';
import type { UrlRow } from '../store/urls.ts';
import { canonicalUrl, normalizeUrl, type UrlPolicy } from '../url/index.ts';

export type Acceptance =
  | { accepted: true; articleId: number; displaced: number[] }
  | { accepted: false; reason: RejectReason; duplicateOfUrl: number; detail: string };

export interface Match {
  articleId: number;
  urlId: number;
  reason: RejectReason;
  detail: string;
}

/** What the duplicate checks need besides the page: the site's root (published bodies are in their files) and the near-duplicate settings. */
export interface DedupSettings {
  root: string;
  threshold: number;
  banding: Banding;
}

/**
 * Decides whether a processed page becomes a stored article. Exact duplicates by canonical
 * URL, then by normalized-text hash, then near-duplicates by MinHash/LSH. The earlier article
 * wins: earlier by the source's publication date when a stored twin is not yet published
 * (pages arrive in any order within a run), otherwise the one stored first. Synchronous on
 * purpose: no other page can slip in between check and insert. Every lookup goes through an
 * index of the state, so a check costs the same on a site of any size.
 */
export function acceptArticle(
  db: Database,
  row: UrlRow,
  finalUrl: string,
  candidate: ArticleCandidate,
  dedup: DedupSettings,
  policy: UrlPolicy,
  now: string,
): Acceptance {
  const canonical = canonicalOf(candidate, finalUrl, policy);
  const displaced: number[] = [];

  // A bounded loop: each pass either rejects the candidate or displaces one unpublished twin.
  for (let pass = 0; pass < 8; pass++) {
    const match = findMatch(db, candidate, canonical, finalUrl, dedup);
    if (!match) break;
    if (!displaces(db, candidate, match)) {
      markRejected(db, row.id, match.reason, match.detail, now, match.urlId);
      return { accepted: false, reason: match.reason, duplicateOfUrl: match.urlId, detail: match.detail };
    }
    db.transaction(() => {
      deleteArticle(db, match.articleId, { onlyReady: true });
      markRejected(db, match.urlId, match.reason, `${match.reason === 'near_duplicate' ? 'similar to' : 'same as'} the earlier #${row.id}`, now, row.id);
    });
    displaced.push(match.urlId);
  }

  const articleId = db.transaction(() => {
    const id = insertArticle(
      db,
      {
        ...carriedFields(candidate),
        urlId: row.id,
        topicId: row.topic_id,
        fetchedAt: now,
        sourceUrl: finalUrl,
        canonicalUrl: canonical,
        image: null,
        terms: [...articleTerms(candidate.title, candidate.text, wordListsFor(candidate.lang).stop)],
        minhash: encodeSignature(candidate.minhash),
      },
      fileTags(db, candidate.tags),
    );
    markExtracted(db, row.id, now);
    const host = sourceHost(finalUrl);
    if (host) noteSourceNames(db, host, candidate.names);
    return id;
  });
  refreshBands(db, [articleId], dedup.banding);
  return { accepted: true, articleId, displaced };
}

/**
 * The stored article a candidate duplicates (the first one acceptArticle would meet), and whether
 * the candidate would take its place instead of being rejected. Reads only: for --explain.
 */
export function findDuplicate(db: Database, candidate: ArticleCandidate, finalUrl: string, dedup: DedupSettings, policy: UrlPolicy): (Match & { displaces: boolean }) | null {
  const match = findMatch(db, candidate, canonicalOf(candidate, finalUrl, policy), finalUrl, dedup);
  return match ? { ...match, displaces: displaces(db, candidate, match) } : null;
}

function canonicalOf(candidate: ArticleCandidate, finalUrl: string, policy: UrlPolicy): string {
  const declared = candidate.canonicalUrl ? normalizeUrl(candidate.canonicalUrl, { base: finalUrl, policy }) : null;
  return declared?.ok ? canonicalUrl(declared.url) : canonicalUrl(finalUrl);
}

/** An unpublished twin dated later than the candidate gives way to it. */
function displaces(db: Database, candidate: ArticleCandidate, match: Match): boolean {
  const twin = articleById(db, match.articleId)!;
  return twin.status === 'ready' && isEarlier(candidate.publishedAt, twin.published_at);
}

function findMatch(db: Database, candidate: ArticleCandidate, canonical: string, finalUrl: string, dedup: DedupSettings): Match | null {
  const sameUrl = articleByUrl(db, [canonical, finalUrl, canonicalUrl(finalUrl)]);
  if (sameUrl) return { articleId: sameUrl.id, urlId: sameUrl.url_id, reason: 'duplicate_url', detail: `same canonical URL as #${sameUrl.url_id}` };
  const sameText = articleByContentHash(db, candidate.contentHash);
  if (sameText) return { articleId: sameText.id, urlId: sameText.url_id, reason: 'duplicate_content', detail: `same text as #${sameText.url_id}` };
  // Only the articles sharing a band with this page can be its near-duplicates: an index of those
  // few, their text compared (for estimates near the threshold) from their Markdown.
  const near = NearDuplicateIndex.from(signaturesSharingBands(db, candidate.minhash, dedup.banding), dedup.threshold);
  const similar = near.find(candidate.minhash, markdownText(candidate.markdown), (id) => storedText(db, dedup.root, id));
  if (!similar) return null;
  const urlId = articleById(db, similar.id)!.url_id;
  return { articleId: similar.id, urlId, reason: 'near_duplicate', detail: `${Math.round(similar.similarity * 100)}% similar to #${urlId}` };
}

/** What the page gives the stored article as it is (article/schema.ts CARRIED_FIELDS). */
function carriedFields(candidate: ArticleCandidate): Pick<ArticleRecord, CarriedField> {
  return Object.fromEntries(CARRIED_FIELDS.map((field) => [field, candidate[field]])) as Pick<ArticleRecord, CarriedField>;
}

/** The text of a stored article: from its Markdown, kept in the state until published, then in its file. */
function storedText(db: Database, root: string, id: number): string | undefined {
  const article = articleById(db, id);
  if (!article) return undefined;
  if (article.markdown !== null) return markdownText(article.markdown);
  if (!article.file) return undefined;
  try {
    return markdownText(readArticleBody(readFileSync(join(root, article.file), 'utf8')));
  } catch {
    return undefined;
  }
}

/** True only when both dates are known and a is strictly earlier: unknown dates never displace anything. */
function isEarlier(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isFinite(ta) && Number.isFinite(tb) && ta < tb;
}

/**
 * The article's tags as the state files them: one per slug, and a tag whose singular or plural
 * already has a tag ("projects" where "project" exists) filed under that one, the one most
 * articles carry: one concept, one tag page.
 */
export function fileTags(db: Database, tags: string[]): Array<{ slug: string; name: string }> {
  const seen = new Map<string, string>();
  for (const name of tags) {
    let slug = tagSlug(name);
    if (!slug) continue;
    const variants = slugNumberVariants(slug);
    // Two forms in one article ("heat pumps" from the topic's keywords, "heat pump" from the text): the first stands.
    if (variants.some((v) => seen.has(v))) continue;
    const existing = tagsBySlug(db, variants).sort((a, b) => b.articles - a.articles || (a.slug === slug ? -1 : b.slug === slug ? 1 : 0))[0];
    let shown = name;
    if (existing) ({ slug, name: shown } = existing);
    if (!seen.has(slug)) seen.set(slug, shown);
  }
  return [...seen].map(([slug, name]) => ({ slug, name }));
}
