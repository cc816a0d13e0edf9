import { describe, expect, it } from 'vitest';
import { canonicalUrl, normalizeUrl } from '../../crawler/url/index.ts';

function canon(input: string): string {
  const result = normalizeUrl(input);
  if (!result.ok) throw new Error(`${input}: ${result.code}`);
  return canonicalUrl(result.url);
}

describe('canonicalUrl: Reddit', () => {
  it.each([
    ['https://www.reddit.com/r/rust/comments/abc123/title/', 'https://old.reddit.com/r/rust/comments/abc123/title/'],
    ['https://reddit.com/r/rust/', 'https://old.reddit.com/r/rust/'],
    ['http://np.reddit.com/r/rust/comments/abc123/', 'https://old.reddit.com/r/rust/comments/abc123/'],
    ['https://new.reddit.com/r/rust/', 'https://old.reddit.com/r/rust/'],
    ['https://m.reddit.com/r/rust/comments/abc123/x/', 'https://old.reddit.com/r/rust/comments/abc123/x/'],
    ['https://i.reddit.com/r/rust/comments/abc123/x/.compact', 'https://old.reddit.com/r/rust/comments/abc123/x/'],
    ['https://amp.reddit.com/r/rust/comments/abc123/x/', 'https://old.reddit.com/r/rust/comments/abc123/x/'],
    ['https://www.reddit.com/r/rust/comments/abc123/x/?share_id=Zz&utm_source=share&utm_medium=web2x', 'https://old.reddit.com/r/rust/comments/abc123/x/'],
    ['https://www.reddit.com/r/rust/top/?t=week', 'https://old.reddit.com/r/rust/top/?t=week'],
    ['https://redd.it/abc123', 'https://old.reddit.com/comments/abc123/'],
    ['https://old.reddit.com/r/rust/', 'https://old.reddit.com/r/rust/'],
  ])('%s → %s', (input, expected) => {
    expect(canon(input)).toBe(expected);
  });

  it.each(['https://i.redd.it/abc123.jpg', 'https://v.redd.it/abc123', 'https://notreddit.com/r/x', 'https://reddit.com.evil.com/r/x', 'https://www.redditstatic.com/x.png'])(
    'leaves %s alone',
    (input) => {
      expect(canon(input)).toBe(normalizeUrl(input).ok && (normalizeUrl(input) as { url: string }).url);
    },
  );
});

describe('canonicalUrl: YouTube', () => {
  const watch = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
  it.each([
    ['https://youtu.be/dQw4w9WgXcQ', watch],
    ['https://youtu.be/dQw4w9WgXcQ?si=abcdef', watch],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 'https://www.youtube.com/watch?t=42&v=dQw4w9WgXcQ'],
    ['http://youtube.com/watch?v=dQw4w9WgXcQ', watch],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&feature=share', watch],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLx&index=3', watch],
    ['https://www.youtube.com/watch?app=desktop&v=dQw4w9WgXcQ&t=1m30s', 'https://www.youtube.com/watch?t=1m30s&v=dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', watch],
    ['https://youtube.com/shorts/dQw4w9WgXcQ?feature=share', watch],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', watch],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=90&rel=0', 'https://www.youtube.com/watch?t=90&v=dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', watch],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', watch],
    ['https://www.youtube.com/v/dQw4w9WgXcQ', watch],
    [watch, watch],
    ['https://m.youtube.com/@channel/videos', 'https://www.youtube.com/@channel/videos'],
  ])('%s → %s', (input, expected) => {
    expect(canon(input)).toBe(expected);
  });

  it.each([
    'https://youtu.be/tooShort', // not an 11-character video id
    'https://www.youtube.com/watch?v=not-a-valid-video-id',
    'https://www.youtube.com/embed/videoseries?list=PL123',
    'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ',
  ])('does not invent a video for %s', (input) => {
    expect(canon(input)).not.toBe(watch);
  });
});

