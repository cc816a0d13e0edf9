// The generated web of bench:crawl: N hosts, each with robots.txt, an RSS feed and M article
// pages, every response delayed by a latency derived from its URL (deterministic, so every run
// and every crawler sees the same web). Bodies are generated on request.

import { articleHtml, prose, rssFeed } from './crawl-pages.ts';

export interface BenchWebOptions {
  hosts: number;
  pagesPerHost: number;
  minLatencyMs: number;
  maxLatencyMs: number;
}

export interface BenchResponse {
  status: number;
  type: string;
  body: string;
}

export const TOPIC_COUNT = 5;

export function hostName(i: number): string {
  return `site-${String(i + 1).padStart(2, '0')}.bench.test`;
}

export function hostNames(options: BenchWebOptions): string[] {
  return Array.from({ length: options.hosts }, (_, i) => hostName(i));
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The response latency of a URL: uniform-ish between min and max, fixed per URL. */
export function latencyMs(host: string, path: string, options: BenchWebOptions): number {
  return options.minLatencyMs + (hash(`${host}${path}`) % (options.maxLatencyMs - options.minLatencyMs + 1));
}

const BASE_DATE = Date.UTC(2026, 0, 1);

function pageDate(hostIndex: number, page: number): Date {
  return new Date(BASE_DATE + page * 86_400_000 + hostIndex * 3_600_000);
}

function pageSeed(hostIndex: number, page: number): number {
  return hostIndex * 100_003 + page * 7 + 1;
}

export function feedUrl(hostIndex: number): string {
  return `http://${hostName(hostIndex)}/feed.xml`;
}

/** The answer for a request, or null for a 404. */
export function respond(host: string, path: string, options: BenchWebOptions): BenchResponse | null {
  const match = /^site-(\d+)\.bench\.test$/.exec(host);
  const hostIndex = match ? Number(match[1]) - 1 : -1;
  if (hostIndex < 0 || hostIndex >= options.hosts) return null;
  const siteName = `Bench Site ${hostIndex + 1}`;
  if (path === '/robots.txt') return { status: 200, type: 'text/plain; charset=utf-8', body: 'User-agent: *\nDisallow: /private/\n' };
  if (path === '/feed.xml') {
    const entries = Array.from({ length: options.pagesPerHost }, (_, page) => ({
      url: `http://${host}/posts/${page + 1}/`,
      title: prose(pageSeed(hostIndex, page + 1)).title,
      date: pageDate(hostIndex, page + 1),
    })).reverse();
    return { status: 200, type: 'application/rss+xml; charset=utf-8', body: rssFeed({ name: siteName, home: `http://${host}/` }, entries) };
  }
  const post = /^\/posts\/(\d+)\/$/.exec(path);
  const page = post ? Number(post[1]) : 0;
  if (page < 1 || page > options.pagesPerHost) return null;
  const url = `http://${host}${path}`;
  const body = articleHtml({ url, siteName, author: `Author ${(page % 7) + 1}`, date: pageDate(hostIndex, page), prose: prose(pageSeed(hostIndex, page)) });
  return { status: 200, type: 'text/html; charset=utf-8', body };
}
