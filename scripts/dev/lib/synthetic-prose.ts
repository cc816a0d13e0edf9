import { createRandom, type Random } from './random.ts';

// Believable-looking news prose from word banks and sentence templates: varied enough
// for search, excerpts, reading time and layout tests, cheap enough for 10,000 articles.
//
// The templates alone use a few hundred distinct words, so every word would be in thousands of
// articles: a search index built from that is far denser than one built from real news (a
// real 10,000-article corpus has tens of thousands of distinct words, most of them rare). Some
// templates therefore name things from a long-tail lexicon of made-up proper nouns drawn with
// Zipf frequencies, so the vocabulary grows with the corpus the way real text does.

export interface TopicBank {
  slug: string;
  name: string;
  description: string;
  nouns: string[];
  groups: string[];
  tags: string[];
  headlines: string[];
  code?: boolean;
}

export const TOPIC_BANKS: TopicBank[] = [
  {
    slug: 'science',
    name: 'Science',
    description: 'Research, discoveries and the people behind them.',
    nouns: ['telescope survey', 'gene therapy', 'climate model', 'particle detector', 'coral reef', 'exoplanet', 'soil microbiome', 'ice core', 'vaccine trial', 'fusion reactor', 'dark matter map', 'fossil record'],
    groups: ['researchers', 'astronomers', 'biologists', 'physicists', 'field teams', 'lab technicians', 'reviewers'],
    tags: ['Astronomy', 'Biology', 'Physics', 'Climate', 'Genetics', 'Oceans', 'Space', 'Fossils', 'Peer review', 'Énergie'],
    headlines: ['New {noun} data reshapes what we know about {noun2}', 'Why the {noun} surprised {group}', 'Inside the decade-long hunt for a better {noun}', 'What a failed {noun} taught {group}', 'The quiet revolution in {noun} research'],
  },
  {
    slug: 'technology',
    name: 'Technology',
    description: 'Software, hardware and the internet, explained.',
    nouns: ['browser engine', 'database index', 'compiler', 'battery pack', 'open-source library', 'build pipeline', 'chip design', 'search ranking', 'memory allocator', 'network protocol', 'package registry', 'static site'],
    groups: ['developers', 'maintainers', 'engineers', 'security teams', 'hobbyists', 'startups', 'standards bodies'],
    tags: ['Software', 'Open source', 'Security', 'Hardware', 'Web', 'Databases', 'Programming', 'C++', 'Privacy', 'Performance'],
    headlines: ['How a tiny {noun} change cut costs for {group}', 'The {noun} nobody wanted to maintain', 'A closer look at the new {noun}', 'Why {group} are rethinking the {noun}', 'Lessons from rebuilding a {noun} from scratch'],
    code: true,
  },
  {
    slug: 'culture',
    name: 'Culture',
    description: 'Books, film, music and the arts.',
    nouns: ['film festival', 'poetry prize', 'museum archive', 'jazz revival', 'translation project', 'street mural', 'novel', 'opera season', 'photo essay', 'record label', 'theatre company', 'café culture'],
    groups: ['critics', 'curators', 'readers', 'musicians', 'audiences', 'publishers', 'young artists'],
    tags: ['Books', 'Film', 'Music', 'Art', 'Theatre', 'Photography', 'Café culture', 'Museums', 'Poetry', 'Design'],
    headlines: ['The {noun} that won over {group}', 'A {noun} returns, and {group} take notice', 'What the {noun} says about {noun2}', 'The long afterlife of a forgotten {noun}', 'Notes from the {noun}'],
  },
  {
    slug: 'health',
    name: 'Health',
    description: 'Medicine, public health and everyday wellbeing.',
    nouns: ['sleep study', 'hospital network', 'nutrition guideline', 'screening programme', 'mental health service', 'drug approval', 'fitness tracker', 'clinical trial', 'allergy season', 'care home', 'walking habit', 'health record'],
    groups: ['doctors', 'nurses', 'patients', 'epidemiologists', 'carers', 'pharmacists', 'health officials'],
    tags: ['Medicine', 'Public health', 'Nutrition', 'Sleep', 'Mental health', 'Fitness', 'Ageing', 'Vaccines', 'Research', 'Hospitals'],
    headlines: ['What the latest {noun} means for {group}', 'A simple {noun} with surprising results', 'Why {group} are worried about the {noun}', 'The hidden cost of the {noun}', 'Rethinking the {noun} after a difficult year'],
  },
  {
    slug: 'business',
    name: 'Business',
    description: 'Markets, companies and the economy.',
    nouns: ['supply chain', 'interest rate', 'family business', 'shipping route', 'pension fund', 'retail chain', 'energy market', 'housing market', 'trade deal', 'small lender', 'factory floor', 'four-day week'],
    groups: ['economists', 'shop owners', 'investors', 'regulators', 'workers', 'founders', 'analysts'],
    tags: ['Economy', 'Markets', 'Startups', 'Trade', 'Jobs', 'Energy', 'Housing', 'Finance', 'Retail', 'Économie'],
    headlines: ['The {noun} that is quietly reshaping {noun2}', 'How {group} are coping with the {noun}', 'Is the {noun} about to turn?', 'Behind the numbers of the {noun}', 'A {noun} bets on the long term'],
  },
  {
    slug: 'sports',
    name: 'Sports',
    description: 'Matches, athletes and the business of sport.',
    nouns: ['youth academy', 'marathon route', 'transfer window', 'training method', 'stadium plan', 'cycling team', 'chess olympiad', 'league table', 'rowing crew', 'injury list', 'coaching staff', 'ticket price'],
    groups: ['coaches', 'fans', 'players', 'club owners', 'referees', 'scouts', 'athletes'],
    tags: ['Football', 'Cycling', 'Running', 'Tennis', 'Chess', 'Rowing', 'Olympics', 'Coaching', 'Fans', 'Stadiums'],
    headlines: ['How a {noun} changed the season for {group}', 'The {noun} everyone is talking about', 'What {group} learned from the {noun}', 'A new {noun} divides {group}', 'Inside the {noun}'],
  },
  {
    slug: 'travel',
    name: 'Travel',
    description: 'Places, journeys and how we get there.',
    nouns: ['night train', 'coastal path', 'mountain hut', 'city museum pass', 'ferry crossing', 'hostel', 'old harbour', 'rail pass', 'walking tour', 'island bus', 'border town', 'market square'],
    groups: ['travellers', 'locals', 'guides', 'hikers', 'tour operators', 'families', 'commuters'],
    tags: ['Rail', 'Hiking', 'Islands', 'Cities', 'Slow travel', 'Budget', 'Mountains', 'Coastlines', 'Food', 'Ferries'],
    headlines: ['Taking the {noun}: a slower way to see {noun2}', 'Why {group} keep returning to the {noun}', 'A weekend on the {noun}', 'The {noun} that outlived its guidebooks', 'Notes from a {noun}'],
  },
  {
    slug: 'food',
    name: 'Food',
    description: 'Cooking, farming and what ends up on the plate.',
    nouns: ['sourdough starter', 'olive harvest', 'street market', 'fermentation crock', 'school lunch', 'coffee roaster', 'heritage grain', 'spice route', 'seaweed farm', 'family recipe', 'food bank', 'tasting menu'],
    groups: ['cooks', 'farmers', 'bakers', 'diners', 'food writers', 'growers', 'chefs'],
    tags: ['Cooking', 'Baking', 'Farming', 'Coffee', 'Recipes', 'Restaurants', 'Fermentation', 'Markets', 'Crème brûlée', 'Seafood'],
    headlines: ['The {noun} that changed how {group} cook', 'In praise of the humble {noun}', 'What a {noun} tells us about {noun2}', 'How {group} saved the {noun}', 'A season with the {noun}'],
  },
];

