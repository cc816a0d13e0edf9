import { elements, isElement, tagOf } from './dom.ts';
import { isAcceptableDataImage, parseSrcset, pickFromSrcset } from './urls.ts';
import { isWebUrl } from '../url/index.ts';

// Lazy-loaded images keep their real URL in data-* attributes or a srcset and show a spacer
// (a 1×1 GIF, a data: URL, "blank.gif") in src. We choose one real URL for src, or drop the image.

const LAZY_SRCSET = ['data-srcset', 'data-lazy-srcset'];
const LAZY_SRC = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url', 'data-hi-res-src', 'data-full-src'];
const PLACEHOLDER_NAME = /(?:^|[/_.-])(?:blank|spacer|pixel|transparent|placeholder|lazy|lazyload|loading|loader|1x1|empty|dummy|grey|gray)(?:[/_.-]|$)/i;
const TRACKER = /(?:^|\.)(?:pixel\.wp\.com|stats\.wp\.com|doubleclick\.net|google-analytics\.com|googletagmanager\.com|facebook\.com\/tr|feeds\.feedburner\.com\/~r|pixel\.quantserve\.com|sb\.scorecardresearch\.com|analytics\.)/i;

export interface ImageSourceOptions {
  maxDataImageBytes: number;
}

function isPlaceholderUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return PLACEHOLDER_NAME.test(u.pathname) || TRACKER.test(u.hostname + u.pathname);
  } catch {
    return true;
  }
}

function usable(url: string | null, options: ImageSourceOptions): url is string {
  if (!url) return false;
  if (/^\s*data:/i.test(url)) return isAcceptableDataImage(url, options.maxDataImageBytes);
  return isWebUrl(url) && !isPlaceholderUrl(url);
}

function fromSrcset(el: Element, names: string[], options: ImageSourceOptions): string | null {
  for (const name of names) {
    const value = el.getAttribute(name);
    if (!value) continue;
    const candidates = parseSrcset(value).filter((c) => usable(c.url, options));
    const picked = pickFromSrcset(candidates);
    if (picked) return picked;
  }
  return null;
}

/** The URL an image should show, preferring the lazy-loading attributes over a spacer src. */
export function chooseImageSource(img: Element, options: ImageSourceOptions): string | null {
  const lazySrcset = fromSrcset(img, LAZY_SRCSET, options);
  if (lazySrcset) return lazySrcset;
  for (const name of LAZY_SRC) {
    const value = img.getAttribute(name);
    if (usable(value, options)) return value.trim();
  }
  const srcset = fromSrcset(img, ['srcset'], options);
  if (srcset) return srcset;
  const src = img.getAttribute('src');
  return usable(src, options) ? src.trim() : null;
}

function isTrackingPixel(img: Element): boolean {
  const tiny = (name: string) => {
    const m = /^\s*(\d+)(?:px)?\s*$/.exec(img.getAttribute(name) ?? '');
    return m !== null && Number(m[1]) <= 2;
  };
  return tiny('width') || tiny('height');
}

/** `<picture>`: the img's own source, else the first usable `<source srcset>`. */
function pictureSource(picture: Element, options: ImageSourceOptions): string | null {
  for (const source of elements(picture, 'source')) {
    const picked = fromSrcset(source, ['srcset', 'data-srcset'], options);
    if (picked) return picked;
  }
  return null;
}

/**
 * Gives every `<img>` one real `src` (dropping spacers, tracking pixels and images with no
 * usable URL), unwraps `<picture>`, and rescues the image a `<noscript>` holds when the
 * script-driven image next to it has no usable URL.
 */
export function resolveImages(document: Document, root: Element, options: ImageSourceOptions): void {
  for (const noscript of elements(root, 'noscript')) rescueNoscriptImage(document, noscript, options);

  for (const img of elements(root, 'img')) {
    let src = chooseImageSource(img, options);
    const picture = img.closest('picture');
    if (!src && picture) src = pictureSource(picture, options);
    for (const name of [...LAZY_SRCSET, ...LAZY_SRC, 'srcset', 'sizes', 'loading', 'decoding']) img.removeAttribute(name);
    if (!src || isTrackingPixel(img)) {
      img.remove();
      continue;
    }
    img.setAttribute('src', src);
  }

  for (const picture of elements(root, 'picture')) {
    const img = picture.querySelector('img');
    if (img) picture.replaceWith(img);
    else picture.remove();
  }
}

function rescueNoscriptImage(document: Document, noscript: Element, options: ImageSourceOptions): void {
  const fallback = noscript.querySelector('img');
  const fallbackSrc = fallback ? chooseImageSource(fallback, options) : null;
  if (fallback && fallbackSrc) {
    const sibling = previousImage(noscript);
    if (sibling) {
      if (!chooseImageSource(sibling, options)) sibling.setAttribute('src', fallbackSrc);
    } else {
      const img = document.createElement('img');
      img.setAttribute('src', fallbackSrc);
      for (const name of ['alt', 'title', 'width', 'height']) {
        const value = fallback.getAttribute(name);
        if (value !== null) img.setAttribute(name, value);
      }
      noscript.replaceWith(img);
      return;
    }
  }
  noscript.remove();
}

/** The script-driven image a `<noscript>` stands in for: its previous element sibling (or the img inside it). */
function previousImage(noscript: Element): Element | null {
  let prev = noscript.previousSibling;
  while (prev && !isElement(prev)) prev = prev.previousSibling;
  if (!prev || !isElement(prev)) return null;
  if (tagOf(prev) === 'img') return prev;
  return prev.querySelector('img');
}
