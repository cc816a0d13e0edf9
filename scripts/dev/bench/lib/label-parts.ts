import { titleMatch } from '../../../../crawler/extract/metadata/title.ts';

// The dev set's labels hold more than an article body: most open with the headline, and a few go
// on into the readers' comments after the dataset's marker line ("!@#$%^&*() COMMENTS"). Gleaner
// keeps both out of the body by design (the headline is the article's title; comments are not the
// article), as the held-out benchmark's labels do. These take each part out of a label, so the
// bench can show how much of the score is the body and how much is those conventions.

const COMMENTS_MARKER = /^!.{0,12}COMMENTS\b/m;
/** The headline is one of the label's first few lines (a site name or dateline may precede it). */
const HEADLINE_WITHIN_LINES = 4;
const SAME_TITLE = 0.8;

export function withoutComments(label: string): string {
  const at = label.search(COMMENTS_MARKER);
  return at < 0 ? label : label.slice(0, at).trimEnd();
}

/** The label without the line that repeats `title` near its top; unchanged if there is none. */
export function withoutHeadline(label: string, title: string): string {
  if (!title) return label;
  const lines = label.split('\n');
  let seen = 0;
  for (let i = 0; i < lines.length && seen < HEADLINE_WITHIN_LINES; i++) {
    if (!lines[i].trim()) continue;
    seen++;
    if (titleMatch(lines[i].trim(), title) >= SAME_TITLE) return [...lines.slice(0, i), ...lines.slice(i + 1)].join('\n');
  }
  return label;
}
