import type { APIRoute } from 'astro';
import { config, routes } from '../model/site-data.ts';
import { ICON_COLOR } from '../outputs/icons.ts';

export const GET: APIRoute = () => {
  const manifest = {
    name: config.site.title,
    short_name: config.site.title.length > 12 ? config.site.title.slice(0, 12).trim() : config.site.title,
    description: config.site.description || undefined,
    lang: config.site.language,
    start_url: routes.home(),
    scope: routes.home(),
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: ICON_COLOR,
    icons: [
      { src: routes.path('icons/icon-192.png'), sizes: '192x192', type: 'image/png' },
      { src: routes.path('icons/icon-512.png'), sizes: '512x512', type: 'image/png' },
      { src: routes.path('icons/icon-maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: routes.path('favicon.svg'), sizes: 'any', type: 'image/svg+xml' },
    ],
  };
  return new Response(`${JSON.stringify(manifest, null, 1)}\n`, { headers: { 'Content-Type': 'application/manifest+json' } });
};
