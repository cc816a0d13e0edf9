// The four fictional publications, where their articles live and what their robots.txt says.
import { pad2, isoDay } from './html.ts';
import type { SiteId, TopicId } from './types.ts';

export interface SiteInfo {
  id: SiteId;
  host: string;
  name: string;
  tagline: string;
  /** Topics it publishes; the first is its main one. */
  topics: TopicId[];
  imageFormat: 'jpeg' | 'webp';
  robots: string;
  articlePath(a: { slug: string; date: Date; topic: TopicId }): string;
  imagePath(a: { slug: string; date: Date; topic: TopicId }): string;
}

export const FORUM_HOST = 'forum.test';
export const SEARCH_HOST = 'search.test';
export const WWW_ORBITAL_HOST = 'www.orbitalnotes.test';

export const SITES: Record<SiteId, SiteInfo> = {
  orbitalnotes: {
    id: 'orbitalnotes',
    host: 'orbitalnotes.test',
    name: 'Orbital Notes',
    tagline: 'Field notes on planets, probes and the night sky',
    topics: ['space'],
    imageFormat: 'jpeg',
    robots: 'User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n\nSitemap: http://orbitalnotes.test/sitemap.xml\n',
    articlePath: (a) => `/${a.date.getUTCFullYear()}/${pad2(a.date.getUTCMonth() + 1)}/${a.slug}/`,
    imagePath: (a) => `/wp-content/uploads/${a.date.getUTCFullYear()}/${pad2(a.date.getUTCMonth() + 1)}/${a.slug}-1200x630.jpg`,
  },
  greenledger: {
    id: 'greenledger',
    host: 'greenledger.test',
    name: 'The Green Ledger',
    tagline: 'Climate and energy, by the numbers',
    topics: ['climate'],
    imageFormat: 'jpeg',
    robots: 'User-agent: *\nDisallow: /search\nDisallow: /account/\n\nSitemap: http://greenledger.test/sitemap.xml\n',
    articlePath: (a) => `/news/${isoDay(a.date)}/${a.slug}`,
    imagePath: (a) => `/media/lead/${a.slug}.jpg`,
  },
  bytesmith: {
    id: 'bytesmith',
    host: 'bytesmith.test',
    name: 'Bytesmith',
    tagline: 'Notes from the software workbench',
    topics: ['software'],
    imageFormat: 'webp',
    robots: 'User-agent: *\nDisallow: /drafts/\n\nSitemap: http://bytesmith.test/sitemap.xml\n',
    articlePath: (a) => `/posts/${a.slug}/`,
    imagePath: (a) => `/images/posts/${a.slug}.webp`,
  },
  dailyparallax: {
    id: 'dailyparallax',
    host: 'dailyparallax.test',
    name: 'The Daily Parallax',
    tagline: 'Science, climate and technology for the curious',
    topics: ['space', 'climate', 'software'],
    imageFormat: 'webp',
    robots: 'User-agent: *\nDisallow: /account/\nDisallow: /api/\n\nUser-agent: BadBot\nDisallow: /\n\nSitemap: http://dailyparallax.test/sitemap.xml\n',
    articlePath: (a) => `/section/${a.topic}/${a.slug}`,
    imagePath: (a) => `/img/${a.topic}/${a.slug}.webp`,
  },
};

/** Which sites may carry which topic: the topic blogs carry only their own. */
export function siteCarriesTopic(site: SiteId, topic: TopicId): boolean {
  return SITES[site].topics.includes(topic);
}

export const SECTION_NAMES: Record<TopicId, string> = { space: 'Space', climate: 'Climate', software: 'Technology' };

export function siteUrl(site: SiteId, path: string): string {
  return `http://${SITES[site].host}${path}`;
}