const PLACES = ['Lisbon', 'Nairobi', 'Osaka', 'Montréal', 'Tromsø', 'Valparaíso', 'Kraków', 'Hobart', 'Tbilisi', 'Accra', 'Glasgow', 'Kyoto', 'Bergen', 'Oaxaca', 'Izmir', 'Ljubljana'];
const PEOPLE = ['Amara Osei', 'Lena Fischer', 'Tomás Rivera', 'Priya Natarajan', 'Jonas Berg', 'Mei Tanaka', 'Olusegun Bello', 'Sofia Marchetti', 'Daniel Cohen', 'Aiko Mori', 'Elif Yılmaz', 'Hugo Lefèvre', 'Nadia Haddad', 'Rhys Morgan'];
const ROLES = ['a researcher who has followed the field for two decades', 'who leads a small team', 'an independent consultant', 'who wrote the original proposal', 'a long-time critic of the approach', 'who manages the programme day to day'];
const PERIODS = ['the past year', 'the last decade', 'three seasons', 'the past eighteen months', 'a single summer', 'the last five years'];
const ADVERBS = ['steadily', 'unexpectedly', 'quietly', 'sharply', 'gradually', 'almost overnight'];
const CHANGES = ['improved', 'slowed', 'doubled', 'shifted', 'stalled', 'recovered'];
const CONNECTORS = ['Still,', 'Even so,', 'For now,', 'In practice,', 'At the same time,', 'Crucially,', 'By contrast,', 'Not everyone agrees, but'];
const HORIZONS = ['year', 'season', 'decade', 'budget cycle', 'winter', 'few months'];
const QUOTES = [
  'We assumed the hard part was behind us. It turned out to be the easy part.',
  'Nobody sets out to build something fragile; it just accumulates.',
  'The numbers are encouraging, but numbers are not the whole story.',
  'If you only measure what is convenient, you end up optimising the wrong thing.',
  'People come back because it works, not because we asked them to.',
  'It took three attempts and a lot of patience before anything held.',
];

