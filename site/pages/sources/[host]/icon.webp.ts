import type { APIRoute, GetStaticPaths } from 'astro';
import { paths, sources } from '../../../lib/site-data.ts';
import { sourceIconBytes } from '../../../lib/source-icon.ts';

export const getStaticPaths: GetStaticPaths = async () => (await sources()).map((s) => ({ params: { host: s.host }, props: { file: s.health?.icon ?? null } }));

export const GET: APIRoute = async ({ props }) => {
  const bytes = await sourceIconBytes(paths.root, (props as { file: string | null }).file);
  return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/webp' } });
};
