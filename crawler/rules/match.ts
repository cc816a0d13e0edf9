// One block or keep rule and whether it matches an article's fields. Pure.

import type { Rule, RuleField } from '../config/rules.ts';

export type { Rule, RuleField } from '../config/rules.ts';

/**
 * What is known of an article so far: before fetching only its address, after extraction all of
 * it. `url` lists the page's addresses (as listed, and where redirects ended); a rule on the URL
 * matches if it matches any of them.
 */
export interface RuleFields {
  url?: readonly string[];
  title?: string;
  author?: string;
  text?: string;
}

/** true or false, or null when the field is not known yet (a title rule before fetching). */
export function ruleMatches(rule: Rule, fields: RuleFields): boolean | null {
  const value = fields[rule.field];
  if (value === undefined) return null;
  const values = typeof value === 'string' ? [value] : value;
  return values.some((v) => matchOne(rule, v));
}

function matchOne(rule: Rule, value: string): boolean {
  if (rule.kind === 'pattern') return compiled(rule.value, rule.flags).test(value);
  return rule.flags.includes('i') ? value.toLowerCase().includes(rule.value.toLowerCase()) : value.includes(rule.value);
}

// Rules are few and pages many: each regular expression is compiled once. Without the g and y
// flags (the schema refuses them) test() keeps no state between calls.
const cache = new Map<string, RegExp>();
function compiled(pattern: string, flags: string): RegExp {
  const key = `${flags}/${pattern}`;
  let re = cache.get(key);
  if (!re) cache.set(key, (re = new RegExp(pattern, flags)));
  return re;
}

/** `title contains "sponsored"`, `url matches /\/video\//i`. */
export function describeRule(rule: Rule): string {
  if (rule.kind === 'pattern') return `${rule.field} matches ${String(compiled(rule.value, rule.flags))}`;
  return `${rule.field} contains ${JSON.stringify(rule.value)}${rule.flags.includes('i') ? '' : ' (case-sensitive)'}`;
}