const LEXICON_SIZE = 24_000;
const SYLLABLES = 'ba be bi bo bu da de di do du fa fe fi fo ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo za zo an el in or ar en ul ost orn ald ing ver ham ton ley ford'.split(' ');

/** Made-up names (places, projects, surveys), the same on every machine, most frequent first. */
const LEXICON: string[] = (() => {
  const random = createRandom(0x5eed);
  const seen = new Set<string>();
  const out: string[] = [];
  while (out.length < LEXICON_SIZE) {
    let word = '';
    for (let n = random.int(2, 4); n > 0; n--) word += random.pick(SYLLABLES);
    if (word.length < 5 || seen.has(word)) continue;
    seen.add(word);
    out.push(word.charAt(0).toUpperCase() + word.slice(1));
  }
  return out;
})();

/** Zipf (s = 1) over the lexicon, as word frequencies in natural text roughly follow. */
const LEXICON_CDF: Float64Array = (() => {
  const cdf = new Float64Array(LEXICON_SIZE);
  let sum = 0;
  for (let i = 0; i < LEXICON_SIZE; i++) cdf[i] = sum += 1 / (i + 1);
  for (let i = 0; i < LEXICON_SIZE; i++) cdf[i] /= sum;
  return cdf;
})();

function lexiconWord(random: Random): string {
  const x = random.next();
  let lo = 0;
  let hi = LEXICON_SIZE - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (LEXICON_CDF[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return LEXICON[lo];
}

const SENTENCES: Array<(w: Words) => string> = [
  (w) => `Locals still call the ${w.noun} "${w.term}", after the ${w.term2} works that once stood nearby.`,
  (w) => `The ${w.term} programme and the ${w.term2} survey are the two sources ${w.group} cite most often.`,
  (w) => `In ${w.place}, the ${w.term} district has become shorthand for the ${w.noun}.`,
  (w) => `${w.person} compared it with what happened at ${w.term}, and later at ${w.term2}.`,
  (w) => `A pilot run by the ${w.term} cooperative with partners in ${w.term2} is due to report next ${w.horizon}.`,
  (w) => `Over ${w.period}, the ${w.noun} has ${w.change} ${w.adverb}, and ${w.group} are still working out why.`,
  (w) => `${w.person}, ${w.role}, said the ${w.noun} was never meant to carry this much weight.`,
  (w) => `In ${w.place}, ${w.group} first noticed the pattern around ${w.year}, long before it made headlines.`,
  (w) => `The ${w.noun} depends on the ${w.noun2} more than most people realise, which makes every small change matter.`,
  (w) => `${w.connector} the evidence so far suggests the effect is real, if smaller than early reports claimed.`,
  (w) => `A report published in ${w.year} estimated that roughly ${w.percent} percent of ${w.group} had been affected.`,
  (w) => `What began as a side project in ${w.place} is now studied by ${w.group} on three continents.`,
  (w) => `Critics argue that the ${w.noun} solves yesterday's problem, while supporters point to steady gains.`,
  (w) => `For ${w.group}, the practical question is simpler: does the ${w.noun} make the next ${w.horizon} easier?`,
  (w) => `The answer, according to ${w.person}, depends on who pays for the ${w.noun2} and who benefits from it.`,
  (w) => `${w.connector} the ${w.noun2} remains the least understood part of the picture.`,
  (w) => `Several ${w.group} interviewed for this article described the change as overdue rather than radical.`,
  (w) => `Costs have ${w.change} ${w.adverb}, and budgets drawn up in ${w.year} no longer match reality.`,
  (w) => `There is also a human side: ${w.group} in ${w.place} say the ${w.noun} changed how they plan their week.`,
  (w) => `None of this happened in isolation, and the ${w.noun2} shaped the outcome at every step.`,
  (w) => `The data, shared openly since ${w.year}, lets anyone check the claims for themselves.`,
];

interface Words {
  /** Long-tail names (see LEXICON). */
  term: string;
  term2: string;
  noun: string;
  noun2: string;
  group: string;
  person: string;
  role: string;
  place: string;
  period: string;
  horizon: string;
  adverb: string;
  change: string;
  connector: string;
  year: number;
  percent: number;
}

function words(bank: TopicBank, random: Random): Words {
  const [noun, noun2] = random.sample(bank.nouns, 2);
  return {
    term: lexiconWord(random),
    term2: lexiconWord(random),
    noun,
    noun2,
    group: random.pick(bank.groups),
    person: random.pick(PEOPLE),
    role: random.pick(ROLES),
    place: random.pick(PLACES),
    period: random.pick(PERIODS),
    horizon: random.pick(HORIZONS),
    adverb: random.pick(ADVERBS),
    change: random.pick(CHANGES),
    connector: random.pick(CONNECTORS),
    year: random.int(1998, 2024),
    percent: random.int(3, 70),
  };
}

export function sentence(bank: TopicBank, random: Random): string {
  return random.pick(SENTENCES)(words(bank, random));
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function headline(bank: TopicBank, random: Random): string {
  const w = words(bank, random);
  return capitalize(random.pick(bank.headlines).replace('{noun}', w.noun).replace('{noun2}', w.noun2).replace('{group}', w.group));
}

export function personName(random: Random): string {
  return random.pick(PEOPLE);
}

export function paragraph(bank: TopicBank, random: Random): string {
  const count = random.int(3, 6);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(sentence(bank, random));
  return out.join(' ');
}

/**
 * Words of a Markdown block as written (a link's URL or a code line is one token): it sizes the
 * generated source, where crawler/text's countWords counts the words of extracted text.
 */
function countMarkdownWords(text: string): number {
  return text.split(/\s+/).filter((t) => /[\p{L}\p{N}]/u.test(t)).length;
}

const CODE_SAMPLES = [
  '```ts\nexport function retry<T>(task: () => Promise<T>, attempts = 3): Promise<T> {\n  return task().catch((error) => (attempts > 1 ? retry(task, attempts - 1) : Promise.reject(error)));\n}\n```',
  '```sh\ncurl -sS "https://api.example.org/v2/items?limit=100&cursor=eyJpZCI6MTIzNDU2Nzg5MCwidHMiOjE3MDAwMDAwMDB9&fields=id,title,updated_at,author.name"\n```',
  '```sql\nSELECT topic, count(*) AS n FROM articles GROUP BY topic ORDER BY n DESC;\n```',
];

export interface ProseOptions {
  targetWords: number;
  /** Never exceed this many words (default 1,500). */
  maxWords?: number;
  /** Site-absolute media paths usable for an inline figure. */
  inlineImage?: { src: string; alt: string } | null;
  sourceUrl: string;
}

/** A Markdown body of at least `targetWords` words: paragraphs, subheadings, lists, quotes, links, sometimes code and a table. */
export function articleBody(bank: TopicBank, random: Random, options: ProseOptions): { markdown: string; words: number } {
  const blocks: string[] = [];
  let total = 0;
  let sinceHeading = 0;
  let usedImage = false;
  const max = options.maxWords ?? 1500;
  let full = false;
  const add = (block: string): void => {
    let words = countMarkdownWords(block);
    if (total + words > max) {
      // Close with one short sentence if it fits, then stop.
      block = sentence(bank, random);
      words = countMarkdownWords(block);
      full = true;
      if (total + words > max) return;
    }
    blocks.push(block);
    total += words;
  };
  add(paragraph(bank, random));
  while (total < options.targetWords && !full) {
    const roll = random.next();
    if (sinceHeading >= 3 && roll < 0.3) {
      add(`## ${headline(bank, random)}`);
      sinceHeading = 0;
      continue;
    }
    sinceHeading++;
    if (roll < 0.08) {
      const items = random.int(3, 5);
      const list: string[] = [];
      for (let i = 0; i < items; i++) list.push(`- ${sentence(bank, random)}`);
      add(list.join('\n'));
    } else if (roll < 0.14) {
      add(`> ${random.pick(QUOTES)}\n>\n> — ${personName(random)}`);
    } else if (roll < 0.18) {
      const link = `${options.sourceUrl}/data/appendix-${random.int(1, 99)}-supplementary-tables-and-methodology-notes.csv`;
      add(`${sentence(bank, random)} The full dataset is at [${link}](${link}).`);
    } else if (roll < 0.21 && bank.code) {
      add(random.pick(CODE_SAMPLES));
    } else if (roll < 0.23) {
      const w = random.sample(bank.nouns, 3);
      add(`| Item | ${random.int(2019, 2021)} | ${random.int(2022, 2024)} |\n| --- | ---: | ---: |\n${w.map((n) => `| ${capitalize(n)} | ${random.int(10, 90)} | ${random.int(10, 90)} |`).join('\n')}`);
    } else if (roll < 0.26 && options.inlineImage && !usedImage) {
      usedImage = true;
      add(`![${options.inlineImage.alt}](${options.inlineImage.src})`);
    } else {
      let text = paragraph(bank, random);
      if (random.chance(0.15)) text = text.replace(/\b(the [a-z]+ [a-z]+)\b/, `[$1](${options.sourceUrl}/related/${random.int(100, 999)})`);
      if (random.chance(0.1)) text = text.replace(/\b(steadily|quietly|sharply|gradually)\b/, '*$1*');
      add(text);
    }
  }
  return { markdown: blocks.join('\n\n'), words: total };
}
