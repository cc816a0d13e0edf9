import type { Browser, BrowserContext, Page } from 'playwright-core';
import PQueue from 'p-queue';
import type { Config } from '../config/schema.ts';
import { failure, type Failure } from '../errors.ts';
import { createHopContext } from '../fetch/hop.ts';
import { StatsRecorder } from '../fetch/stats.ts';
import type { HostResolver } from '../fetch/types.ts';
import type { UrlPolicy } from '../url/index.ts';
import { chromiumInstalled, chromiumPath, launchBrowser } from './chromium.ts';
import { guardedRoute, type Refusal, type RouteState } from './guarded-route.ts';

// Renders pages in one Chromium per run, launched on first use, a few pages at a time, each in a
// fresh browser context with a hard time bound. Safety: every request goes through
// guardedRoute (the fetcher's address guard and caps); Chromium's own network points at a dead
// proxy, so anything the route does not see (WebSockets, WebRTC, prefetches) goes nowhere; no
// downloads, no service workers, no permissions, popups closed, dialogs dismissed, the DOM capped.

export type RenderOutcome =
  | { type: 'ok'; html: string; finalUrl: string; requests: number; refused: Refusal[]; screenshot: Buffer | null; pdf: Buffer | null }
  /** No Chromium (not installed, or it would not start): the caller rejects the page as render_unavailable. */
  | { type: 'unavailable'; detail: string }
  | { type: 'failed'; failure: Failure; refused: Refusal[] };

export interface RenderRequest {
  url: string;
  /** The page's document as the crawl fetched it: rendered from these bytes, not fetched again. */
  prefetched?: { contentType: string; body: Buffer };
  /** Also take a PNG screenshot and a PDF (archived copies). */
  capture?: boolean;
}

export interface RenderStats {
  rendered: number;
  failed: number;
  unavailable: number;
  requests: number;
  refused: number;
}

export interface Renderer {
  render(request: RenderRequest): Promise<RenderOutcome>;
  close(): Promise<void>;
  stats(): RenderStats;
}

type RenderSettings = Pick<
  Config['crawl'],
  | 'userAgent' | 'connectTimeoutMs' | 'responseTimeoutMs' | 'totalTimeoutMs' | 'allowPrivateAddresses' | 'privateHosts' | 'resolve'
  | 'maxBodyBytes' | 'maxDecompressedBytes' | 'extractMaxChars' | 'chromiumPath' | 'renderConcurrency' | 'renderTimeoutMs' | 'renderMaxRequests'
>;

export interface RendererOptions {
  settings: RenderSettings;
  policy: UrlPolicy;
  /** Told once when Chromium is missing, and of every refused request. */
  log: (message: string) => void;
  resolver?: HostResolver;
  now?: () => number;
}

/** Where Chromium's own connections go: nowhere. Loopback is not exempt (`<-loopback>`). */
const DEAD_PROXY_FLAGS = ['--proxy-server=http://127.0.0.1:9', '--proxy-bypass-list=<-loopback>', '--force-webrtc-ip-handling-policy=disable_non_proxied_udp'];
/** Screenshots stop at this height: an endless page would otherwise make an endless image. */
const MAX_SCREENSHOT_HEIGHT = 12_000;
const VIEWPORT = { width: 1280, height: 900 };

