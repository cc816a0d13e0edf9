import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { slugify } from '../../../../crawler/text/slug.ts';
import { createRandom, deriveSeed } from '../../lib/random.ts';
import { TOPIC_BANKS, articleBody, headline, personName, sentence, type TopicBank } from '../../lib/synthetic-prose.ts';
import { storyBank, storyRootOf } from './synthetic-stories.ts';

// New articles for the sample web (scripts/dev/demo), written as its article files so that feeds,
// pages and lead images are served exactly as the demo serves them: what the benches that run
// real crawls (bench:git-growth, bench:longevity) give the crawler to find. Article n depends
// only on n, and each is newer than article n - 1.

/** The demo config's three topics, the sample-web site that carries each, and the prose to write. */
export const TOPIC_SITES: ReadonlyArray<{ topic: string; site: string; host: string; bank: TopicBank }> = [
  { topic: 'space', site: 'orbitalnotes', host: 'orbitalnotes.test', bank: TOPIC_BANKS[0]! },
  { topic: 'climate', site: 'greenledger', host: 'greenledger.test', bank: TOPIC_BANKS[3]! },
  { topic: 'software', site: 'bytesmith', host: 'bytesmith.test', bank: TOPIC_BANKS[1]! },
];

export interface SampleArticlesOptions {
  /** Folder the sample web reads (startSampleWeb({ articlesDir })). */
  dir: string;
  /** Numbers of the articles to write: [from, from + count). */
  from: number;
  count: number;
  /** Date of article 0; article n is n × spacingMs later. */
  startMs: number;
  spacingMs: number;
}

/** Writes articles `from … from + count - 1`, spread over the three topics in turn. */
export function writeSampleWebArticles(options: SampleArticlesOptions): void {
  for (let n = options.from; n < options.from + options.count; n++) {
    const t = n % TOPIC_SITES.length;
    const { topic, site, bank } = TOPIC_SITES[t]!;
    const random = createRandom(deriveSeed(2024, n, t));
    const subjects = storyBank(bank, storyRootOf(n, TOPIC_SITES.length));
    const title = headline(subjects, random);
    const body = articleBody(subjects, random, { targetWords: random.int(600, 1200), sourceUrl: `https://${site}.test` });
    const date = new Date(options.startMs + n * options.spacingMs);
    const frontmatter = { title, site, author: personName(random), date: date.toISOString(), summary: sentence(subjects, random), tags: random.sample(bank.tags, 3) };
    mkdirSync(join(options.dir, topic), { recursive: true });
    writeFileSync(join(options.dir, topic, `${String(n).padStart(6, '0')}-${slugify(title, { maxLength: 50 })}-${n}.md`), `---\n${stringify(frontmatter)}---\n${body.markdown}\n`);
  }
}
