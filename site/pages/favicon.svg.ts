import type { APIRoute } from 'astro';
import { iconSvg } from '../outputs/icons.ts';

export const GET: APIRoute = () => new Response(iconSvg(false), { headers: { 'Content-Type': 'image/svg+xml' } });
