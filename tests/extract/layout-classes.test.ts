import { describe, expect, it } from 'vitest';
import { extractPage } from '../../crawler/extract/index.ts';
import { fixture, page, PROSE, URL_BASE } from './helpers.ts';

// Layouts that measured extraction failures on real pages (issue 17), each reproduced by a small
// hand-written fixture.

describe('captions and credits (class 2)', () => {
  const result = extractPage(fixture('captions-and-credits.html'), 'https://valleycourier.example/2024/06/wet-spring');

  it('keeps every paragraph of the article', () => {
    expect(result.text.split('\n\n')).toHaveLength(5);
    expect(result.text.startsWith('Allotment holders across the valley')).toBe(true);
    expect(result.text).toContain('Next year the beans go up, not down.');
  });

  it('keeps figure captions, gallery captions and counters out of the text', () => {
    for (const phrase of ['not the rabbit', 'Standing water on the lower beds', 'Seed trays drying', 'Image 1 of 5', 'Image 2 of 5', 'used as a pump store']) {
      expect(result.text).not.toContain(phrase);
    }
  });

  it('drops credit lines, including one glued to the caption ("rabbitCredit")', () => {
    for (const phrase of ['Credit', 'Jane Doe/AP', 'Photo: Mark Jones', 'Reuters']) {
      expect(result.text).not.toContain(phrase);
      expect(result.html).not.toContain(phrase);
    }
  });

  it('does the same on a body chosen by Readability (detached from the page)', () => {
    const html = fixture('captions-and-credits.html').replace('<div class="article-body">', '<div>').replaceAll('article>', 'div>').replace('<main>', '<div>').replace('</main>', '</div>');
    const readability = extractPage(html, 'https://valleycourier.example/2024/06/wet-spring');
    expect(readability.strategy).toBe('readability');
    expect(readability.text).toContain('Allotment holders across the valley');
    for (const phrase of ['Credit', 'Photo: Mark Jones', 'Image 1 of 5', 'Seed trays drying']) expect(readability.text).not.toContain(phrase);
  });

  it('drops a gallery pager and its controls, named in camel case ("galleryCaptionControl")', () => {
    const pager = `<div class="galleryCaptionControl"><p>Storm damage on the coast</p><p>HIDE CAPTION</p></div><div><p><span>&lt;&lt;</span></p><p><span>&lt;</span></p><div>${[1, 2, 3, 4, 5].map((n) => `<p><span>${n}</span></p>`).join('')}</div><p><span>&gt;</span></p><p><span>&gt;&gt;</span></p></div>`;
    const text = extractPage(page({ paragraphs: [PROSE[0], pager, PROSE[1], PROSE[2]] }), URL_BASE).text;
    expect(text.split('\n\n')).toEqual(PROSE);
  });

  it('keeps short paragraphs that merely start like a credit', () => {
    const paragraphs = ['Credit card debt rose again in May.', 'Photos by the hundred were posted from the allotments before the council replied to anyone at all.', 'Courtesy of the committee, every tenant got a free water butt.'];
    const text = extractPage(page({ paragraphs: [...PROSE, ...paragraphs] }), URL_BASE).text;
    for (const p of paragraphs) expect(text).toContain(p);
  });

  it('drops a credit announced to screen readers ("Image source, Getty Images")', () => {
    const text = extractPage(page({ paragraphs: [PROSE[0], 'Image source, Getty Images', PROSE[1], PROSE[2]] }), URL_BASE).text;
    expect(text.split('\n\n')).toEqual(PROSE);
  });

  it('keeps a caption set as a paragraph out of the text when it says what it is, and in the HTML', () => {
    const captions = ['Image caption, Skippers lined up before dawn', 'FILE - Skippers wait at the lock, May 2, 2024. (AP Photo/Jane Hill, File)', 'The first barge clears the weir. (Photo: Tom Reed)'];
    for (const caption of captions) {
      const result = extractPage(page({ paragraphs: [PROSE[0], '<img src="/lock.jpg" width="1200" height="800" alt="">', caption, PROSE[1], PROSE[2]] }), URL_BASE);
      expect(result.text.split('\n\n'), caption).toEqual(PROSE);
      expect(result.html, caption).toContain(caption.slice(0, 20));
    }
    const sentence = 'The new gates are shown on the notice board at the lock (photo: page 3).';
    expect(extractPage(page({ paragraphs: [...PROSE, sentence] }), URL_BASE).text).toContain(sentence);
  });

  it('keeps a photo story told in captions that end with their credit', () => {
    const captions = [
      'Lanterns hang over the harbour road on the first night of the festival. (AP Photo/Jane Hill)',
      'Children carry paper boats to the water at dusk; each boat holds a candle. (AP Photo/Jane Hill)',
      'By midnight the bay is full of small lights, and the ferry waits at the pier. (AP Photo/Tom Reed)',
    ];
    const paragraphs = captions.flatMap((c, i) => [`<img src="/photos/${i}.jpg" alt="" width="1200" height="800">`, c]);
    const result = extractPage(page({ paragraphs: ['Photos from the lantern festival.', ...paragraphs] }), URL_BASE);
    for (const caption of captions) expect(result.text).toContain(caption);
  });

  it('keeps a figure caption with its image in the HTML', () => {
    expect(result.html).toMatch(/<figcaption>\s*<span class="caption-text">Growers blame the losses on slugs, not the rabbit<\/span>\s*<\/figcaption>/);
  });

  it('keeps the captions of a photo story, where they are most of the text', () => {
    const captions = [
      'Lanterns hang over the harbour road on the first night of the festival, when the fishing fleet stays in port.',
      'Children carry paper boats to the water at dusk; each boat holds a candle and a wish written by a grandparent.',
      'By midnight the bay is full of small lights, and the ferry waits at the pier until the last of them has drifted past.',
    ];
    const figures = captions.map((c, i) => `<figure><img src="/photos/${i}.jpg" alt="" width="1200" height="800"><figcaption>${c}</figcaption></figure>`);
    const result = extractPage(page({ paragraphs: ['Photos from the lantern festival.', ...figures] }), URL_BASE);
    for (const caption of captions) expect(result.text).toContain(caption);
  });
});

