import { createHash } from 'node:crypto';
import { mkdir, writeFile, access } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { stringify } from 'yaml';
import type { FrontmatterInput } from '../../../crawler/publish/frontmatter.ts';
import type { UserConfig } from '../../../crawler/config/index.ts';
import { createRandom, deriveSeed, type Random } from './random.ts';
import { slugify } from '../../../crawler/text/slug.ts';
import { TOPIC_BANKS, articleBody, headline, personName, sentence, type TopicBank } from './synthetic-prose.ts';

// Writes a site's content/ and media/ the way the publisher would, from a seed. Article i
// depends only on (seed, i), never on the total: generating 45 articles writes the same
// first 35 files as generating 35, plus 10 newer ones; that is how tests simulate a new run.

export interface SyntheticOptions {
  articles: number;
  topics: number;
  seed?: number;
  /** Must match the config's publish.pageSize (page = floor(position / pageSize) + 1). */
  pageSize?: number;
  /** publishedOnSite of the first article (ISO); later ones follow every ~2 hours. */
  start?: string;
}

export interface SyntheticTopic {
  slug: string;
  name: string;
  description: string;
}

const SOURCES = [
  { host: 'meridian-post.example', name: 'The Meridian Post' },
  { host: 'northlight.example', name: 'Northlight Review' },
  { host: 'fieldnotes.example', name: 'Field Notes' },
  { host: 'harbour-daily.example', name: 'Harbour Daily' },
  { host: 'long-read.example', name: 'The Long Read' },
  { host: 'quarterly.example', name: 'Ember Quarterly' },
];

const IMAGE_POOL = 24;
const IMAGE_WIDTHS = [320, 640, 1024];
const TITLE_PREFIXES = ['', '', '', '', '', 'Q&A: ', 'Analysis: ', '“Explainer”: '];

function bankFor(index: number): TopicBank {
  const base = TOPIC_BANKS[index % TOPIC_BANKS.length];
  const round = Math.floor(index / TOPIC_BANKS.length);
  if (round === 0) return base;
  return { ...base, slug: `${base.slug}-${round + 1}`, name: `${base.name} ${round + 1}` };
}

/** The topics `writeSyntheticSite` uses, in order, for building a matching config. */
export function syntheticTopics(count: number): SyntheticTopic[] {
  return Array.from({ length: count }, (_, i) => {
    const bank = bankFor(i);
    return { slug: bank.slug, name: bank.name, description: bank.description };
  });
}

/** A minimal valid config for a synthetic site (pass it through parseConfig). */
export function syntheticConfig(options: { topics: number; pageSize?: number; url?: string; title?: string }): UserConfig {
  return {
    site: {
      title: options.title ?? 'Gleaner Test News',
      url: options.url ?? 'https://news.example.com',
      description: 'Synthetic articles for testing the Gleaner site.',
      language: 'en',
      legal: { owner: 'Gleaner Test', email: 'hello@news.example.com', dmcaEmail: 'dmca@news.example.com', jurisdiction: 'England and Wales' },
    },
    topics: syntheticTopics(options.topics).map((t) => ({ ...t, sources: [`https://${t.slug}.example/feed.xml`] })),
    publish: { pageSize: options.pageSize ?? 10 },
  };
}

function imageHash(seed: number, k: number): string {
  return createHash('sha1').update(`gleaner-synthetic:${seed}:${k}`).digest('hex').slice(0, 16);
}

