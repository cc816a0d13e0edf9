import type { ArchiveRecord } from '../store/archives.ts';
import { ARCHIVE_FILE_NAMES } from './manifest.ts';

// archive/<id>/index.html: a small page of the site's own making (no scripts; its CSP forbids
// them and any load from elsewhere) listing a copy's files with sizes and hashes, the headers
// kept and where the link came from. The archived HTML itself is only linked, as a download.

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Only http(s) addresses become links; anything else is shown as text. */
function link(url: string | null, text = url ?? ''): string {
  if (url && /^https?:\/\//i.test(url)) return `<a href="${escape(url)}" rel="noopener nofollow">${escape(text)}</a>`;
  return escape(text);
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export const ARCHIVE_INDEX_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

export function archiveIndexPage(record: ArchiveRecord, siteTitle: string): string {
  const files = record.files
    .map((f) => `<tr><td><a href="${escape(f.name)}"${f.name === ARCHIVE_FILE_NAMES.html ? ' download' : ''}>${escape(f.name)}</a></td><td>${escape(f.type)}</td><td>${size(f.bytes)}</td><td><code>${f.sha256}</code></td></tr>`)
    .join('\n');
  const headers = Object.entries(record.headers)
    .map(([name, value]) => `<tr><th scope="row">${escape(name)}</th><td>${escape(value)}</td></tr>`)
    .join('\n');
  const provenance = record.provenance
    .map((p) => {
      const from = p.source ? `${escape(p.source.kind)} ${link(p.source.url)}` : escape(p.context);
      const post = p.post ? `, in the post ${link(p.post.url, p.post.title ?? p.post.url ?? '')}${p.post.author ? ` by ${escape(p.post.author)}` : ''}` : '';
      const item = p.item?.title ? `, listed as “${escape(p.item.title)}”` : '';
      return `<li>${from}${post}${item}${p.inQuote ? ' (quoted)' : ''}, first seen ${escape(p.firstSeenAt)}</li>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${ARCHIVE_INDEX_CSP}">
<meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Archived copy of ${escape(record.finalUrl)} · ${escape(siteTitle)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td,th{padding:.2rem .6rem;text-align:left;vertical-align:top}code{font-size:.8rem;word-break:break-all}</style>
</head>
<body>
<h1>Archived copy</h1>
<p>${link(record.finalUrl)}${record.finalUrl !== record.url ? ` (requested as ${link(record.url)})` : ''}, HTTP ${record.status}, fetched ${escape(record.fetchedAt)}${record.rendered ? ', rendered in Chromium' : ''}.</p>
<p>The HTML is the page as it was fetched, gzipped; it is offered as a download and never shown here, because its scripts belong to the source site.</p>
<h2>Files</h2>
<table><thead><tr><th>File</th><th>Type</th><th>Size</th><th>SHA-256</th></tr></thead><tbody>
${files}
<tr><td><a href="${ARCHIVE_FILE_NAMES.manifest}">${ARCHIVE_FILE_NAMES.manifest}</a></td><td>application/json</td><td></td><td></td></tr>
</tbody></table>
<h2>Response headers</h2>
<table><tbody>
${headers}
</tbody></table>
<h2>Where the link came from</h2>
<ul>
${provenance || '<li>unknown</li>'}
</ul>
<p><a href="../../">${escape(siteTitle)}</a></p>
</body>
</html>
`;
}
