import { sitemapFiles } from '../../outputs/sitemap-data.ts';
import type { SitemapUrl } from '../../outputs/sitemap.ts';
import type { SiteIndex } from '../site-index.ts';

// One article sitemap file (/sitemaps/<name>.xml): its URLs.

export type SitemapPageProps = {
  urls: SitemapUrl[];
};

export function sitemapPageProps(index: SiteIndex, name: string): SitemapPageProps {
  return { urls: sitemapFiles(index).find((f) => f.name === name)!.urls };
}
