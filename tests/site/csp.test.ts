import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AMP_POLICY, STATIC_PAGE_HEADER_POLICY, THEME_BOOTSTRAP, cspHash, cspHeader, isAllowedImageUrl, isAmpPage, metaPolicy, policyImageUrl } from '../../site/html/csp.ts';

const PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src &#39;self&#39;;img-src &#39;self&#39; data: https:; script-src &#39;self&#39;;"></head><body></body></html>`;

describe('csp', () => {
  it('hashes inline code the way browsers do (sha256 of the exact text, base64)', () => {
    expect(cspHash('alert(1)')).toBe(`'sha256-${createHash('sha256').update('alert(1)').digest('base64')}'`);
    expect(cspHash(THEME_BOOTSTRAP)).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  it('reads a page’s meta policy and repeats it as a header with frame-ancestors', () => {
    expect(metaPolicy(PAGE)).toBe("default-src 'self';img-src 'self' data: https:; script-src 'self'");
    expect(cspHeader('space/a/index.html', PAGE)).toBe("default-src 'self';img-src 'self' data: https:; script-src 'self'; frame-ancestors 'none'");
    expect(cspHeader('index.html', '<!doctype html><title>x</title>')).toBeNull();
  });

  it('has a fixed header for CDNs that cannot vary it per page, which limits nothing a page needs', () => {
    expect(STATIC_PAGE_HEADER_POLICY).toBe("object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'");
    expect(STATIC_PAGE_HEADER_POLICY).not.toMatch(/default-src|script-src|style-src/);
  });

  it('gives AMP pages their own policy, which lets the runtime load from its CDN', () => {
    expect(isAmpPage('amp/space/a/index.html')).toBe(true);
    expect(isAmpPage('space/amp/index.html')).toBe(false);
    expect(cspHeader('amp/space/a/index.html', PAGE)).toBe(AMP_POLICY);
    expect(AMP_POLICY).toContain('script-src https://cdn.ampproject.org/v0.js');
    expect(AMP_POLICY).not.toContain('frame-ancestors');
    expect(AMP_POLICY).toContain("object-src 'none'");
  });

  it('allows images from the site, data: and https, and upgrades http', () => {
    expect(isAllowedImageUrl('/media/a.webp')).toBe(true);
    expect(isAllowedImageUrl('https://source.example/favicon.ico')).toBe(true);
    expect(isAllowedImageUrl('data:image/png;base64,AAAA')).toBe(true);
    expect(isAllowedImageUrl('http://source.example/favicon.ico')).toBe(false);
    expect(isAllowedImageUrl('//source.example/favicon.ico')).toBe(false);
    expect(isAllowedImageUrl('javascript:alert(1)')).toBe(false);
    expect(policyImageUrl('http://source.example/a.png')).toBe('https://source.example/a.png');
    expect(policyImageUrl('/media/a.webp')).toBe('/media/a.webp');
  });
});