export function createRenderer(options: RendererOptions): Renderer {
  const { settings, log } = options;
  const path = chromiumPath(settings.chromiumPath);
  const controller = new AbortController();
  const hop = createHopContext(settings, { stats: new StatsRecorder(), signal: controller.signal, now: options.now ?? Date.now, resolver: options.resolver });
  const limits = { maxBytes: settings.maxBodyBytes, maxDecodedBytes: settings.maxDecompressedBytes };
  const queue = new PQueue({ concurrency: settings.renderConcurrency });
  const stats: RenderStats = { rendered: 0, failed: 0, unavailable: 0, requests: 0, refused: 0 };
  let browser: Promise<Browser | string> | null = null;

  function start(): Promise<Browser | string> {
    browser ??= (async () => {
      if (!chromiumInstalled(path)) return `Chromium is not installed at ${path} (apt-get install chromium, or set crawl.chromiumPath or CHROMIUM_PATH)`;
      try {
        return await launchBrowser(path, DEAD_PROXY_FLAGS);
      } catch (error) {
        return `Chromium at ${path} would not start: ${(error as Error).message.split('\n')[0]}`;
      }
    })().then((b) => {
      if (typeof b === 'string') log(`${b}; pages that need rendering are rejected as render_unavailable this run, and archived copies get no screenshot or PDF`);
      return b;
    });
    return browser;
  }

  async function renderOne(b: Browser, request: RenderRequest): Promise<RenderOutcome> {
    const state: RouteState = { requests: 0, refused: [], prefetched: request.prefetched ? { url: request.url, ...request.prefetched } : null };
    let context: BrowserContext | null = null;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderTimeout(settings.renderTimeoutMs)), settings.renderTimeoutMs);
    });
    try {
      context = await b.newContext({ acceptDownloads: false, serviceWorkers: 'block', permissions: [], userAgent: settings.userAgent, viewport: VIEWPORT, javaScriptEnabled: true });
      await context.route(
        '**/*',
        guardedRoute({ hop, policy: options.policy, limits, maxRequests: settings.renderMaxRequests, onRefused: (r) => log(`render ${request.url}: refused ${r.url}: ${r.reason}`) }, state),
      );
      const page = await context.newPage();
      context.on('page', (popup: Page) => void popup.close().catch(() => {}));
      page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}));
      const work = (async () => {
        const response = await page.goto(request.url, { waitUntil: 'load', timeout: settings.renderTimeoutMs });
        if (!response) throw new Error('no response for the page');
        // Scripts that fetch the article after `load`: wait for the network to go quiet, within the page's time.
        await page.waitForLoadState('networkidle', { timeout: Math.max(1000, settings.renderTimeoutMs / 2) }).catch(() => {});
        const html = await page.content();
        if (html.length > settings.extractMaxChars) return { tooLarge: html.length } as const;
        let screenshot: Buffer | null = null;
        let pdf: Buffer | null = null;
        if (request.capture) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight).catch(() => VIEWPORT.height);
          screenshot = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: VIEWPORT.width, height: Math.min(Math.max(height, 1), MAX_SCREENSHOT_HEIGHT) } });
          pdf = await page.pdf({ format: 'A4', printBackground: true });
        }
        return { html, finalUrl: page.url(), screenshot, pdf } as const;
      })();
      const result = await Promise.race([work, deadline]);
      if ('tooLarge' in result) return fail(failure('E_TOO_LARGE', `the rendered page is ${result.tooLarge} characters, over crawl.extractMaxChars (${settings.extractMaxChars})`, true), state);
      stats.rendered++;
      return { type: 'ok', ...result, requests: state.requests, refused: state.refused };
    } catch (error) {
      if (error instanceof RenderTimeout) return fail(failure('E_FETCH_TIMEOUT', error.message), state);
      return fail(failure('E_RENDER_FAILED', `rendering failed: ${(error as Error).message.split('\n')[0]}`), state);
    } finally {
      clearTimeout(timer);
      stats.requests += state.requests;
      stats.refused += state.refused.length;
      await context?.close().catch(() => {});
    }
  }

  function fail(f: Failure, state: RouteState): RenderOutcome {
    stats.failed++;
    return { type: 'failed', failure: f, refused: state.refused };
  }

  return {
    async render(request) {
      const b = await start();
      if (typeof b === 'string') {
        stats.unavailable++;
        return { type: 'unavailable', detail: b };
      }
      return (await queue.add(() => renderOne(b, request)))!;
    },
    async close() {
      controller.abort();
      queue.clear();
      await queue.onIdle();
      const b = browser ? await browser : null;
      if (b && typeof b !== 'string') await b.close().catch(() => {});
    },
    stats: () => ({ ...stats }),
  };
}

class RenderTimeout extends Error {
  constructor(ms: number) {
    super(`rendering did not finish within ${ms} ms`);
  }
}
