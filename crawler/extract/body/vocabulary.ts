import { attr } from '../dom.ts';

// Words that class and id attributes use for page furniture, and for article bodies. Matched per
// part of a class token ("post-share-bar" has the parts post, share, bar), so "shareholder" or
// "commentary" never match "share" or "comment".

/** Furniture that is never the article, however much text it holds (comment threads can outweigh a post). */
const STRONG_PARTS = [
  'comment', 'comments', 'commentlist', 'commentform', 'commentsarea', 'disqus', 'dsq', 'respond', 'replies', 'trackbacks', 'pingbacks',
  'share', 'shares', 'sharing', 'sharebar', 'sharethis', 'sharedaddy', 'shareaholic', 'addthis', 'addtoany', 'a2a', 'social', 'sociable',
  'socialmedia', 'feedflare', 'tweetmeme', 'fblike', 'reblog', 'reblogs', 'reply',
  'related', 'relatedposts', 'yarpp', 'recommended', 'recommendations', 'mostpopular', 'trending', 'outbrain', 'taboola', 'zergnet',
  'newsletter', 'subscribe', 'subscription', 'signup', 'optin', 'mailchimp', 'mailinglist',
  'cookie', 'cookies', 'consent', 'gdpr',
  'ad', 'ads', 'advert', 'adverts', 'advertisement', 'advertising', 'adsense', 'adslot', 'adunit', 'adwrap', 'adcontainer', 'dfp',
  'sponsor', 'sponsored', 'promo', 'promos',
  'breadcrumb', 'breadcrumbs', 'pagination', 'pager', 'skiplink', 'navbar', 'navigation', 'nav', 'menu', 'toolbar',
  'sidebar', 'widget', 'widgets', 'footer', 'masthead', 'rail',
  'byline', 'author', 'authors', 'bio', 'authorbio', 'aboutauthor', 'profile', 'dateline', 'postmeta', 'meta', 'timestamp', 'posted',
  'tags', 'tagcloud', 'taglist', 'categories',
  'popup', 'modal', 'overlay', 'lightbox', 'login', 'signin', 'register', 'search', 'searchform',
  'rating', 'ratings', 'vote', 'votes', 'rss', 'prevnext', 'prev', 'previous', 'next',
];

/** Whole tokens for content hidden from sighted readers. */
const HIDDEN_TOKENS = ['hidden', 'hide', 'invisible', 'sr-only', 'screen-reader-text', 'visually-hidden', 'visuallyhidden', 'element-invisible', 'offscreen', 'screenreader'];

/** "most-read", "most-popular", "more-stories", "you-may-also-like" and kin span parts. */
const COMPOUND = /(?:^|[\s_-])(?:most[\s_-]?(?:read|popular|viewed|shared|emailed|commented)|more[\s_-]?(?:stories|articles|news|from)|also[\s_-]?(?:like|read)|read[\s_-]?(?:next|more|also)|post[\s_-]?(?:nav|navigation|tags|footer|meta|info|details)|entry[\s_-]?(?:meta|footer|utility|tags)|article[\s_-]?(?:tools|footer|meta|info|share)|skip[\s_-]?(?:link|to|nav))/;

// WordPress puts taxonomy terms into post classes ("tag-social-media", "category-advertising"):
// those say what the post is about, not what the element is. "js-" classes are script hooks.
const TAXONOMY_TOKEN = /^(?:tag|category|categories|cat|format|status|type|topic|term|js)[-_]/;

const STRONG = new RegExp(`(?:^|[\\s_-])(?:${STRONG_PARTS.join('|')})(?=$|[\\s_-])`);

function meaningfulTokens(classAndId: string): string {
  if (!classAndId) return '';
  return classAndId
    .split(/\s+/)
    .filter((token) => token && !TAXONOMY_TOKEN.test(token))
    .join(' ');
}

export function isFurniture(classAndId: string): boolean {
  const tokens = meaningfulTokens(classAndId);
  return tokens !== '' && (STRONG.test(tokens) || COMPOUND.test(tokens) || COMMENTS.test(tokens));
}

// Utility frameworks hide at one width and show at another ("hidden md:block" in Tailwind,
// "hidden-xs" in Bootstrap 3): such an element is visible on a desktop reader.
const SHOWN_AT_SOME_WIDTH = /(?:^|\s)(?:[a-z0-9]+:(?:block|flex|grid|inline|inline-block|inline-flex|table|contents|visible)|d-(?:sm|md|lg|xl)-(?:block|flex|inline|grid))(?=$|\s)/;

export function isHiddenByClass(classAndId: string): boolean {
  if (!classAndId) return false;
  let hidden = false;
  for (const token of classAndId.split(/\s+/)) if (HIDDEN_TOKENS.includes(token)) hidden = true;
  return hidden && !SHOWN_AT_SOME_WIDTH.test(classAndId);
}

/**
 * Comment threads: removed even when they hold most of the page's text. Templates name their parts
 * "commentlist", "commentbody", "comment-123", "comments-area": any class or id token starting with
 * "comment" counts (but not "commentary", an article genre).
 */
const COMMENTS = /(?:^|\s)(?:[\w-]*[_-])?(?:comment(?!ar)|disqus|dsq[_-]|respond(?:$|\s|[_-])|trackbacks|pingbacks)/;

// State and counter classes ("has-comments", "comments-open", "comment-count") describe a post,
// not a thread: furniture at most, never removed regardless of size.
const COMMENT_STATE = /^(?:has|with|no|show|allow)[_-]|[_-](?:open|closed|count|counts|link|links|number|num|icon|bubble|enabled|disabled)$/;