describe('canonicalUrl: mobile and AMP variants', () => {
  it.each([
    ['https://en.m.wikipedia.org/wiki/Gleaning', 'https://en.wikipedia.org/wiki/Gleaning'],
    ['https://de.m.wiktionary.org/wiki/Hallo', 'https://de.wiktionary.org/wiki/Hallo'],
    ['https://commons.m.wikimedia.org/wiki/File:X.jpg', 'https://commons.wikimedia.org/wiki/File:X.jpg'],
    ['https://mobile.twitter.com/user/status/1', 'https://twitter.com/user/status/1'],
    ['https://m.twitter.com/user/status/1', 'https://twitter.com/user/status/1'],
    ['https://mobile.x.com/user/status/1', 'https://x.com/user/status/1'],
    ['https://m.facebook.com/story.php?id=1&story_fbid=2', 'https://www.facebook.com/story.php?id=1&story_fbid=2'],
    ['https://mbasic.facebook.com/page', 'https://www.facebook.com/page'],
    ['https://m.imdb.com/title/tt0000001/', 'https://www.imdb.com/title/tt0000001/'],
    // AMP
    ['https://example.com/2024/01/post/amp/', 'https://example.com/2024/01/post/'],
    ['https://example.com/2024/01/post/amp', 'https://example.com/2024/01/post'],
    ['https://example.com/news/story.amp.html', 'https://example.com/news/story.html'],
    ['https://example.com/post?amp=1', 'https://example.com/post'],
    ['https://example.com/post?amp', 'https://example.com/post'],
    ['https://example.com/post?amp=true&id=3', 'https://example.com/post?id=3'],
    ['https://example.com/post?outputType=amp', 'https://example.com/post'],
    ['https://example.com/post?output=amp&page=2', 'https://example.com/post?page=2'],
    ['https://amp.example.com/world/story', 'https://example.com/world/story'],
    ['https://amp.news.example.co.uk/a', 'https://news.example.co.uk/a'],
    ['https://example-com.cdn.ampproject.org/c/s/example.com/post/', 'https://example.com/post/'],
    ['https://example-com.cdn.ampproject.org/c/example.com/post/', 'http://example.com/post/'],
    ['https://example-com.cdn.ampproject.org/v/s/example.com/post/amp/?amp_js_v=0.1&usqp=mq331AQ&page=2', 'https://example.com/post/?page=2'],
    ['https://www-example-com.cdn.ampproject.org/c/s/www.example.com/news/story.amp.html', 'https://www.example.com/news/story.html'],
    ['https://www.google.com/amp/s/www.example.com/post/amp/', 'https://www.example.com/post/'],
    ['https://www.google.co.uk/amp/s/example.com/p', 'https://example.com/p'],
  ])('%s → %s', (input, expected) => {
    expect(canon(input)).toBe(expected);
  });

  it.each([
    'https://example.com/amp', // a page called "amp", not an AMP variant
    'https://example.com/amp/',
    'https://amp.dev/documentation/',
    'https://amp.co.uk/shop',
    'https://example.com/post?amp=0',
    'https://example.com/post?output=json',
    'https://example.com/lamp/',
    'https://example.com/amplifiers/amp-1/',
    'https://m.example.com/post', // unknown site: m. may serve different content
    'https://mobile.example.com/app',
    'https://example.com/c/s/other.com/x', // the AMP-cache path shape, but not the AMP cache
    'https://www.google.com/search?q=amp',
  ])('leaves %s alone', (input) => {
    const normalized = (normalizeUrl(input) as { url: string }).url;
    expect(canon(input)).toBe(normalized);
  });

  it('refuses an AMP-cache path that smuggles credentials', () => {
    const input = 'https://x.cdn.ampproject.org/c/s/evil.com@example.com/p';
    expect(canon(input)).toBe((normalizeUrl(input) as { url: string }).url);
  });
});

describe('canonicalUrl: general', () => {
  it('is idempotent and keeps normalized form', () => {
    for (const input of [
      'https://youtu.be/dQw4w9WgXcQ?t=42',
      'https://example-com.cdn.ampproject.org/c/s/example.com/post/amp/?b=2&a=1',
      'https://www.reddit.com/r/rust/?b=1&a=2',
      'https://en.m.wikipedia.org/wiki/X',
    ]) {
      const once = canon(input);
      expect(canonicalUrl(once)).toBe(once);
      expect((normalizeUrl(once) as { url: string }).url).toBe(once);
    }
  });

  it('passes ordinary URLs through unchanged', () => {
    expect(canon('https://blog.example.com/2024/post-title/?page=2')).toBe('https://blog.example.com/2024/post-title/?page=2');
  });

  it('returns unparseable input unchanged', () => {
    expect(canonicalUrl('not a url')).toBe('not a url');
  });
});
