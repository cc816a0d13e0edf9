// Article pages for rule tests: real-looking HTML with distinct prose (so no two are near-duplicates).

const VOCABULARY = `river window garden morning letter silver market engine harbor village teacher winter summer
  bridge station forest island mountain valley kitchen library museum theater orchard meadow canyon desert
  lantern blanket carpet ladder hammer pencil basket bottle button candle cotton feather finger flower
  glove honey jacket kettle ribbon saddle shovel spoon thread tunnel wagon whistle anchor barrel castle
  cellar chimney clover compass copper crystal dragon falcon fossil galaxy glacier granite harvest helmet
  jungle marble meteor needle oyster parrot pepper pillow planet puzzle quarry rabbit saucer shadow
  spider statue sunset temple thunder tomato trumpet turtle velvet violin volcano walnut weaver yellow
  quiet bright gentle narrow hollow ancient clever steady brave curious distant fragile golden humble
  patient rapid silent sudden tender vivid wooden careful eager famous honest lively modest proud
  walks builds carries finds follows gathers holds keeps leaves makes moves opens paints reads shapes
  sings sorts studies turns visits watches writes measures repairs polishes counts climbs crosses`.split(/\s+/).filter(Boolean);

/** A small seeded generator (mulberry32): the same seed gives the same prose. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** `paragraphs` paragraphs of `words` pseudo-random words each, seeded by `seed`. */
export function prose(seed: string, paragraphs = 4, words = 30): string[] {
  const next = random(seedOf(seed));
  return Array.from({ length: paragraphs }, () => {
    const list = Array.from({ length: words }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]!);
    list[0] = list[0]!.charAt(0).toUpperCase() + list[0]!.slice(1);
    return `${list.join(' ')}.`;
  });
}

export interface ArticleFixture {
  title: string;
  author?: string;
  /** Sentences placed in the first paragraph (the title is always there). */
  lead?: string;
  /** Extra HTML inside <article>, after the prose. */
  extra?: string;
  paragraphs?: number;
}

export function articleHtml(a: ArticleFixture): string {
  const paragraphs = prose(a.title, a.paragraphs ?? 4);
  paragraphs[0] = `${a.title}: ${a.lead ? `${a.lead} ` : ''}${paragraphs[0]}`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${a.title}</title>${a.author ? `<meta name="author" content="${a.author}">` : ''}</head>
<body><header><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
<main><article><h1>${a.title}</h1>${a.author ? `<p class="byline">By ${a.author}</p>` : ''}
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
${a.extra ?? ''}
</article></main><footer><p>Copyright the sample site.</p></footer></body></html>`;
}

export function rss(host: string, paths: string[]): string {
  const items = paths.map((p, i) => `<item><title>${p}</title><link>http://${host}${p}</link><pubDate>Wed, 01 Apr 2026 0${i % 10}:00:00 GMT</pubDate></item>`).join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${host}</title><link>http://${host}/</link>${items}</channel></rss>`;
}
