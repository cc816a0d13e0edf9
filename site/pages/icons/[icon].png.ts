import type { APIRoute, GetStaticPaths } from 'astro';
import sharp from 'sharp';
import { iconSvg, PNG_ICONS } from '../../outputs/icons.ts';

export const getStaticPaths: GetStaticPaths = () => Object.keys(PNG_ICONS).map((icon) => ({ params: { icon } }));

export const GET: APIRoute = async ({ params }) => {
  const { size, maskable } = PNG_ICONS[params.icon!];
  const png = await sharp(Buffer.from(iconSvg(maskable)), { density: 72 * (size / 100) * 1.5 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
