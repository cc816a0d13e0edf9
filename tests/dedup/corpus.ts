// Deterministic article-like texts for dedup tests.

const WORDS =
  'river bank loan model train signal market growth energy solar panel battery climate policy court ruling vote senate budget school teacher student science research data network cloud server privacy security health hospital doctor patient music album concert film director actor season league match player coach city mayor housing rent transport railway airport flight weather storm flood harvest farmer price inflation rate currency export import factory worker union strike'.split(
    ' ',
  );

export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export function makeText(seed: number, words = 400): string {
  const random = seeded(seed);
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    out.push(WORDS[Math.floor(random() * WORDS.length)] + (i % 12 === 11 ? '.' : ''));
  }
  return out.join(' ');
}

/** Replaces `count` words at spread-out positions. */
export function editWords(text: string, count: number, seed = 7): string {
  const random = seeded(seed);
  const words = text.split(' ');
  for (let i = 0; i < count; i++) words[Math.floor(random() * words.length)] = `edited${i}`;
  return words.join(' ');
}
