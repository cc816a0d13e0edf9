import type { QualityCheck } from '../clean/index.ts';
import type { RejectReason } from '../errors.ts';
import type { ExtractedPage } from '../extract/index.ts';
import type { RuleVerdict } from '../rules/index.ts';

// What page processing decided at each step, as data: the crawl takes its rejection reason from
// the first failing step, and `npm run crawl -- --explain <url>` prints every step.

export interface TraceStep {
  stage: 'fetch' | 'extract' | 'rules' | 'quality' | 'language' | 'clean' | 'dedup';
  /** What was checked: 'strategy', 'min words', 'topics[0].rules.block[1]'… */
  name: string;
  /** 'info' decides nothing on its own (a keep rule that does not match, the language found). */
  verdict: 'pass' | 'fail' | 'info';
  detail: string;
  /** For a failing step: the reason the page is rejected with. */
  reason?: RejectReason;
}

export type Trace = TraceStep[];

/** The first failing step: what the page is rejected for. */
export function firstFailure(trace: Trace): TraceStep | undefined {
  return trace.find((s) => s.verdict === 'fail');
}

export function extractionSteps(page: ExtractedPage): TraceStep[] {
  const steps: TraceStep[] = [];
  const rule = page.rule;
  if (rule) {
    const parts = [`removed ${rule.removed} element(s)`];
    if (rule.select) parts.push(rule.select.used ? `select "${rule.select.selector}" took ${rule.select.matched} element(s) as the body` : `select "${rule.select.selector}" not used (${rule.select.note}): automatic extraction instead`);
    steps.push({ stage: 'extract', name: `rule for ${rule.site}`, verdict: 'info', detail: parts.join('; ') });
  }
  const found = page.text.trim() !== '';
  steps.push({
    stage: 'extract',
    name: 'strategy',
    verdict: found ? 'pass' : 'fail',
    detail: found ? `${page.strategy}: "${page.title}", ${page.wordCount} words` : `no article text (${page.reason ?? 'none'})`,
    ...(found ? {} : { reason: 'no_article' as const }),
  });
  return steps;
}

export function ruleSteps(result: RuleVerdict): TraceStep[] {
  const steps = result.checks.map((c): TraceStep => {
    const state = c.matched === null ? 'not known yet' : c.matched ? 'matches' : 'does not match';
    const verdict = c.list === 'block' ? (c.matched ? 'fail' : 'pass') : c.matched ? 'pass' : 'info';
    return { stage: 'rules', name: c.label, verdict, detail: `${c.list}: ${c.rule} — ${state}`, ...(verdict === 'fail' ? { reason: 'rule' as const, detail: `blocked by rule ${c.label} (${c.rule})` } : {}) };
  });
  if (result.verdict === 'not_kept') steps.push({ stage: 'rules', name: 'keep rules', verdict: 'fail', reason: 'rule', detail: result.detail });
  if (result.checks.length === 0) steps.push({ stage: 'rules', name: 'rules', verdict: 'pass', detail: 'no rules apply' });
  return steps;
}

export function qualitySteps(checks: QualityCheck[]): TraceStep[] {
  return checks.map((c) => ({ stage: 'quality', name: c.name, verdict: c.ok ? 'pass' : 'fail', detail: c.ok ? c.measured : c.detail, ...(c.ok ? {} : { reason: c.reason }) }));
}
