import { describe, expect, it } from 'vitest';
import { extractPage } from '../../crawler/extract/index.ts';
import { fixture, page, PROSE, URL_BASE } from './helpers.ts';

const NEWS_URL = 'https://gazette.example.org/news/2024/03/harbour-bridge-reopens';
const BLOG_URL = 'https://fieldnotes.example.net/2013/01/coast-path-winter.html';

// The same furniture, checked on a page with article markup (container strategy) and on an old
// table-layout blog without any (Readability), so both paths are covered.
const pages = [
  {
    name: 'news page with article markup',
    result: () => extractPage(fixture('news-article.html'), NEWS_URL),
    strategy: 'container',
    byline: 'By Mara Okafor',
    kept: ['two years after engineers closed it', 'tolls will not rise this year'],
    gone: {
      'cookie banner': ['We use cookies', 'Accept all'],
      'share bar': ['Share on X', 'Share on Facebook'],
      'newsletter box': ['Get the Gazette in your inbox', 'morning newsletter'],
      'related list': ['Related stories', 'Ferries carry a record number'],
      comments: ['3 comments', 'The ferry was fine', 'cycle lane is open both ways'],
      navigation: ['Opinion'],
      footer: ['All rights reserved', 'Privacy'],
    },
  },
  {
    name: 'old blog without article markup',
    result: () => extractPage(fixture('old-blog.html').replace('<div class="entry">', '<div>'), BLOG_URL),
    strategy: 'readability',
    byline: 'Posted by Tom Ellery',
    kept: ['Most people walk the coast path in summer', 'book rooms ahead'],
    gone: {
      'cookie banner': ['This site uses cookies'],
      'share bar': ['Tweet', 'Pin it'],
      'newsletter box': ['Subscribe to the Fieldnotes newsletter', 'Enjoyed this?'],
      'related list': ['Related posts', 'Three days on the Ridgeway'],
      comments: ['4 Responses', 'snow on the tops', 'closed for the season'],
      navigation: ['Archive', 'Contact'],
      sidebar: ['I walk, I write it down', 'January 2013'],
      footer: ['All rights reserved'],
    },
  },
];

describe.each(pages)('boilerplate removal: $name', ({ result, strategy, byline, kept, gone }) => {
  const extracted = result();

  it(`extracts the article with the ${strategy} strategy`, () => {
    expect(extracted.strategy).toBe(strategy);
    for (const phrase of kept) expect(extracted.text).toContain(phrase);
  });

  for (const [what, phrases] of Object.entries(gone)) {
    it(`removes the ${what}`, () => {
      for (const phrase of phrases) {
        expect(extracted.text).not.toContain(phrase);
        expect(extracted.html).not.toContain(phrase);
      }
    });
  }

  it('drops the byline line but reads its author and date as metadata', () => {
    expect(extracted.text).not.toContain(byline);
    expect(extracted.authors.length).toBe(1);
    expect(extracted.publishedAt).not.toBeNull();
  });
});

