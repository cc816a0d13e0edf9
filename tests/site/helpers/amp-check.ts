import { parseHTML } from 'linkedom';

// A structural AMP check (a subset of the AMP validator's rules that matter for our pages):
// the mandatory shell, one small amp-custom style, no scripts but the runtime and JSON-LD,
// no forbidden tags or attributes, and amp-img with a size and layout.

const FORBIDDEN_TAGS = ['img', 'iframe', 'frame', 'frameset', 'object', 'param', 'applet', 'embed', 'form', 'input', 'textarea', 'select', 'option', 'video', 'audio', 'base', 'picture', 'svg', 'canvas'];

export function ampProblems(html: string): string[] {
  const problems: string[] = [];
  if (!/^<!doctype html>/i.test(html)) problems.push('does not start with <!doctype html>');
  if (!/^<!doctype html>\s*<html (⚡|amp)[\s>]/i.test(html)) problems.push('<html> lacks the ⚡ attribute');
  const { document } = parseHTML(html);
  const root = document.documentElement;
  if (!root.getAttribute('lang')) problems.push('<html> lacks lang');
  const head = document.head;
  const first = head.firstElementChild;
  if (!first || first.tagName.toLowerCase() !== 'meta' || first.getAttribute('charset')?.toLowerCase() !== 'utf-8') problems.push('<meta charset="utf-8"> is not the first child of <head>');
  if (!head.querySelector('meta[name="viewport"]')) problems.push('no viewport meta');
  // AMP allows a few http-equiv values; a Content-Security-Policy must come as a header.
  for (const meta of document.querySelectorAll('meta[http-equiv]')) {
    if (/content-security-policy/i.test(meta.getAttribute('http-equiv') ?? '')) problems.push('<meta http-equiv="Content-Security-Policy"> (AMP allows the policy only as a header)');
  }
  const canonical = head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '';
  if (!/^https?:\/\//.test(canonical)) problems.push('no absolute rel=canonical');
  const scripts = [...document.querySelectorAll('script')];
  const runtime = scripts.filter((s) => s.getAttribute('src') === 'https://cdn.ampproject.org/v0.js');
  if (runtime.length !== 1 || !runtime[0].hasAttribute('async')) problems.push('the AMP runtime script must appear exactly once, async');
  for (const s of scripts) {
    if (s.getAttribute('src') === 'https://cdn.ampproject.org/v0.js') continue;
    if (s.getAttribute('type') === 'application/ld+json') continue;
    problems.push(`forbidden script: ${s.outerHTML.slice(0, 80)}`);
  }
  const styles = [...document.querySelectorAll('style')];
  const custom = styles.filter((s) => s.hasAttribute('amp-custom'));
  if (custom.length !== 1) problems.push(`expected exactly one <style amp-custom>, found ${custom.length}`);
  else {
    const css = custom[0].textContent ?? '';
    if (Buffer.byteLength(css) >= 75_000) problems.push('amp-custom CSS is 75,000 bytes or more');
    if (/!important/i.test(css)) problems.push('amp-custom CSS uses !important');
    if (custom[0].parentElement !== head) problems.push('<style amp-custom> is not in <head>');
  }
  for (const s of styles) if (!s.hasAttribute('amp-custom') && !s.hasAttribute('amp-boilerplate')) problems.push('a <style> other than amp-custom/amp-boilerplate');
  if (!head.querySelector('style[amp-boilerplate]') || !/<noscript><style amp-boilerplate>/.test(html)) problems.push('missing the amp-boilerplate styles');
  for (const tag of FORBIDDEN_TAGS) if (document.querySelector(tag)) problems.push(`forbidden tag <${tag}>`);
  for (const el of document.querySelectorAll('*')) {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      if (name === 'style') problems.push(`style attribute on <${el.tagName.toLowerCase()}>`);
      if (name.startsWith('on')) problems.push(`${name} attribute on <${el.tagName.toLowerCase()}>`);
      if ((name === 'href' || name === 'src') && /^\s*javascript:/i.test(attr.value)) problems.push('javascript: URL');
    }
  }
  for (const img of document.querySelectorAll('amp-img')) {
    if (!img.getAttribute('src')) problems.push('amp-img without src');
    const layout = img.getAttribute('layout');
    if (layout !== 'fill' && !(Number(img.getAttribute('width')) > 0 && Number(img.getAttribute('height')) > 0)) problems.push('amp-img without width and height');
    if (!layout) problems.push('amp-img without layout');
  }
  return problems;
}
