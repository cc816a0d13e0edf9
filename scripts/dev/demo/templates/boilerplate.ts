// Text that surrounds articles on every page: comments, bios, ads, banners. Extraction must strip all of it.
import { addHours, esc, hashNumber, pickStable, slugify } from '../html.ts';
import type { ArticlePage, DemoArticle, TopicId } from '../types.ts';

export interface Comment {
  id: string;
  name: string;
  date: Date;
  text: string;
  replyTo?: string;
}

const COMMENTERS = [
  'Marta K.', 'deepfieldDan', 'J. Oyelaran', 'Tomasz', 'halcyon_days', 'Rui Ferreira', 'Beatriz', 'owen_b',
  'Keiko Saito', 'Lars Petersen', 'nightowl42', 'Amara N.', 'S. Villanueva', 'quietgeek', 'Ferdinand', 'Noor',
];

const COMMENTS: Record<TopicId | 'any', string[]> = {
  any: [
    'Great write-up, thanks for taking the time to explain the background instead of just the headline.',
    'I shared this with my team this morning. The section in the middle is exactly the argument we keep having.',
    'Minor nitpick: the second chart would be easier to read with a log scale. Otherwise excellent.',
    'Is there a follow-up planned? I would love to read more about what happens next.',
    'This is the first explanation of the topic that actually made sense to me. Bookmarked.',
    'I disagree with the conclusion a little, but the reasoning is laid out fairly, which I appreciate.',
    'Came here from the newsletter. More long pieces like this one, please.',
    'Thanks! Printing this out for my reading group on Thursday.',
  ],
  space: [
    'Clear skies here last night and I could see Jupiter and Saturn low in the east. This piece made me look twice.',
    'Does anyone know if the raw data from the mission is public? I would like to try processing it myself.',
    'My daughter asked me exactly this question last week and I had no good answer. Now I do!',
    'The numbers in the fourth paragraph match what I remember from the conference talk. Nice to see them explained.',
  ],
  climate: [
    'Our town council is debating exactly this. I will send them the link before the next meeting.',
    'Would be interesting to see the same analysis for the southern hemisphere.',
    'Good to see a piece that talks about costs honestly instead of pretending they do not exist.',
    'The grid section is spot on. Storage is the part people always forget.',
  ],
  software: [
    'We hit this exact problem in production last year. Wish I had read this first.',
    'Counterpoint: for small teams the simpler approach is usually good enough. But I take the point at scale.',
    'The code sample has a subtle bug in the error path, but the idea is right.',
    'Saving this for the next time someone on my team asks why we do it this way.',
  ],
};

/** Three to five comments, one of them a reply, chosen by the page URL. */
export function commentsFor(page: Pick<ArticlePage, 'url' | 'topic' | 'date'>): Comment[] {
  const pool = [...COMMENTS.any, ...COMMENTS[page.topic]];
  const count = 3 + (hashNumber(page.url) % 3);
  const texts = pickStable(pool, count, page.url);
  const names = pickStable(COMMENTERS, count, `${page.url}#names`);
  const comments: Comment[] = texts.map((text, i) => ({
    id: `comment-${(hashNumber(`${page.url}#${i}`) % 90000) + 10000}`,
    name: names[i],
    date: addHours(page.date, 3 + i * 7),
    text,
  }));
  if (comments.length > 2) comments[2] = { ...comments[2], replyTo: comments[0].id, text: `@${comments[0].name} ${comments[2].text}` };
  return comments;
}

const BIO_LINES = [
  'has covered this beat for more than a decade and still reads every footnote.',
  'spent years in the field before turning to writing full time.',
  'writes about how things actually work, and why that is usually more interesting than the press release.',
  'edits our long-form features and occasionally gets to write one.',
];

export function authorBio(author: string, siteName: string): string {
  return `${author} ${BIO_LINES[hashNumber(author) % BIO_LINES.length]} Follow their work here at ${siteName}.`;
}

export function authorSlug(author: string): string {
  return slugify(author);
}

const ADS = [
  { title: 'Stargazer Pro 8" Dobsonian', text: 'Spring sale: 20% off all telescopes this week only.', cta: 'Shop now' },
  { title: 'CloudNine Hosting', text: 'Deploy in seconds. First month free for new accounts.', cta: 'Start free' },
  { title: 'SolarShare Community Panels', text: 'Own a piece of a solar farm without a roof of your own.', cta: 'Learn more' },
  { title: 'Learn Rust in 30 Days', text: 'The online course 40,000 developers recommend.', cta: 'Enroll today' },
  { title: 'Meridian Travel', text: 'Northern lights tours, small groups, expert guides.', cta: 'See dates' },
];

export function adsFor(seed: string, count: number): typeof ADS {
  return pickStable(ADS, count, seed);
}

export function adBox(seed: string, className: string): string {
  const [ad] = adsFor(seed, 1);
  return `<div class="${className}" data-ad-slot="${hashNumber(seed) % 9000}"><span class="ad-label">Advertisement</span><a href="/out/ad?slot=${hashNumber(seed) % 97}" rel="sponsored nofollow"><strong>${esc(ad.title)}</strong> ${esc(ad.text)} <em>${esc(ad.cta)} &rarr;</em></a></div>`;
}

/** The tags used most across the given articles, for tag clouds. */
export function tagCloud(articles: DemoArticle[], count: number): Array<{ tag: string; uses: number }> {
  const uses = new Map<string, number>();
  for (const a of articles) for (const t of a.tags) uses.set(t, (uses.get(t) ?? 0) + 1);
  return [...uses.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([tag, n]) => ({ tag, uses: n }));
}

/** Share links for a page; never fetched by a crawler that stays within the sample web. */
export function shareLinks(url: string, title: string): Array<{ name: string; href: string }> {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: 'Mastodon', href: `https://mastodon.example/share?text=${t}%20${u}` },
    { name: 'Bluesky', href: `https://bsky.example/intent/compose?text=${t}%20${u}` },
    { name: 'LinkedIn', href: `https://www.linkedin.example/sharing/share-offsite/?url=${u}` },
    { name: 'Email', href: `mailto:?subject=${t}&body=${u}` },
  ];
}

export const COOKIE_TEXT = 'We use cookies to remember your preferences, measure how our pages are used and show you relevant offers. You can change your choice at any time in the privacy settings.';
