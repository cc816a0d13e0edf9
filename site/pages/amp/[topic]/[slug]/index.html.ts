import type { APIRoute, GetStaticPaths } from 'astro';
import { bodyOf, site, staticPaths } from '../../../../model/site-data.ts';
import type { AmpPageProps } from '../../../../model/pages/article.ts';
import { renderAmpArticle } from '../../../../outputs/amp-page.ts';

// An endpoint rather than an .astro page: AMP needs exact markup (the ⚡ attribute, one
// <style amp-custom>, no framework scripts or styles), so the document is written whole.
export const getStaticPaths: GetStaticPaths = () => staticPaths<AmpPageProps>('amp');

export const GET: APIRoute<AmpPageProps> = async ({ props }) => {
  const { article, topicName } = props;
  return new Response(renderAmpArticle(site, article, await bodyOf(article), topicName), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
};