function imageSvg(random: Random): string {
  const hue = random.int(0, 359);
  const a = `hsl(${hue},55%,45%)`;
  const b = `hsl(${(hue + 40) % 360},60%,70%)`;
  const circles = Array.from({ length: 4 }, () => `<circle cx="${random.int(0, 1024)}" cy="${random.int(0, 576)}" r="${random.int(40, 220)}" fill="#fff" fill-opacity="0.18"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="576"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="1024" height="576" fill="url(#g)"/>${circles}</svg>`;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function writeImage(mediaDir: string, seed: number, k: number): Promise<void> {
  const hash = imageHash(seed, k);
  if (await exists(join(mediaDir, `${hash}-1024.webp`))) return;
  const png = await sharp(Buffer.from(imageSvg(createRandom(deriveSeed(seed, k, 7))))).png().toBuffer();
  await Promise.all(IMAGE_WIDTHS.map((w) => sharp(png).resize(w).webp({ quality: 50, effort: 0 }).toFile(join(mediaDir, `${hash}-${w}.webp`))));
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

interface Generated {
  path: string;
  text: string;
  imageIndex: number | null;
}

export async function writeSyntheticSite(root: string, options: SyntheticOptions): Promise<void> {
  const seed = options.seed ?? 1;
  const pageSize = options.pageSize ?? 10;
  const start = Date.parse(options.start ?? '2024-03-01T06:00:00Z');
  const topics = Array.from({ length: options.topics }, (_, i) => bankFor(i));
  const slugsByTopic = new Map<string, Set<string>>(topics.map((t) => [t.slug, new Set()]));
  const idsByTopic = new Map<string, string[]>(topics.map((t) => [t.slug, []]));
  const files: Generated[] = [];

  for (let i = 0; i < options.articles; i++) {
    const random = createRandom(deriveSeed(seed, i));
    const bank = topics[i % topics.length];
    const position = idsByTopic.get(bank.slug)!.length;
    const title = random.pick(TITLE_PREFIXES) + headline(bank, random);
    let slug = slugify(title, { maxLength: 70 }) || `article-${i + 1}`;
    const taken = slugsByTopic.get(bank.slug)!;
    for (let n = 2; taken.has(slug); n++) slug = `${slugify(title, { maxLength: 70 })}-${n}`;
    taken.add(slug);

    const source = random.pick(SOURCES);
    const onSite = start + i * 2 * 3_600_000 + random.int(0, 99) * 60_000;
    const published = onSite - random.int(1, 48) * 3_600_000;
    const date = new Date(published);
    const url = `https://${source.host}/${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${slug}`;
    const hasImage = !random.chance(0.12);
    const imageIndex = hasImage ? i % IMAGE_POOL : null;
    const hash = imageIndex === null ? '' : imageHash(seed, imageIndex);
    const alt = `${bank.nouns[i % bank.nouns.length]} photographed for ${source.name}`;
    const related = random.sample(idsByTopic.get(bank.slug)!.slice(-30), 3);
    const body = articleBody(bank, random, {
      targetWords: random.int(620, 1450),
      inlineImage: hasImage && random.chance(0.3) ? { src: `/media/${hash}-640.webp`, alt } : null,
      sourceUrl: `https://${source.host}`,
    });
    const tags = random.sample(bank.tags, random.int(2, 5));

    const frontmatter: FrontmatterInput = {
      id: i + 1,
      title,
      description: `${sentence(bank, random)} ${sentence(bank, random)}`,
      url,
      canonical: url,
      author: random.chance(0.1) ? null : personName(random),
      published: iso(published),
      modified: random.chance(0.2) ? iso(published + random.int(1, 20) * 3_600_000) : null,
      fetched: iso(onSite - random.int(5, 50) * 60_000),
      lang: i % 11 === 10 ? 'en-GB' : 'en',
      tags,
      image: hasImage
        ? {
            src: `/media/${hash}-1024.webp`,
            alt,
            width: 1024,
            height: 576,
            variants: IMAGE_WIDTHS.map((w) => ({ src: `/media/${hash}-${w}.webp`, width: w, format: 'webp' })),
            original: `https://${source.host}/images/${hash}.jpg`,
          }
        : null,
      siteName: source.name,
      favicon: `https://${source.host}/favicon.ico`,
      topic: bank.slug,
      page: Math.floor(position / pageSize) + 1,
      position,
      publishedOnSite: iso(onSite),
      wordCount: body.words,
      readingTime: Math.max(1, Math.round(body.words / 230)),
      related,
    };
    idsByTopic.get(bank.slug)!.push(`${bank.slug}/${slug}`);
    files.push({
      path: join(root, 'content', bank.slug, `${slug}.md`),
      text: `---\n${stringify(frontmatter, { lineWidth: 0 })}---\n\n${body.markdown}\n`,
      imageIndex,
    });
  }

  const mediaDir = join(root, 'media');
  await mkdir(mediaDir, { recursive: true });
  for (const topic of topics) await mkdir(join(root, 'content', topic.slug), { recursive: true });
  const images = [...new Set(files.map((f) => f.imageIndex).filter((k): k is number => k !== null))];
  await Promise.all(images.map((k) => writeImage(mediaDir, seed, k)));
  const batch = 64;
  for (let i = 0; i < files.length; i += batch) {
    await Promise.all(files.slice(i, i + batch).map((f) => writeFile(f.path, f.text)));
  }
}