describe('teaser blocks (class 4)', () => {
  const result = extractPage(fixture('teaser-blocks.html'), 'https://valleycourier.example/2024/06/last-ferryman');

  it('drops "You may also like", "Subscribe to X" and "More stories" boxes inside the body', () => {
    for (const phrase of ['You may also like', 'Dredging the harbour', 'first harvest sold out', 'Subscribe to', 'Sign me up', 'every Friday morning', 'More stories', "lighthouse keeper's daughter", 'very wet car park']) {
      expect(result.text).not.toContain(phrase);
    }
  });

  it('keeps every paragraph of the article, including the one after a teaser box', () => {
    expect(result.text.split('\n\n')).toHaveLength(5);
    expect(result.text.endsWith('one of them has already been out on the water.')).toBe(true);
  });

  it('keeps a section whose heading looks like a teaser but holds prose', () => {
    const section = '<h3>More on the ferry</h3><p>The <a href="/ferry-history">ferry</a> first ran in 1872, when the parish paid a boatman a shilling a day to carry workers to the brickworks on the far bank, and it has run every year since except two.</p><p>In 1953 the flood took the old slipway, and the <a href="/slipway">new one</a> was built by volunteers from both villages over a single summer.</p>';
    const html = fixture('teaser-blocks.html').replace('<p>The crossing takes', `<div class="block">${section}</div><p>The crossing takes`);
    const text = extractPage(html, 'https://valleycourier.example/2024/06/last-ferryman').text;
    expect(text).toContain('The ferry first ran in 1872');
    expect(text).toContain('built by volunteers from both villages');
  });
});

