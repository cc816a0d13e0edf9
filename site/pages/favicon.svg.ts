import type { APIRoute } from 'astro';
import { iconSvg } from '../lib/icons.ts';

export const GET: APIRoute = () => new Response(iconSvg(false), { headers: { 'Content-Type': 'image/svg+xml' } });
