import { evaluateRules } from '../rules/index.ts';
import type { Database } from '../store/database.ts';
import { markRejected } from '../store/url-state.ts';
import type { UrlRow } from '../store/urls.ts';
import type { Reporter } from './events.ts';
import type { RulesOf } from './rule-scopes.ts';
import { bump, type RunSummary } from './summary.ts';

/**
 * Rejects the queued URLs that rules on the URL already exclude (reason `rule`), so they are never
 * fetched; returns the others. Rules on the title, author or text wait for the page.
 */
export function rejectByUrlRules(db: Database, queue: UrlRow[], rulesOf: RulesOf, ctx: { now: string; summary: RunSummary; report: Reporter }): UrlRow[] {
  return queue.filter((row) => {
    const result = evaluateRules(rulesOf(row), { url: [row.url] });
    if (result.verdict !== 'blocked' && result.verdict !== 'not_kept') return true;
    markRejected(db, row.id, 'rule', result.detail, ctx.now);
    bump(ctx.summary.rejected, 'rule');
    ctx.report({ type: 'page', url: row.url, outcome: 'rejected', detail: `rule ${result.detail}` });
    return false;
  });
}