describe('body split over sibling containers (class 1)', () => {
  const URL = 'https://soundandcraft.example/2024/03/organ-workshop';
  const paragraphs = [
    'The barn outside Ledbury',
    'The work is slow because',
    '"People think organs are furniture,"',
    'Each pipe is voiced by ear.',
    'The waiting list now runs',
    'Pryce is training two apprentices',
    'The parish has already booked a concert for its return.',
  ];
  const layouts = {
    'parts named by no known class (found before Readability)': fixture('split-body.html'),
    'parts with a known body class, each in a grid cell of its own': fixture('split-body.html').replaceAll('class="body__inner-container"', 'class="body__inner-container article__body"'),
  };

  for (const [name, html] of Object.entries(layouts)) {
    it(`keeps every part, in order, with the subheading between two parts: ${name}`, () => {
      const result = extractPage(html, URL);
      const positions = paragraphs.map((p) => result.text.indexOf(p));
      expect(positions.every((at) => at >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(result.text).toContain('A waiting list of forty churches\n\n"People think');
      for (const phrase of ['Advertisement', 'Sign up']) expect(result.text).not.toContain(phrase);
    });
  }

  it('does not join the bodies of a listing page, where a linked title stands between them', () => {
    const post = (n: number) => `<h2><a href="/posts/${n}">Post ${n}</a></h2><div class="entry-body"><p>Post ${n} text: ${'a sentence about the workshop and its organs, long enough to count as a paragraph. '.repeat(n)}</p></div>`;
    const html = `<html><head><title>Blog</title></head><body><div class="posts">${[1, 2, 3].map(post).join('')}</div></body></html>`;
    const text = extractPage(html, 'https://soundandcraft.example/blog/').text;
    expect(text).not.toContain('Post 1 text');
  });
});

describe('body split over containers that schema.org marks (class 1)', () => {
  const result = extractPage(fixture('schema-parts.html'), 'https://valleycourier.example/2024/06/harbour-crane');

  it('keeps every articleBody part of the article, in order, around an inline promo box', () => {
    const paragraphs = result.text.split('\n\n');
    expect(paragraphs).toHaveLength(4);
    expect(paragraphs[0]).toMatch(/^PORTHAVEN — For sixty years the red crane/);
    expect(paragraphs[3]).toMatch(/^A mobile crane will serve the quay/);
    expect(result.text).not.toContain('Follow');
  });

  it("leaves out another item's articleBody (a related story)", () => {
    expect(result.text).not.toContain('lighthouse');
    expect(result.text).not.toContain('keepers');
  });
});

describe('embedded social posts (class 3)', () => {
  const result = extractPage(fixture('embedded-posts.html'), 'https://valleycourier.example/2024/05/night-ferry');

  it('keeps a tweet of mentions and hashtags as a quotation with its link', () => {
    expect(result.text).toContain('The night ferry stays! @ValleyCouncil #SaveTheFerry');
    expect(result.text).toContain('— Jo Marsh (@jomarsh_nurse) May 14, 2024');
    expect(result.html).toMatch(/<blockquote class="twitter-tweet"[^>]*><p[^>]*>The night ferry stays!/);
    expect(result.html).toContain('href="https://twitter.com/jomarsh_nurse/status/1790000000000000000"');
  });

  it("keeps the paragraphs around the posts, and drops the platform's own chrome", () => {
    expect(result.text).toContain('posted the news within minutes:');
    expect(result.text).toContain('The ferry costs the council');
    expect(result.text).not.toContain('View this post on Instagram');
    expect(result.text).not.toContain('A post shared by');
  });
});

describe('reaction notes under a post (reblogs, likes, replies)', () => {
  const result = extractPage(fixture('reblog-notes.html'), 'https://valleynotes.example/post/1234/night-ferry-timetable');

  it("keeps the post and drops its notes: likes, reblogs with their added commentary, replies", () => {
    expect(result.text.split('\n\n')).toHaveLength(3);
    expect(result.text.endsWith('ask them why it changed.')).toBe(true);
    for (const phrase of ['liked this', 'reblogged this', 'four hundred names', 'latebus', 'bench is not getting any softer']) expect(result.text).not.toContain(phrase);
  });

  it('drops a note line outside any note box ("nickmongo liked this"), and keeps a short sentence that reads like one ("Nobody liked this.")', () => {
    const text = extractPage(page({ paragraphs: [...PROSE, 'Nobody liked this.', 'nickmongo liked this', 'ealperin reblogged this from valleynotes'] }), URL_BASE).text;
    expect(text).toContain('Nobody liked this.');
    expect(text).not.toContain('nickmongo');
    expect(text).not.toContain('ealperin');
  });
});

describe('old layouts: tables, <br> paragraphs, sidebars, <pre> (class 5)', () => {
  it('takes the content cell of a 1999 table layout, not its navigation column', () => {
    const result = extractPage(fixture('table-layout.html'), 'http://abbotsford-heritage.example/mill.html');
    expect(result.text).toContain('the undershot wheel of the old corn mill at Abbots Ford turned again');
    expect(result.text).toContain('The millstones still need dressing');
    expect(result.text).toContain("The miller's notebook\nWhile clearing the loft");
    for (const phrase of ['Sign our Guestbook', 'Photo Album', 'Packhorse Bridge', 'visitor number', 'Best viewed with Netscape']) expect(result.text).not.toContain(phrase);
  });

  it('gives <br><br>-separated text paragraph markup, wherever it sits', () => {
    const html = fixture('br-separated.html');
    const layouts = {
      'under <body>': html,
      'in a single <div>': html.replace('<body bgcolor="white">', '<body><div>').replace('</body>', '</div></body>'),
      'in a <td> beside a link column': html.replace('<body bgcolor="white">', '<body><table><tr><td><a href="/">Home</a><br><a href="/bees">Bees</a><br><a href="/honey">Honey</a></td><td>').replace('</body>', '</td></tr></table></body>'),
    };
    for (const [name, page] of Object.entries(layouts)) {
      const result = extractPage(page, 'http://apiary.example/wet-summer.html');
      expect(result.text, name).toContain('This has been the wettest summer I can remember since I started keeping bees in 1987');
      expect(result.text, name).toContain('keep a closer eye on the stores from May onwards.');
      expect(result.text, name).not.toContain('Back to the apiary pages');
      expect(result.html.match(/<p>/g)?.length ?? 0, name).toBeGreaterThanOrEqual(5);
    }
  });

  it('keeps hard-wrapped lines (one <br> each) as the lines of one paragraph', () => {
    const wrapped = fixture('br-separated.html').replace(/ (and the colonies|a thin syrup|three colonies)/g, '<br>\n$1');
    const result = extractPage(wrapped, 'http://apiary.example/wet-summer.html');
    expect(result.text).toContain('since I started keeping bees in 1987,\nand the colonies have suffered for it.');
    expect(result.text).toContain('I treated in August rather than waiting for September');
  });

  it('takes a medium-length blog post over a longer sidebar of boxes, without the tagline or the date line', () => {
    const result = extractPage(fixture('blog-sidebar.html'), 'http://tidewaterkitchen.example/2012/10/damson-gin.html');
    expect(result.text.startsWith('The damson tree at the bottom of the garden')).toBe(true);
    expect(result.text).toContain('the boozy damsons are the best part.');
    for (const phrase of ['retired schoolteacher', 'Blog Archive', 'October 2012', 'The Preserving Pan', 'allotment society', 'Recipes, preserves and the occasional disaster', 'Sunday, October 14, 2012', 'Powered by Blogger']) {
      expect(result.text).not.toContain(phrase);
    }
  });

  it('takes a short post under its picture from the one body the page marks, not a sidebar of longer prose', () => {
    const result = extractPage(fixture('short-post.html'), 'http://craftshed.example/2012/11/lanterns.html');
    expect(result.text).toBe('Make and Mend shows how to fold this paper lantern garland, a bright thing to hang over the table for a winter party.');
    expect(result.html).toContain('<img');
  });

  it('does not take one short post of a listing that marks several bodies', () => {
    const html = fixture('short-post.html');
    const entry = html.slice(html.indexOf('<div class="entry-crafts entry"'), html.indexOf('<div id="beta">') - '</div>\n'.length);
    const listing = html.replace(entry, `${entry}\n${entry.replace('paper lantern garland', 'felt acorn garland')}`);
    const result = extractPage(listing, 'http://craftshed.example/');
    expect(result.text).not.toBe('Make and Mend shows how to fold this paper lantern garland, a bright thing to hang over the table for a winter party.');
  });

  it('keeps <pre>-formatted article text verbatim, without the link rows around it', () => {
    const result = extractPage(fixture('pre-article.html'), 'http://village.example/memos/bbs.html');
    expect(result.text).toContain('1. Why a bulletin board\n\n   The village hall committee agreed in January to run a dial-up\n   bulletin board');
    expect(result.text).toContain('to meet this from the hall lettings account for the first year.');
    for (const phrase of ['home | memos', 'contact', 'Back to the list of memos']) expect(result.text).not.toContain(phrase);
  });
});
