export { describeRule, ruleMatches, type Rule, type RuleField, type RuleFields } from './match.ts';
export { evaluateRules, NO_RULES, type LabeledRule, type RuleCheck, type RuleSet, type RuleVerdict } from './evaluate.ts';
export { rulesFor, type RuleScope } from './resolve.ts';
export { extractionRuleFor, type SiteExtractionRule } from './extraction.ts';
