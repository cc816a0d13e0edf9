import type { RunSummary } from '../../crawler/pipeline/index.ts';

/** The end-of-run summary a newcomer reads: what was read, fetched, published, rejected and why. */
export function formatSummary(s: RunSummary): string {
  const rows: Array<[string, string]> = [
    ['sources read', `${s.sources.read} (not modified ${s.sources.notModified}, fresh ${s.sources.fresh}, failed ${s.sources.failed}, not due ${s.sources.notDue}${s.sources.skipped ? `, skipped at the time bound ${s.sources.skipped}` : ''})`],
    ...(s.sources.added ? [['feeds added by autodiscovery', String(s.sources.added)] as [string, string]] : []),
    ['new URLs discovered', `${s.discovered}${s.requeued ? ` (+${s.requeued} queued again)` : ''}`],
    ...(s.skippedRemoved ? [['taken-down URLs skipped', `${s.skippedRemoved} (listed by a source, never fetched; --verbose names them)`] as [string, string]] : []),
    ['pages fetched', String(s.fetched)],
    ['new articles', String(s.articles)],
    ['published', `${s.published}${Object.keys(s.publishedByTopic).length ? ` (${Object.entries(s.publishedByTopic).map(([t, n]) => `${t} ${n}`).join(', ')})` : ''}`],
    ['rejected', breakdown(s.rejected)],
    ['failed', breakdown(s.failed)],
    ['lead images', `${s.images.stored} stored, ${s.images.failed} unusable`],
    ...(s.render.pages || s.render.refusedRequests ? [['pages rendered', `${s.render.pages}${s.render.refusedRequests ? ` (${s.render.refusedRequests} browser requests refused by the address guard)` : ''}`] as [string, string]] : []),
    ...(s.archived ? [['archived copies', String(s.archived)] as [string, string]] : []),
    ['time', `${(s.durationMs / 1000).toFixed(1)} s${s.stoppedBy ? ` (stopped: ${s.stoppedBy} bound reached; the next run carries on)` : ''}`],
    ['left in the queue', s.dryRun ? `${s.pending} (a real run would fetch them)` : String(s.pending)],
    ['database', s.dryRun ? 'dry run: nothing written' : s.saved ? 'saved' : 'unchanged (nothing new)'],
    ['all URLs by state', breakdown(s.totals)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n');
}

function breakdown(map: Record<string, number>): string {
  const entries = Object.entries(map).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (!entries.length) return '0';
  return `${entries.reduce((n, [, v]) => n + v, 0)} (${entries.map(([k, v]) => `${k} ${v}`).join(', ')})`;
}
