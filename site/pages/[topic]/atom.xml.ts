import type { APIRoute, GetStaticPaths } from 'astro';
import { paths, siteIndex } from '../../model/site-data.ts';
import { feedResponse } from '../../outputs/feed-response.ts';

export const getStaticPaths: GetStaticPaths = async () => (await siteIndex()).topics.map((topic) => ({ params: { topic: topic.slug } }));

export const GET: APIRoute = async ({ params }) => {
  const index = await siteIndex();
  return feedResponse(index, paths.root, 'atom', index.topicBySlug.get(params.topic!)!);
};
