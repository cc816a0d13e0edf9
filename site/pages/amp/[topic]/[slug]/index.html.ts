import type { APIRoute, GetStaticPaths } from 'astro';
import { bodyOf, renders, siteIndex } from '../../../../model/site-data.ts';
import { renderAmpArticle } from '../../../../outputs/amp-page.ts';

// An endpoint rather than an .astro page: AMP needs exact markup (the ⚡ attribute, one
// <style amp-custom>, no framework scripts or styles), so the document is written whole.
export const getStaticPaths: GetStaticPaths = async () => {
  const index = await siteIndex();
  return index.articles.filter((article) => renders('amp', article.id)).map((article) => ({ params: { topic: article.topic, slug: article.slug } }));
};

export const GET: APIRoute = async ({ params }) => {
  const index = await siteIndex();
  const article = index.byId.get(`${params.topic}/${params.slug}`)!;
  return new Response(renderAmpArticle(index, article, await bodyOf(article)), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
};
