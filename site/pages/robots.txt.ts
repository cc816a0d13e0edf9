import type { APIRoute } from 'astro';
import { routes } from '../model/site-data.ts';

export const GET: APIRoute = () => {
  const body = ['User-agent: *', 'Allow: /', `Disallow: ${routes.path('pagefind/')}`, '', `Sitemap: ${routes.absolute(routes.path('sitemap-index.xml'))}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
