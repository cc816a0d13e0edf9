import type { APIRoute, GetStaticPaths } from 'astro';
import { alwaysPages, paths } from '../../../model/site-data.ts';
import { sourceIconBytes } from '../../../outputs/source-icon.ts';

export const getStaticPaths: GetStaticPaths = () => alwaysPages().sources.map((s) => ({ params: { host: s.host }, props: { file: s.health?.icon ?? null } }));

export const GET: APIRoute = async ({ props }) => {
  const bytes = await sourceIconBytes(paths.root, (props as { file: string | null }).file);
  return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/webp' } });
};
