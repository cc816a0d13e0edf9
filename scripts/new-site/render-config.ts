import type { UserConfig } from '../../crawler/config/index.ts';
import type { Answers } from './answers.ts';

// Answers → the site.config.ts a fork keeps: short, commented, only what differs from the
// defaults, so the owner can read it and edit it by hand later.

export function userConfigOf(answers: Answers): UserConfig {
  const origin = answers.url.replace(/\/+$/, '');
  return {
    site: {
      title: answers.title,
      url: answers.url,
      description: answers.description,
      language: answers.language,
      author: answers.title,
      legal: { owner: answers.title, email: answers.email, dmcaEmail: answers.email, jurisdiction: '' },
    },
    topics: answers.topics.map((t) => ({
      slug: t.slug,
      name: t.name,
      description: '',
      keywords: t.keywords,
      sources: t.sources.map((s) => (s.kind === 'feed' ? s.url : { kind: s.kind, url: s.url })),
    })),
    publish: { mode: answers.mode, perTopicPerRun: 10, pageSize: 10 },
    crawl: { userAgent: `GleanerBot/0.1 (+${origin}/about/)` },
  };
}

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function list(items: string[]): string {
  return `[${items.map(quote).join(', ')}]`;
}

export function renderConfig(answers: Answers): string {
  const config = userConfigOf(answers);
  const site = config.site;
  const legal = site.legal!;
  const topics = config.topics
    .map((t) => {
      const sources = t.sources.map((s) => (typeof s === 'string' ? quote(s) : `{ kind: ${quote(s.kind)}, url: ${quote('url' in s ? s.url : '')} }`));
      return [
        '    {',
        `      slug: ${quote(t.slug)},`,
        `      name: ${quote(t.name)},`,
        `      description: ${quote(t.description ?? '')},`,
        `      keywords: ${list(t.keywords ?? [])},`,
        `      sources: [${sources.length ? `\n        ${sources.join(',\n        ')},\n      ` : ''}],`,
        '    },',
      ].join('\n');
    })
    .join('\n');
  return `import { defineConfig } from './crawler/config/index.ts';

// The one file a fork edits (written by \`npm run new-site\`). Sections left out use the
// defaults documented in crawler/config/schema.ts: publish, quality, crawl, search, images.
// A source is a feed URL, or { kind: 'sitemap' | 'site' | 'discourse' | 'opml', url }.

export default defineConfig({
  site: {
    title: ${quote(site.title)},
    url: ${quote(site.url)},
    description: ${quote(site.description ?? '')},
    language: ${quote(site.language ?? 'en')},
    author: ${quote(site.author ?? '')},
    legal: {
      owner: ${quote(legal.owner ?? '')},
      email: ${quote(legal.email ?? '')},
      dmcaEmail: ${quote(legal.dmcaEmail ?? '')},
      jurisdiction: ${quote(legal.jurisdiction ?? '')},
    },
  },

  topics: [
${topics}
  ],

  publish: {
    // How much of each article the site republishes: 'full' (needs the rights holder's permission
    // or a licence), 'excerpt' (lead paragraphs, a link to the original, canonical to it) or
    // 'link' (title, description, link). A topic or a source object can set its own \`mode\`.
    mode: ${quote(config.publish!.mode!)},
    perTopicPerRun: ${config.publish!.perTopicPerRun},
    pageSize: ${config.publish!.pageSize},
  },

  crawl: {
    userAgent: ${quote(config.crawl!.userAgent!)},
  },
});
`;
}
