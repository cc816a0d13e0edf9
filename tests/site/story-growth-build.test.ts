import { rm } from 'node:fs/promises';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import type { BuildReport } from '../../scripts/build.ts';
import { ARTICLE_PAGE_TELLINGS } from '../../site/model/story-list.ts';
import { syntheticConfig } from '../../scripts/dev/lib/synthetic-content.ts';
import type { ContentFile } from './helpers/content.ts';
import { storyBuilds } from './helpers/stories.ts';
import { readUrl } from './helpers/dist.ts';

// A story that keeps growing, in two real builds: eight tellings, then a ninth. An article page
// lists its story's first tellings (site/model/story-list.ts), so the ninth renders its own page
// and the story's, and the eight older tellings' pages stay byte for byte as they were.

const OLD = [1, 2, 3, 4, 5, 6, 7, 8];
const SHARED = { 1: 'The harbour authority confirmed the new breakwater will be finished before the winter storms.' };

let root: string;
let dist: string;
let second: BuildReport;
let before: Map<string, Buffer>;
let after: Map<string, Buffer>;
let content: ContentFile[];

const pageOf = (id: number) => `${content.find((c) => c.data.id === id)!.id}/index.html`;

beforeAll(async () => {
  const config = parseConfig(syntheticConfig({ topics: 2, pageSize: 5, url: 'https://news.example.com' }));
  ({ root, dist, second, before, after, content } = await storyBuilds('story-growth-', config, 7, [{ articles: 10, stories: { 1: OLD } }, { articles: 11, stories: { 1: [...OLD, 11] } }], SHARED));
}, 600_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a story that grows past the tellings an article page lists', () => {
  it("leaves its older tellings' pages byte for byte as they were, and re-renders its own page", () => {
    expect(second.mode).toBe('incremental');
    for (const id of OLD) expect(after.get(pageOf(id))?.equals(before.get(pageOf(id))!), `telling ${id}`).toBe(true);
    expect(after.get('stories/1/index.html')?.equals(before.get('stories/1/index.html')!)).toBe(false);
  });

  it("the new telling's page lists the story's first tellings, oldest first, and links the story's page", async () => {
    const note = parseHTML(await readUrl(dist, `/${pageOf(11).replace(/index\.html$/, '')}`)).document.querySelector('main .story-note')!;
    const listed = [...note.querySelectorAll('.tellings li a:not(.source)')].map((a) => a.getAttribute('href'));
    expect(listed).toEqual(OLD.slice(0, ARTICLE_PAGE_TELLINGS).map((id) => `/${pageOf(id).replace(/index\.html$/, '')}`));
    expect(note.querySelector('a[href="/stories/1/"]')).not.toBeNull();
    // The story's page has every telling.
    const story = parseHTML(await readUrl(dist, '/stories/1/')).document;
    for (const id of [...OLD, 11]) expect(story.querySelector(`main a[href="/${pageOf(id).replace(/index\.html$/, '')}"]`), `telling ${id}`).not.toBeNull();
  });
});