describe('boilerplate lines and captions', () => {
  it('removes one-line leftovers such as "Advertisement" and "Read more"', () => {
    const paragraphs = [PROSE[0], 'Advertisement', PROSE[1], 'Continue reading', PROSE[2]];
    const result = extractPage(page({ paragraphs }), URL_BASE);
    expect(result.text).not.toContain('Advertisement');
    expect(result.text).not.toContain('Continue reading');
    expect(result.text.split('\n\n')).toEqual(PROSE);
  });

  it('removes them from a body chosen by Readability too (detached from the page)', () => {
    const paragraphs = [PROSE[0], 'Advertisement', PROSE[1], 'Continue reading', PROSE[2]];
    const html = page({ paragraphs }).replace('<article>', '<div>').replace('</article>', '</div>').replace('<div class="entry-content">', '<div>');
    const result = extractPage(html, URL_BASE);
    expect(result.strategy).toBe('readability');
    expect(result.text.split('\n\n')).toEqual(PROSE);
  });

  it('keeps one copy of a caption that the next paragraph repeats, with its image and out of the text', () => {
    const caption = 'Barges waiting below the weir on the morning the lock opened.';
    const figure = `<figure><img src="/lock.jpg" alt="Barges"><figcaption>${caption}</figcaption></figure><p>${caption}</p>`;
    const result = extractPage(page({ paragraphs: [PROSE[0]] }).replace(`<p>${PROSE[0]}</p>`, `<p>${PROSE[0]}</p>${figure}<p>${PROSE[1]}</p>`), URL_BASE);
    expect(result.html.split(caption).length - 1).toBe(1);
    expect(result.text).not.toContain(caption);
    expect(result.text).toContain(PROSE[1]);
  });

  it('keeps an author bio out of the text', () => {
    const bio = 'Jane Doe is a senior editor at the Gazette, where she covers transport and the city’s infrastructure.';
    const result = extractPage(page({ paragraphs: [...PROSE, bio] }), URL_BASE);
    expect(result.text).not.toContain('senior editor');
    expect(result.text).toContain(PROSE[2]);
  });

  it('keeps a bio set off by a dash out of the text too', () => {
    const bio = '- Jane Doe is a senior editor at the Gazette, where she covers transport and the city’s infrastructure.';
    expect(extractPage(page({ paragraphs: [...PROSE, bio] }), URL_BASE).text.split('\n\n')).toEqual(PROSE);
  });

  it('drops a "More … stories from X:" pointer and a "Follow / Like X on Twitter" line closing the body', () => {
    const tail = ['More world stories from the Courier:', 'Follow River News on Twitter and Facebook'];
    expect(extractPage(page({ paragraphs: [...PROSE, ...tail] }), URL_BASE).text.split('\n\n')).toEqual(PROSE);
    const like = 'Like River News on Facebook. Follow us on Twitter.';
    expect(extractPage(page({ paragraphs: [...PROSE, like] }), URL_BASE).text.split('\n\n')).toEqual(PROSE);
    const likeSentence = 'Like many on Facebook, the lock keeper posted a photo of the first barge.';
    expect(extractPage(page({ paragraphs: [...PROSE, likeSentence] }), URL_BASE).text).toContain(likeSentence);
    const sentence = 'The skippers said they would follow the inspections closely on Twitter and at the lock.';
    expect(extractPage(page({ paragraphs: [...PROSE, sentence] }), URL_BASE).text).toContain(sentence);
  });

  it("drops a follow or like line for the newer networks and a wire service's note on its standards, and keeps sentences that start alike", () => {
    for (const line of ['Follow Jane Hill on X: https://x.com/janehill', 'Follow the Courier on Bluesky', 'Like the Courier on Mastodon.', 'Our Standards: The Thomson Reuters Trust Principles.']) {
      expect(extractPage(page({ paragraphs: [...PROSE, line] }), URL_BASE).text.split('\n\n'), line).toEqual(PROSE);
    }
    for (const sentence of ['Follow the towpath on X-ray maps of the valley, the lock keeper said.', 'Our standards for the new gates are stricter than the old ones, the engineer said.']) {
      expect(extractPage(page({ paragraphs: [...PROSE, sentence] }), URL_BASE).text, sentence).toContain(sentence);
    }
  });

  it('drops a list of teasers closing the body, but keeps a lone "more" at the end of a paragraph', () => {
    const teasers = ['More lock news', 'New gates for the old mill race', 'Work starts on the second weir next spring. Read more…', '2024-05-10', 'Barge festival returns', 'Boats from four countries are expected. Read more…', '2024-05-02'];
    const result = extractPage(page({ paragraphs: [...PROSE, ...teasers] }), URL_BASE);
    expect(result.text.split('\n\n')).toEqual(PROSE);
    const lone = extractPage(page({ paragraphs: [...PROSE, 'The council will publish the inspection reports online. Read more…'] }), URL_BASE);
    expect(lone.text).toContain('inspection reports online');
  });

  it('drops a trailing box from its "Don\'t miss" or "Read this next" heading down, promo text and all', () => {
    for (const heading of ["Don't Miss", 'Read this next', 'You might also enjoy']) {
      const box = [`<h3>${heading}</h3>`, 'Lock Update', 'Barge festival returns to the river', 'Boats from four countries are expected at the weir this summer, with a parade on the Saturday.', 'Play Video'];
      const text = extractPage(page({ paragraphs: [...PROSE, ...box] }), URL_BASE).text;
      expect(text.split('\n\n'), heading).toEqual(PROSE);
    }
  });

  it('drops a "Featured post" promo closing the body, its cut-off excerpt and all, but keeps a sentence about what was featured', () => {
    const promo = '<div class="content-featured-post"><div class="featured-title">FEATURED POST</div><div><h3><a href="/2024/05/barge-festival">Barge festival returns to the river</a></h3></div><div>Boats from four countries are expected at the weir this summer, with a parade on t&hellip;</div></div>';
    const html = page().replace('</div>\n</article>', `${promo}</div>\n</article>`);
    expect(extractPage(html, URL_BASE).text.split('\n\n')).toEqual(PROSE);
    const featured = 'Featured at the opening were the mill choir and a brass band.';
    expect(extractPage(page({ paragraphs: [...PROSE, featured] }), URL_BASE).text.split('\n\n')).toEqual([...PROSE, featured]);
  });

  it("drops the article's meta lines at its edges: reading time, listen button, comment count, publication stamp, name and role", () => {
    const head = ['5 min read', 'Listen to this article · 4:32', 'Comments (12)', 'Updated 3 hours ago', 'Last modified on Tue 14 May 2024 10.02 BST', 'Jane Hill, Staff Writer', 'Tom Reed | Political Correspondent'];
    const tail = ['Posted on May 12th, 2024', 'Show all 12 comments'];
    for (const line of head) expect(extractPage(page({ paragraphs: [line, ...PROSE] }), URL_BASE).text.split('\n\n'), line).toEqual(PROSE);
    for (const line of tail) expect(extractPage(page({ paragraphs: [...PROSE, line] }), URL_BASE).text.split('\n\n'), line).toEqual(PROSE);
  });

  it('drops reader prompts closing the body: a tip line, a helpfulness poll, a sign-up prompt, a podcast or app pitch', () => {
    const prompts = ['Have a tip? Email us at tips@courier.example', 'Got a confidential news tip? We want to hear from you.', 'Was this article helpful? Yes No', 'Want more stories like this? Sign up here.', 'Listen to our podcast: <a href="/pod">The Valley Weekly</a>', 'Download the Courier app for the latest news.'];
    for (const line of prompts) expect(extractPage(page({ paragraphs: [...PROSE, line] }), URL_BASE).text.split('\n\n'), line).toEqual(PROSE);
    const story = 'Got a tip from the lock keeper, she rowed upstream at dawn.';
    expect(extractPage(page({ paragraphs: [...PROSE, story] }), URL_BASE).text.split('\n\n')).toEqual([...PROSE, story]);
  });

  it('drops the labels news templates set between paragraphs, around ads, players and pictures', () => {
    const labels = ['Story continues below advertisement', 'Continue reading the main story', 'Scroll to continue with content', 'Skip Advertisement', 'Supported by', 'toggle caption', 'Enlarge this image', 'Image', 'Open in app'];
    // Screen-reader labels around a list of links or a player, sponsored labels, teaser headings and tool buttons.
    labels.push('list of 4 items', 'list 2 of 4', 'end of list', 'This video can not be played', 'Opens in new window', 'Most Read', 'Content from our partners', 'Paid Program', 'Summarize this article', 'Get the latest news delivered to your inbox');
    for (const label of labels) expect(extractPage(page({ paragraphs: [PROSE[0], label, PROSE[1], PROSE[2]] }), URL_BASE).text.split('\n\n'), label).toEqual(PROSE);
    for (const sentence of ['Image after image of the old gates was shown at the opening.', 'Most read the notice before the lock opened.', 'The list of items left at the lock runs to four pages.']) {
      expect(extractPage(page({ paragraphs: [PROSE[0], sentence, PROSE[1], PROSE[2]] }), URL_BASE).text, sentence).toContain(sentence);
    }
  });

  it("drops a share row's and a player's buttons left as text, and keeps the same words inside a line", () => {
    const rows = ['Copy link', 'Gift this article', 'Facebook Twitter Email', 'Share · LinkedIn · WhatsApp', '<a href="#">Save</a> <a href="#">Print</a>', 'Play', 'Next article', 'Ad Feedback'];
    for (const row of rows) expect(extractPage(page({ paragraphs: [PROSE[0], row, PROSE[1], PROSE[2]] }), URL_BASE).text.split('\n\n'), row).toEqual(PROSE);
    const lines = ['Download the timetable at <span><a href="/t">valleyboats.example</a></span>.', '<em>Follow</em> <strong>the lock keeper</strong> <em>on her rounds, and you will see <a href="/x">Twitter</a> is no use at the weir.</em>'];
    for (const line of lines) {
      const text = extractPage(page({ paragraphs: [...PROSE, line] }), URL_BASE).text;
      expect(text.split('\n\n').at(-1), line).toBe(line.replace(/<[^>]+>/g, ''));
    }
  });

  it('still removes a row of inline elements named as furniture (author, date, tags), at the top or between paragraphs', () => {
    const rows = ['<p><span class="byline">Jane Hill</span> <span class="timestamp">May 12, 2024</span></p>', '<p><span class="tags">Rivers</span> <span class="tags">Boats</span></p>'];
    for (const row of rows) {
      expect(extractPage(page().replace('<div class="entry-content">', `<div class="entry-content">${row}`), URL_BASE).text.split('\n\n'), row).toEqual(PROSE);
      expect(extractPage(page().replace('<p>Skippers', `${row}<p>Skippers`), URL_BASE).text.split('\n\n'), row).toEqual(PROSE);
    }
  });

  it('drops an agency name standing alone under a picture, and keeps it inside a sentence', () => {
    for (const credit of ['Getty Images', 'UPI', 'Jane Doe/CP']) {
      const figure = `<figure><img src="/weir.jpg" width="800" height="600" alt=""><figcaption>The weir at dawn</figcaption></figure><p>${credit}</p>`;
      const html = page().replace('<p>Skippers', `${figure}<p>Skippers`);
      expect(extractPage(html, URL_BASE).text.split('\n\n'), credit).toEqual(PROSE);
    }
    const heading = 'EPA/OSHA guidance';
    expect(extractPage(page({ paragraphs: [PROSE[0], heading, PROSE[1], PROSE[2]] }), URL_BASE).text).toContain(heading);
    const sentence = 'The lock opened on time, the <a href="https://ap.example/">AP</a> reports.';
    expect(extractPage(page({ paragraphs: [...PROSE, sentence] }), URL_BASE).text).toContain('The lock opened on time, the AP reports.');
  });

  it('drops a pull quote, which repeats a line of the article, and keeps a quotation', () => {
    const pull = '<blockquote class="pull-quote"><p>The first boat through carried grain to the mill</p></blockquote>';
    const quote = '<blockquote><p>We waited three years for this morning, and it was worth every day of it.</p></blockquote>';
    const html = page().replace('<p>Skippers', `${pull}${quote}<p>Skippers`);
    const text = extractPage(html, URL_BASE).text;
    expect(text.split('\n\n')).toEqual([PROSE[0], 'We waited three years for this morning, and it was worth every day of it.', PROSE[1], PROSE[2]]);
  });

  it('drops appeals and comment prompts under an article, and keeps closing sentences that start alike', () => {
    const appeals = ['Support our journalism. <a href="/donate">Donate now</a>', 'Become a member today and get unlimited access.', 'We rely on readers like you to fund our reporting.', 'Donate', 'Already a subscriber? Log in', 'Join the conversation', 'Comments are closed.', 'What do you think? Let us know in the comments.', 'Enjoyed this article? Share it.'];
    for (const line of appeals) expect(extractPage(page({ paragraphs: [...PROSE, line] }), URL_BASE).text.split('\n\n'), line).toEqual(PROSE);
    const sentences = ['Become a member of the rowing club and you get a key to the boathouse.', 'Donate what you can, the lock keeper said, and the gates will be painted by June.'];
    for (const line of sentences) expect(extractPage(page({ paragraphs: [...PROSE, line] }), URL_BASE).text.split('\n\n'), line).toEqual([...PROSE, line]);
  });

  it('keeps sentences that start like meta lines', () => {
    const lines = ['Updated the rules on 12 May 2024 after the flood.', 'Published in 1911, the guide is still sold at the lock.', 'No comments were taken at the meeting.', 'Listen.', 'Jane Hill, the lock keeper, opened the gates.'];
    for (const line of lines) {
      expect(extractPage(page({ paragraphs: [line, ...PROSE] }), URL_BASE).text.split('\n\n'), line).toEqual([line, ...PROSE]);
      expect(extractPage(page({ paragraphs: [...PROSE, line] }), URL_BASE).text.split('\n\n'), line).toEqual([...PROSE, line]);
    }
  });

  it('drops a promo box or a furniture line between the last paragraphs and keeps the paragraphs after it', () => {
    const boxes = [
      '<div><p><strong>Get our free newsletter</strong></p><p>The best of the valley, every morning in your inbox.</p><p><a href="/newsletter">Sign up</a></p></div>',
      '<div><h3>Sign up for The Morning</h3><p>The news you need to start your day, delivered to your inbox.</p></div>',
      '<div><p>Download the Courier app for the latest news, on <a href="/ios">iOS</a> and <a href="/android">Android</a>.</p></div>',
    ];
    for (const box of boxes) {
      const html = page().replace('<p>Skippers', `${box}<p>Skippers`);
      expect(extractPage(html, URL_BASE).text.split('\n\n'), box).toEqual(PROSE);
    }
    // A furniture line closing a part of the body that holds paragraphs takes only itself.
    const parts = page().replace(/<div class="entry-content">[\s\S]*?<\/div>/, `<div class="entry-content"><div class="part"><p>${PROSE[0]}</p><p>${PROSE[1]}</p><p>Get our free newsletter</p></div><div class="part"><p>${PROSE[2]}</p></div></div>`);
    expect(extractPage(parts, URL_BASE).text.split('\n\n')).toEqual(PROSE);
    // A loose furniture line with only paragraphs of prose after it goes alone too.
    for (const line of ['Top stories', 'Share via', 'More from the Courier']) {
      expect(extractPage(page({ paragraphs: [PROSE[0], line, PROSE[1], PROSE[2]] }), URL_BASE).text.split('\n\n'), line).toEqual(PROSE);
    }
  });

  it('drops copyright and CMS credit lines left inside the body', () => {
    const credit = 'If you share these notes please link back. (c) 2024 River Notes | powered by WordPress';
    const result = extractPage(page({ paragraphs: [...PROSE, credit] }), URL_BASE);
    expect(result.text.split('\n\n')).toEqual(PROSE);
  });

  it('keeps a linked sentence that leads into a quotation with a colon, in the body or near its end, and drops a linked pointer line', () => {
    const lead = 'This video comes via <a href="https://tv.example/nz">a TV news station in New Zealand</a>:';
    const quote = '<q>The eclipse reached totality over Cairns at 6.38 in the morning, and the crowd on the beach went quiet.</q>';
    const pointer = 'Related: <a href="/2024/05/lock-keepers">The last lock keepers on the river</a>';
    const text = extractPage(page({ paragraphs: [PROSE[0], lead, quote, PROSE[1], pointer, PROSE[2]] }), URL_BASE).text;
    expect(text).toContain('This video comes via a TV news station in New Zealand:');
    expect(text).toContain('The eclipse reached totality');
    expect(text).not.toContain('The last lock keepers');
    const nearEnd = extractPage(page({ paragraphs: [...PROSE, lead, quote] }), URL_BASE).text;
    expect(nearEnd.endsWith('This video comes via a TV news station in New Zealand:\n\nThe eclipse reached totality over Cairns at 6.38 in the morning, and the crowd on the beach went quiet.')).toBe(true);
  });

  it('does not mistake a hook class or a taxonomy class for furniture', () => {
    const html = page().replace('<div class="entry-content">', '<div class="entry-content js-social-images tag-sharing">');
    expect(extractPage(html, URL_BASE).text.split('\n\n')).toEqual(PROSE);
  });
});