export function isCommentThread(classAndId: string): boolean {
  const tokens = meaningfulTokens(classAndId)
    .split(' ')
    .filter((token) => !COMMENT_STATE.test(token))
    .join(' ');
  return tokens !== '' && COMMENTS.test(tokens);
}

// Known article-body containers: schema.org markup, then the classes and ids of common CMSs and
// themes (WordPress, Blogger, Drupal, Ghost, news templates), then generic post wrappers, then
// the semantic <article> and <main>. A lower level is more specific.

export const LEVEL_SCHEMA = 0;
export const LEVEL_CMS = 1;
export const LEVEL_POST = 2;
export const LEVEL_ARTICLE = 3;
export const LEVEL_MAIN = 4;

const CMS_BODY = /(?:^|[\s_-])(?:entry[-_]{0,2}(?:content|body|text)|post[-_]{0,2}(?:content|body|entry|text|inner)|article[-_]{0,2}(?:body|content|text|copy)|story[-_]{0,2}(?:body|content|text)|blog[-_]{0,2}(?:post[-_]{0,2})?(?:body|content)|single[-_]{0,2}(?:post[-_]{0,2})?content|body[-_]{0,2}(?:text|copy)|text[-_]{0,2}content|field[-_]{1,2}name[-_]{1,2}body|field[-_]{0,2}body|content[-_]{0,2}body|main[-_]{0,2}content[-_]{0,2}body|gh[-_]content|rich[-_]{0,2}text[-_]{0,2}body)(?=$|[\s_-])/;
const POST_WRAPPER = /^(?:entry|post|hentry|story|article|type-post|blog-post|single-post)$/;

export function containerLevel(el: Element): number {
  const itemprop = el.getAttribute('itemprop') ?? el.getAttribute('property');
  if (itemprop && /(?:^|\s)(?:articlebody|reviewbody)(?:$|\s)/i.test(itemprop)) return LEVEL_SCHEMA;
  const cls = (attr(el, 'class') ?? '').toLowerCase();
  const id = (attr(el, 'id') ?? '').toLowerCase();
  const names = `${cls} ${id}`;
  if (names.length > 1 && CMS_BODY.test(names) && !isFurniture(names)) return LEVEL_CMS;
  if (cls && cls.split(/\s+/).some((token) => POST_WRAPPER.test(token))) return LEVEL_POST;
  if (id && POST_WRAPPER.test(id)) return LEVEL_POST;
  const tag = el.localName;
  if (tag === 'article' || /^article$/i.test(el.getAttribute('role') ?? '')) return LEVEL_ARTICLE;
  const itemtype = el.getAttribute('itemtype');
  if (itemtype && /schema\.org\/(?:\w*Article|BlogPosting|Review)\b/i.test(itemtype)) return LEVEL_ARTICLE;
  if (tag === 'main' || /^main$/i.test(el.getAttribute('role') ?? '')) return LEVEL_MAIN;
  if (/^(?:main-?content|content|main)$/.test(id) || cls.split(/\s+/).some((t) => /^(?:main-?content|content)$/.test(t))) return LEVEL_MAIN;
  return -1;
}

// Captions and credits: "wp-caption-text", "image-caption", "cutline" (the newspaper word),
// "photo-credit", "imageCredit". Captions are also named in camel case ("expCaption",
// "galleryCaption411"), which lower-casing runs together: any token holding "caption" counts.
const CAPTION = /caption|(?:^|[\s_-])cutline(?=$|[\s_-])/;
const CREDIT = /(?:^|[\s_-])(?:credit|credits|photocredit|imagecredit)(?=$|[\s_-])/;

// Summary boxes set into an article (body/fact-boxes.ts).
const FACT_BOX = /(?:^|[\s_-])(?:factbox|fact[\s_-]box|keyfacts|key[\s_-]facts|keypoints|key[\s_-]points|at[\s_-]a[\s_-]glance|ataglance|highlights|storyhighlights|story[\s_-]highlights|pullout|pull[\s_-]out|story[\s_-]feature)(?=$|[\s_-])/;

/** A pull quote repeats a line of the article in large type: furniture, whatever its tag. */
const PULL_QUOTE = /(?:^|[\s_-])pull[\s_-]?quote(?=$|[\s_-])/;

export function namesPullQuote(classAndId: string): boolean {
  return classAndId !== '' && PULL_QUOTE.test(meaningfulTokens(classAndId));
}

export function namesFactBox(classAndId: string): boolean {
  return classAndId !== '' && FACT_BOX.test(meaningfulTokens(classAndId));
}

export function namesCaption(classAndId: string): boolean {
  return classAndId !== '' && CAPTION.test(meaningfulTokens(classAndId));
}

export function namesCredit(classAndId: string): boolean {
  return classAndId !== '' && CREDIT.test(meaningfulTokens(classAndId));
}

// Embedded social posts: the platforms' own blockquote markup, shown as a quotation with a link to
// the post. Their text is mostly mentions, hashtags and links, which link-density rules would drop.
const EMBEDDED_POST = /(?:^|\s)(?:twitter-tweet|twitter-video|instagram-media|tiktok-embed|bluesky-embed|mastodon-embed|text-post-media|reddit-card|fb-xfbml-parse-ignore)(?=$|\s)/i;

export function isEmbeddedPost(el: Element): boolean {
  return el.localName === 'blockquote' && EMBEDDED_POST.test(attr(el, 'class') ?? '');
}

/** Whether `el` is, or is inside, an embedded social post (up to `root`). */
export function inEmbeddedPost(el: Element, root: Element): boolean {
  for (let node: Element | null = el; node && node !== root; node = node.parentElement) if (isEmbeddedPost(node)) return true;
  return false;
}
