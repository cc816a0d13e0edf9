import { describeRule, ruleMatches, type Rule, type RuleFields } from './match.ts';

// Block and keep rules decide together whether an article may be published:
// - any block rule that matches (site-wide, the topic's or the source's) rejects it: block wins;
// - keep rules are an allow-list: when the nearest level that sets `keep` (source, else topic,
//   else site) lists any, only an article matching at least one of them is kept.

/** A rule with where it was written in the config, like `topics[0].rules.block[1]`. */
export interface LabeledRule {
  label: string;
  rule: Rule;
}

export interface RuleSet {
  block: LabeledRule[];
  keep: LabeledRule[];
}

export const NO_RULES: RuleSet = { block: [], keep: [] };

export interface RuleCheck {
  label: string;
  list: 'block' | 'keep';
  rule: string;
  /** null: the field is not known yet. */
  matched: boolean | null;
}

export type RuleVerdict =
  | { verdict: 'pass'; checks: RuleCheck[]; detail: string }
  /** Some rule needs a field not known yet: decide again once it is. */
  | { verdict: 'undecided'; checks: RuleCheck[]; detail: string }
  | { verdict: 'blocked' | 'not_kept'; checks: RuleCheck[]; detail: string };

export function evaluateRules(set: RuleSet, fields: RuleFields): RuleVerdict {
  const check = (list: 'block' | 'keep') => (r: LabeledRule): RuleCheck => ({ label: r.label, list, rule: describeRule(r.rule), matched: ruleMatches(r.rule, fields) });
  const block = set.block.map(check('block'));
  const keep = set.keep.map(check('keep'));
  const checks = [...block, ...keep];

  const blocking = block.find((c) => c.matched === true);
  if (blocking) return { verdict: 'blocked', checks, detail: `blocked by rule ${blocking.label} (${blocking.rule})` };
  const undecided = block.some((c) => c.matched === null);
  if (keep.length > 0) {
    const kept = keep.find((c) => c.matched === true);
    if (!kept && !keep.some((c) => c.matched === null)) {
      return { verdict: 'not_kept', checks, detail: `matches none of the keep rules (${keep.map((c) => `${c.label}: ${c.rule}`).join('; ')})` };
    }
    if (!kept || undecided) return { verdict: 'undecided', checks, detail: 'some rules need the page' };
    return { verdict: 'pass', checks, detail: `kept by rule ${kept.label} (${kept.rule})` };
  }
  if (undecided) return { verdict: 'undecided', checks, detail: 'some rules need the page' };
  return { verdict: 'pass', checks, detail: block.length ? 'no block rule matches' : 'no rules' };
}

