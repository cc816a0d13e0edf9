import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/dev/lib/chromium.ts';
import { AMP_CDN_PATTERN } from '../../scripts/dev/lib/audit-pages.ts';

// Browser tests drive Debian's Chromium through playwright-core. A watched page records
// everything that should never happen on the site: Content-Security-Policy violations
// (the securitypolicyviolation event, reported through a binding that no policy can
// block), console errors, uncaught exceptions, failed requests and HTTP errors.

export interface Problem {
  kind: 'csp' | 'console' | 'pageerror' | 'requestfailed' | 'http';
  text: string;
  /** The page the problem happened on. */
  page: string;
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  problems: Problem[];
  /** Requests to the AMP runtime's CDN, refused on purpose (this machine is offline). */
  ampCdnRequests: string[];
}

export async function startBrowser(): Promise<Browser> {
  return (await launchChromium()).browser;
}

declare global {
  interface Window {
    __gleanerCsp?: (text: string) => void;
  }
}

const AMP_CDN = new RegExp(`^${AMP_CDN_PATTERN.replace(/[.]/g, '\\.').replace('*', '.*')}$`);

/** A new context and page whose problems are collected in `problems`. */
export async function watchedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems: Problem[] = [];
  const ampCdnRequests: string[] = [];
  const add = (kind: Problem['kind'], text: string) => problems.push({ kind, text, page: page.url() });

  await context.exposeBinding('__gleanerCsp', (_source, text: string) => add('csp', text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__gleanerCsp?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) on ${e.documentURI}`);
    });
  });
  await context.route(AMP_CDN, (route) => {
    ampCdnRequests.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const location = message.location().url;
    // The refused AMP runtime is logged as a failed load; nothing else may be.
    if (AMP_CDN.test(location)) return;
    add('console', `${message.text()} ${location}`.trim());
  });
  page.on('pageerror', (error) => add('pageerror', error.message));
  page.on('requestfailed', (request) => {
    if (AMP_CDN.test(request.url())) return;
    // Cancelled because the test moved on to the next page (a favicon, a lazy worker): not a failure.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    add('requestfailed', `${request.url()} ${request.failure()?.errorText ?? ''}`.trim());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) add('http', `${response.status()} ${response.url()}`);
  });
  return { context, page, problems, ampCdnRequests };
}

/** Whether a problem is only the expected 404 status of `path` (the response, and Chromium's console line about it). */
export function isExpected404(problem: Problem, path: string): boolean {
  const at = (url: string) => {
    try {
      return new URL(url).pathname === path;
    } catch {
      return false;
    }
  };
  if (problem.kind === 'http') return problem.text.startsWith('404 ') && at(problem.text.slice(4));
  if (problem.kind === 'console') return /^Failed to load resource: the server responded with a status of 404/.test(problem.text) && at(problem.text.split(' ').at(-1)!);
  return false;
}

/** Problems as lines, for an assertion message. */
export function describeProblems(problems: Problem[]): string[] {
  return problems.map((p) => `[${p.kind}] ${p.text} (on ${p.page})`);
}
