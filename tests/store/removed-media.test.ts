import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../crawler/store/database.ts';
import { removedMediaNames } from '../../crawler/store/removals.ts';

// What the deploy deletes after a takedown (removedMedia): the files of taken-down articles' lead
// images that no article still in the state shows (names are content hashes, so two articles can
// share one).

const image = (hash: string) => JSON.stringify({ src: `/media/${hash}-640.webp`, width: 640, height: 360, variants: [320, 640].map((w) => ({ src: `/media/${hash}-${w}.webp`, width: w })) });

describe('removedMediaNames', () => {
  it('names the files of taken-down images no article shows, once each, sorted', async () => {
    const db = await openDatabase(':memory:');
    expect(removedMediaNames(db)).toEqual([]);
    for (const [url, img] of [['https://a.test/1', image('bbb')], ['https://a.test/2', image('aaa')], ['https://a.test/3', image('bbb')], ['https://a.test/4', null]] as const) {
      db.run("INSERT INTO removals (url, reason, removed_at, status, image) VALUES (?, 'test', '2026-11-28T00:00:00Z', 'removed', ?)", [url, img]);
    }
    expect(removedMediaNames(db)).toEqual(['aaa-320.webp', 'aaa-640.webp', 'bbb-320.webp', 'bbb-640.webp']);
    // An article still in the state shows the same image as a taken-down one: its files stay.
    db.run(
      "INSERT INTO articles (url_id, topic_id, title, excerpt, fetched_at, source_url, canonical_url, word_count, reading_time, content_hash, image) VALUES (1, 1, 'Kept', 'e', '2026-11-28', 'https://b.test/1', 'https://b.test/1', 100, 1, 'h', ?)",
      [image('bbb')],
    );
    expect(removedMediaNames(db)).toEqual(['aaa-320.webp', 'aaa-640.webp']);
    db.close();
  });
});
