import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { syntheticConfig, syntheticTopics, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { readContent, type ContentFile } from './helpers/content.ts';

let root: string;
let files: ContentFile[];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'gleaner-synthetic-'));
  await writeSyntheticSite(root, { articles: 40, topics: 3, seed: 7, pageSize: 4 });
  files = await readContent(root);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('writeSyntheticSite', () => {
  it('writes frontmatter-valid articles of 600–1,500 words in every topic', () => {
    expect(files).toHaveLength(40);
    expect(new Set(files.map((f) => f.data.topic))).toEqual(new Set(syntheticTopics(3).map((t) => t.slug)));
    for (const f of files) {
      expect(f.data.wordCount).toBeGreaterThanOrEqual(600);
      expect(f.data.wordCount).toBeLessThanOrEqual(1500);
      const words = f.body.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
      expect(Math.abs(words - f.data.wordCount) / f.data.wordCount).toBeLessThan(0.1);
      expect(f.data.tags.length).toBeGreaterThanOrEqual(2);
      expect(f.id).toBe(`${f.data.topic}/${f.id.split('/')[1]}`);
    }
    expect(new Set(files.map((f) => f.data.title)).size).toBeGreaterThan(30);
  });

  it('assigns positions and pages per topic in publication order, as the publisher does', () => {
    for (const topic of syntheticTopics(3)) {
      const inTopic = files.filter((f) => f.data.topic === topic.slug).sort((a, b) => a.data.position - b.data.position);
      expect(inTopic.map((f) => f.data.position)).toEqual(inTopic.map((_, i) => i));
      for (const f of inTopic) expect(f.data.page).toBe(Math.floor(f.data.position / 4) + 1);
      const times = inTopic.map((f) => Date.parse(f.data.publishedOnSite));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it('relates articles only to older ones in the same topic that exist', () => {
    const ids = new Map(files.map((f) => [f.id, f]));
    for (const f of files) {
      for (const id of f.data.related) {
        const other = ids.get(id);
        expect(other, id).toBeDefined();
        expect(other!.data.topic).toBe(f.data.topic);
        expect(other!.data.position).toBeLessThan(f.data.position);
      }
    }
    expect(files.some((f) => f.data.related.length === 3)).toBe(true);
  });

  it('writes the WebP variants its image fields point to', async () => {
    const withImage = files.filter((f) => f.data.image);
    expect(withImage.length).toBeGreaterThan(20);
    for (const f of withImage) {
      for (const v of f.data.image!.variants) expect(existsSync(join(root, v.src))).toBe(true);
    }
    const variant = withImage[0].data.image!.variants[0];
    const meta = await sharp(join(root, variant.src)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(variant.width);
  });

  it('is deterministic, and generating more articles only adds files', async () => {
    const again = await mkdtemp(join(tmpdir(), 'gleaner-synthetic-'));
    try {
      await writeSyntheticSite(again, { articles: 45, topics: 3, seed: 7, pageSize: 4 });
      const more = await readContent(again);
      expect(more).toHaveLength(45);
      for (const f of files) {
        const path = join('content', `${f.id}.md`);
        expect(await readFile(join(again, path), 'utf8')).toBe(await readFile(join(root, path), 'utf8'));
      }
    } finally {
      await rm(again, { recursive: true, force: true });
    }
  });

  it('comes with a matching valid config', () => {
    const config = parseConfig(syntheticConfig({ topics: 3, pageSize: 4 }));
    expect(config.topics.map((t) => t.slug)).toEqual(syntheticTopics(3).map((t) => t.slug));
    expect(config.publish.pageSize).toBe(4);
  });
});
