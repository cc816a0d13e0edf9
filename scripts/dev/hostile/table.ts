import type { RouteResult } from './observe.ts';

// The `npm run hostile` table: one line per route with what happened and why.

function cell(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat.padEnd(width);
}

export function formatTable(results: RouteResult[], options: { reasonWidth?: number } = {}): string {
  const idWidth = Math.max(5, ...results.map((r) => r.route.id.length));
  const outcomeWidth = Math.max(7, ...results.map((r) => r.outcome.length));
  const reasonWidth = options.reasonWidth ?? 90;
  const lines = [`   ${'route'.padEnd(idWidth)}  ${'outcome'.padEnd(outcomeWidth)}  reason`, `   ${'-'.repeat(idWidth)}  ${'-'.repeat(outcomeWidth)}  ${'-'.repeat(reasonWidth)}`];
  for (const r of results) {
    lines.push(`${r.ok ? ' ✓' : ' ✗'} ${r.route.id.padEnd(idWidth)}  ${r.outcome.padEnd(outcomeWidth)}  ${cell(r.reason || '—', reasonWidth)}`);
  }
  const failed = results.filter((r) => !r.ok);
  if (failed.length) {
    lines.push('', 'Not as expected:');
    for (const r of failed) for (const p of r.problems) lines.push(`  ${r.route.id}: ${p}`);
  }
  return lines.join('\n');
}
