import type { Browser, Dialog, Request } from 'playwright-core';
import { watchedPage, type WatchedPage } from '../../helpers/browser.ts';

// A page that records, on top of what tests/helpers/browser.ts watches (CSP violations, errors,
// failed requests), every dialog that opens and every request that would leave the site's own
// origin. Requests elsewhere are answered with an abort, so nothing reaches the network and
// the test sees exactly what a reader's browser would have asked for.

export interface OutgoingRequest {
  url: string;
  type: string;
  page: string;
}

export interface SafetyPage extends WatchedPage {
  dialogs: Array<{ type: string; message: string; page: string }>;
  outgoing: OutgoingRequest[];
}

export async function safetyPage(browser: Browser, origin: string): Promise<SafetyPage> {
  const watched = await watchedPage(browser);
  const dialogs: SafetyPage['dialogs'] = [];
  const outgoing: OutgoingRequest[] = [];
  // Registered after watchedPage's AMP route, so it runs first: AMP runtime requests fall back to that route.
  await watched.context.route('**/*', async (route) => {
    const request: Request = route.request();
    const url = request.url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.fallback();
    if (url.startsWith('https://cdn.ampproject.org/')) return route.fallback();
    outgoing.push({ url, type: request.resourceType(), page: watched.page.url() });
    await route.abort('aborted');
  });
  watched.page.on('dialog', (dialog: Dialog) => {
    dialogs.push({ type: dialog.type(), message: dialog.message(), page: watched.page.url() });
    void dialog.dismiss().catch(() => {});
  });
  return { ...watched, dialogs, outgoing };
}

/** Checks run inside the page after it loaded: what is in the live DOM, whatever any script did. */
export function liveDomProblems(): string[] {
  const problems: string[] = [];
  const bad = /^(?:javascript|vbscript|data|file):/i;
  for (const el of Array.from(document.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`${name} handler on <${el.localName}>`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'srcset', 'background'].includes(name)) {
        const value = attr.value.replace(/[\u0000-\u0020]+/g, '');
        if (bad.test(value) && !(el.localName === 'img' && /^data:image\/(?:png|jpeg|gif|webp|avif);base64,/i.test(value))) problems.push(`${name}="${attr.value.slice(0, 60)}" on <${el.localName}>`);
      }
    }
  }
  const body = document.querySelector('article .body');
  if (body) {
    for (const el of Array.from(body.querySelectorAll('script, style, iframe, frame, object, embed, form, input, button, textarea, select, svg, math, link, meta, base, template, noscript'))) problems.push(`<${el.localName}> inside the article body`);
    for (const el of Array.from(body.querySelectorAll('[style]'))) problems.push(`style attribute on <${el.localName}> inside the article body`);
  }
  return problems;
}
