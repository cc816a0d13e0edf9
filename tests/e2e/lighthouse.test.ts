import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTargets } from '../../scripts/dev/lib/audit-pages.ts';
import { launchChromium } from '../../scripts/dev/lib/chromium.ts';
import { auditPage, formatFailures, type Category, type PageAudit } from '../../scripts/dev/lib/lighthouse.ts';
import { serveStatic, type StaticServer } from '../../scripts/kit/static-server.ts';
import { demoBuild } from './helpers/demo-build.ts';

// Lighthouse's deterministic categories on the demo site: accessibility, best practices and
// SEO must score 100 on home, a topic page, an article and its AMP page. Performance depends
// on timing and is measured by `npm run audit`, never here. One Chromium for all pages.

const CATEGORIES: readonly Category[] = ['accessibility', 'best-practices', 'seo'];

let server: StaticServer;
let browser: Browser;
let port: number;
const audits: PageAudit[] = [];

beforeAll(async () => {
  const site = await demoBuild();
  server = await serveStatic(site.dist, { port: 0 });
  const launched = await launchChromium({ debuggingPort: true });
  browser = launched.browser;
  port = launched.port!;
  for (const target of await auditTargets(server.url)) audits.push(await auditPage(target, { port, formFactor: 'mobile', categories: CATEGORIES }));
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('lighthouse (mobile)', () => {
  it('audited home, a topic page, an article and its AMP page', () => {
    expect(audits.map((a) => a.name)).toEqual(['home', 'topic', 'article', 'amp']);
    expect(new URL(audits[1].url).pathname).toMatch(/^\/[a-z-]+\/$/);
    expect(new URL(audits[3].url).pathname).toBe(`/amp${new URL(audits[2].url).pathname}`);
  });

  for (const name of ['home', 'topic', 'article', 'amp']) {
    it(`scores 100 for accessibility, best practices and SEO on the ${name} page`, () => {
      const audit = audits.find((a) => a.name === name)!;
      expect(audit.scores, formatFailures([audit])).toEqual({ accessibility: 100, 'best-practices': 100, seo: 100 });
    });
  }
});
