import { createRandom, deriveSeed, type Random } from '../../lib/random.ts';
import type { TopicBank } from '../../lib/synthetic-prose.ts';

// Stories in the generated history, as news has them: most articles tell something no other does,
// some retell a story a few hours old (another outlet, a follow-up), so stories of two to a few
// dozen tellings form. Each story has its own subjects (made-up names in place of the topic
// bank's nouns): tellings of one story share them and group; articles of other stories share only
// the topic's common words and, as on a real site, mostly do not. Without this every article of a
// topic drew on one small vocabulary and the publisher grouped them all into one story per topic.

const SEED = 4242;
/** The share of articles that retell an earlier story. */
const RETELL = 0.35;
/** How far back (in articles of the same topic) a retold story may be. */
const BACK = 60;
const SYLLABLES = ['ka', 'lo', 'mir', 'ven', 'tal', 'dor', 'sil', 'rum', 'bex', 'quo', 'nar', 'pel', 'zin', 'hal', 'tor', 'vas', 'lin', 'mek', 'sor', 'fen', 'gri', 'ost', 'ula', 'bre'];

/**
 * The first article of article `n`'s story (n itself for a new story). Articles are numbered
 * across the history and spread over `topics` topics in turn (n % topics), so a retelling steps
 * back by a multiple of `topics`: the same topic.
 */
export function storyRootOf(n: number, topics: number): number {
  let at = n;
  for (;;) {
    const random = createRandom(deriveSeed(SEED, at));
    if (!random.chance(RETELL)) return at;
    const earlier = at - topics * random.int(1, BACK);
    if (earlier < 0) return at;
    at = earlier;
  }
}

function madeUpWord(random: Random): string {
  let word = '';
  for (let i = 0, n = random.int(2, 3); i < n; i++) word += random.pick(SYLLABLES);
  return word;
}

/** The topic's bank with the story's own subjects in place of its nouns. */
export function storyBank(bank: TopicBank, root: number): TopicBank {
  const random = createRandom(deriveSeed(SEED + 1, root));
  return { ...bank, nouns: Array.from({ length: 4 }, () => `${madeUpWord(random)} ${madeUpWord(random)}`) };
}
