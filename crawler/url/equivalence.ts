/**
 * A looser key for flagging likely duplicates: no scheme, no `www.`, case-folded path, no trailing
 * slash, no query, no fragment. `https://www.Example.com/Post/?a=1` → `example.com/post`.
 * Two URLs with the same key are only *likely* the same page: sites that select content with the
 * query (`?p=123`, `watch?v=`) share one key for many pages, so confirm with the content.
 */
export function equivalenceKey(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return url.trim().toLowerCase();
  const host = parsed.host.toLowerCase().replace(/^www\./, '');
  const path = parsed.pathname.toLowerCase().replace(/\/+$/, '');
  return `${host}${path}`;
}
