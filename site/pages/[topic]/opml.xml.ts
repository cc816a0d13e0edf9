import type { APIRoute, GetStaticPaths } from 'astro';
import { siteIndex, sourceHealth } from '../../model/site-data.ts';
import { siteOpml } from '../../outputs/opml.ts';

// Only topics in the config have sources; a removed topic's pages build without a list.
export const getStaticPaths: GetStaticPaths = async () => (await siteIndex()).topics.filter((t) => t.configured).map((topic) => ({ params: { topic: topic.slug } }));

export const GET: APIRoute = async ({ params }) => {
  const index = await siteIndex();
  return new Response(siteOpml(index, index.topicBySlug.get(params.topic!)!, sourceHealth()), { headers: { 'Content-Type': 'text/x-opml; charset=utf-8' } });
};
