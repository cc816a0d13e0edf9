import type { Explanation } from '../../crawler/pipeline/explain-page.ts';

const MARK = { pass: '✓', fail: '✗', info: '·' } as const;

/** The --explain report: one line per step, then the verdict. */
export function formatExplanation(e: Explanation): string {
  const nameWidth = Math.min(32, Math.max(...e.trace.map((s) => s.name.length)));
  const lines = [`Explain ${e.url}`, ''];
  for (const step of e.trace) lines.push(`  ${step.stage.padEnd(8)} ${MARK[step.verdict]} ${step.name.padEnd(nameWidth)}  ${step.detail}`);
  const failed = e.trace.find((s) => s.verdict === 'fail');
  lines.push('', failed ? `Verdict: would not be published\n  rejected: ${failed.detail}${failed.reason ? ` (reason ${failed.reason})` : ''}` : 'Verdict: would be published');
  return lines.join('\n');
}
