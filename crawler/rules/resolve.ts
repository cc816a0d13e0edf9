import type { Config } from '../config/index.ts';
import type { RuleScope, RulesConfig } from '../config/rules.ts';

export type { RuleScope } from '../config/rules.ts';
import type { LabeledRule, RuleSet } from './evaluate.ts';


/**
 * The rules that apply to one topic's (and source's) articles: every level's block rules, and
 * the keep rules of the nearest level that sets any (source, else topic, else site).
 */
export function rulesFor(config: Pick<Config, 'rules' | 'topics'>, scope: RuleScope = {}): RuleSet {
  const levels: Array<{ prefix: string; rules: RulesConfig | undefined }> = [{ prefix: 'rules', rules: config.rules }];
  const topic = scope.topic === undefined ? undefined : config.topics[scope.topic];
  if (topic) {
    levels.push({ prefix: `topics[${scope.topic}].rules`, rules: topic.rules });
    const source = scope.source === undefined ? undefined : topic.sources[scope.source];
    if (source && 'rules' in source) levels.push({ prefix: `topics[${scope.topic}].sources[${scope.source}].rules`, rules: source.rules });
  }
  const label = (prefix: string, list: 'block' | 'keep') => (rule: LabeledRule['rule'], i: number): LabeledRule => ({ label: `${prefix}.${list}[${i}]`, rule });
  const block = levels.flatMap(({ prefix, rules }) => (rules?.block ?? []).map(label(prefix, 'block')));
  const nearestKeep = levels.findLast(({ rules }) => rules?.keep !== undefined);
  const keep = nearestKeep ? nearestKeep.rules!.keep!.map(label(nearestKeep.prefix, 'keep')) : [];
  return { block, keep };
}
