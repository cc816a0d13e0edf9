const MAX_EXCERPT = 220;

/** The description when the page has one, else the text's first sentences, cut at a word boundary. */
export function makeExcerpt(description: string | null, text: string): string {
  if (description) return cut(description.replace(/\s+/g, ' ').trim());
  // Start at the first block of prose, past datelines, captions and subheadings.
  const blocks = text.split('\n\n');
  const first = blocks.findIndex((block) => block.length >= 80);
  const from = first >= 0 ? blocks.slice(first).join(' ') : text;
  // Bounded: the sentence pattern backtracks on long runs without punctuation.
  const flat = from.slice(0, 1000).replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_EXCERPT) return flat;
  // Whole sentences when they fit, else words.
  const sentences = flat.match(/[^.!?…。！？]+[.!?…。！？]+["'”’)\]]*\s*/gu) ?? [];
  let out = '';
  for (const sentence of sentences) {
    if ((out + sentence).trim().length > MAX_EXCERPT) break;
    out += sentence;
  }
  return out.trim().length >= 60 ? out.trim() : cut(flat);
}

function cut(text: string): string {
  if (text.length <= MAX_EXCERPT) return text;
  const slice = text.slice(0, MAX_EXCERPT - 1);
  const space = slice.lastIndexOf(' ');
  const words = space > MAX_EXCERPT / 2 ? slice.slice(0, space) : slice;
  return `${words.replace(/[\s,;:.!?–—-]+$/u, '')}…`;
}
