import { describe, expect, it } from 'vitest';
import { leadImageSchema } from '../../crawler/publish/frontmatter.ts';
import { imageAttrs, largestImage, pictureAttrs } from '../../site/html/images.ts';

const same = (s: string) => s;

const mixed = leadImageSchema.parse({
  src: '/media/a-1024.webp',
  alt: 'A harbour',
  width: 1200,
  height: 630,
  variants: [
    { src: '/media/a-320.webp', width: 320, format: 'webp' },
    { src: '/media/a-640.avif', width: 640, format: 'avif' },
    { src: '/media/a-640.webp', width: 640, format: 'webp' },
    { src: '/media/a-1024.avif', width: 1024, format: 'avif' },
    { src: '/media/a-1024.webp', width: 1024, format: 'webp' },
  ],
});

describe('lead images', () => {
  it('offers AVIF as a <source> and WebP as the <img> fallback, never mixing formats in one srcset', () => {
    const { sources, img } = pictureAttrs(mixed, same, 320);
    expect(sources).toEqual([{ type: 'image/avif', srcset: '/media/a-640.avif 640w, /media/a-1024.avif 1024w' }]);
    expect(img).toEqual({ src: '/media/a-320.webp', srcset: '/media/a-320.webp 320w, /media/a-640.webp 640w, /media/a-1024.webp 1024w', width: 320, height: 168, alt: 'A harbour' });
  });

  it('uses the largest widely supported variant for cards and feeds', () => {
    expect(largestImage(mixed)).toEqual({ src: '/media/a-1024.webp', width: 1024, height: 538, format: 'webp' });
    expect(imageAttrs(mixed, (s) => `/news${s}`).src).toBe('/news/media/a-1024.webp');
  });

  it('handles a remote image with no variants or size', () => {
    const remote = leadImageSchema.parse({ src: 'https://cdn.example.org/p.jpg', alt: '' });
    expect(pictureAttrs(remote, same)).toEqual({ sources: [], img: { src: 'https://cdn.example.org/p.jpg', alt: '' } });
    expect(largestImage(remote)).toEqual({ src: 'https://cdn.example.org/p.jpg', width: null, height: null, format: null });
  });
});
