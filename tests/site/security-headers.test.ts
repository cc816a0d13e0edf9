import { describe, expect, it } from 'vitest';
import { AMP_POLICY, SCRIPT_FILE_POLICY, STATIC_PAGE_HEADER_POLICY } from '../../site/html/csp.ts';
import { cloudFrontHeadersPolicy, fileHeaders, SECURITY_HEADERS } from '../../site/html/security-headers.ts';

// The CloudFront response headers policies the build writes (dist/.gleaner/cloudfront-headers-*.json)
// must be accepted by `aws cloudfront create-response-headers-policy` as they are: the shape of a
// ResponseHeadersPolicyConfig, a name CloudFront allows, and the same values `npm run serve` sends.

type Policy = {
  Name: string;
  SecurityHeadersConfig: {
    ContentSecurityPolicy: { Override: boolean; ContentSecurityPolicy: string };
    FrameOptions?: { Override: boolean; FrameOption: string };
    ReferrerPolicy: { Override: boolean; ReferrerPolicy: string };
    StrictTransportSecurity: { Override: boolean; AccessControlMaxAgeSec: number; IncludeSubdomains: boolean; Preload: boolean };
    ContentTypeOptions: { Override: boolean };
  };
  CustomHeadersConfig: { Quantity: number; Items: Array<{ Header: string; Value: string; Override: boolean }> };
};

describe('CloudFront response headers policies', () => {
  const pages = cloudFrontHeadersPolicy('pages', 'My News: Science & More') as Policy;
  const amp = cloudFrontHeadersPolicy('amp', 'My News: Science & More') as Policy;
  const scripts = cloudFrontHeadersPolicy('scripts', 'My News: Science & More') as Policy;

  it('are named as CloudFront allows (letters, digits, - and _), one per kind', () => {
    expect(pages.Name).toBe('My-News-Science-More-pages');
    expect(amp.Name).toBe('My-News-Science-More-amp');
    expect(scripts.Name).toBe('My-News-Science-More-scripts');
    expect(cloudFrontHeadersPolicy('pages', '…').Name).toBe('gleaner-pages');
  });

  it('send the fixed page CSP and no framing for pages, the AMP policy and framing for AMP pages', () => {
    expect(pages.SecurityHeadersConfig.ContentSecurityPolicy).toEqual({ Override: true, ContentSecurityPolicy: STATIC_PAGE_HEADER_POLICY });
    expect(pages.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toContain("frame-ancestors 'none'");
    expect(pages.SecurityHeadersConfig.FrameOptions).toEqual({ Override: true, FrameOption: 'DENY' });
    expect(amp.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(AMP_POLICY);
    expect(amp.SecurityHeadersConfig.FrameOptions).toBeUndefined();
  });

  it("send the scripts' policy, which confines their workers to the site, with what npm run serve sends for them", () => {
    expect(scripts.SecurityHeadersConfig.ContentSecurityPolicy).toEqual({ Override: true, ContentSecurityPolicy: SCRIPT_FILE_POLICY });
    expect(SCRIPT_FILE_POLICY).toContain("default-src 'none'");
    expect(SCRIPT_FILE_POLICY).toContain("connect-src 'self'");
    expect(fileHeaders('_astro/worker-Dxg2xKzh.js')['Content-Security-Policy']).toBe(SCRIPT_FILE_POLICY);
    expect(fileHeaders('data/site.sqlite')['Content-Security-Policy']).toBeUndefined();
  });

  it('carry HSTS, Referrer-Policy, nosniff and Permissions-Policy with the values npm run serve sends', () => {
    for (const policy of [pages, amp, scripts]) {
      const sec = policy.SecurityHeadersConfig;
      expect(`max-age=${sec.StrictTransportSecurity.AccessControlMaxAgeSec}`).toBe(SECURITY_HEADERS['Strict-Transport-Security']);
      expect(sec.StrictTransportSecurity.IncludeSubdomains).toBe(false);
      expect(sec.ReferrerPolicy.ReferrerPolicy).toBe(SECURITY_HEADERS['Referrer-Policy']);
      expect(sec.ContentTypeOptions).toEqual({ Override: true });
      expect(policy.CustomHeadersConfig.Quantity).toBe(policy.CustomHeadersConfig.Items.length);
      expect(policy.CustomHeadersConfig.Items).toEqual([{ Header: 'Permissions-Policy', Value: SECURITY_HEADERS['Permissions-Policy'], Override: true }]);
    }
  });
});
