import { parseHTML } from 'linkedom';
import { z } from 'zod';

export const RULE_FIELDS = ['title', 'url', 'author', 'text'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

/** A rule as the config schema hands it over: plain data, so it can travel to a worker thread. */
export interface Rule {
  field: RuleField;
  /** 'contains' a substring, or matches a regular expression 'pattern'. */
  kind: 'contains' | 'pattern';
  value: string;
  /** RegExp flags; for 'contains' only 'i' (the default) or '' (case-sensitive). */
  flags: string;
}

/** Where in the config an article's rules come from: its topic and, when known, its source (indices into config.topics and topic.sources). */
export interface RuleScope {
  topic?: number;
  source?: number;
}

// The config's block/keep rules and per-site extraction rules: their syntax, checked here so a
// crawl never meets a rule it cannot run.

const COMPACT = /^(title|url|author|text)([:~])([\s\S]+)$/;

/** `'title:sponsored'` (contains, case-insensitive) or `'url~/video/\d+'` (a regular expression, case-insensitive). */
const compactRule = z.string().transform((value, ctx): Rule => {
  const m = COMPACT.exec(value);
  if (!m) {
    ctx.addIssue({ code: 'custom', message: `is not a rule: write "<field>:<text>" (contains) or "<field>~<regular expression>", with field one of ${RULE_FIELDS.join(', ')}` });
    return z.NEVER;
  }
  const rule: Rule = { field: m[1] as Rule['field'], kind: m[2] === ':' ? 'contains' : 'pattern', value: m[3]!, flags: 'i' };
  const problem = rule.kind === 'pattern' ? regexProblem(rule.value, rule.flags) : null;
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return rule;
});

const objectRule = z
  .object({
    field: z.enum(RULE_FIELDS),
    contains: z.string().min(1).optional(),
    pattern: z.string().min(1).optional(),
    /** RegExp flags for `pattern`; default 'i' (case-insensitive). '' is case-sensitive. */
    flags: z.string().optional(),
    /** For `contains`: match the case too. */
    caseSensitive: z.boolean().optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if ((r.contains === undefined) === (r.pattern === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'needs exactly one of contains (a substring) or pattern (a regular expression)' });
      return;
    }
    if (r.contains !== undefined && r.flags !== undefined) ctx.addIssue({ code: 'custom', path: ['flags'], message: 'applies to pattern only; for contains use caseSensitive: true' });
    if (r.pattern !== undefined && r.caseSensitive !== undefined) ctx.addIssue({ code: 'custom', path: ['caseSensitive'], message: "applies to contains only; for pattern use flags: '' (case-sensitive) or 'i'" });
    if (r.pattern !== undefined) {
      const flagProblem = r.flags === undefined ? null : flagsProblem(r.flags);
      if (flagProblem) ctx.addIssue({ code: 'custom', path: ['flags'], message: flagProblem });
      else {
        const problem = regexProblem(r.pattern, r.flags ?? 'i');
        if (problem) ctx.addIssue({ code: 'custom', path: ['pattern'], message: problem });
      }
    }
  })
  .transform((r): Rule =>
    r.pattern !== undefined
      ? { field: r.field, kind: 'pattern', value: r.pattern, flags: r.flags ?? 'i' }
      : { field: r.field, kind: 'contains', value: r.contains!, flags: r.caseSensitive ? '' : 'i' },
  );

function flagsProblem(flags: string): string | null {
  if (!/^[imsu]*$/.test(flags) || new Set(flags).size !== flags.length) return `must be some of the letters i, m, s, u, each once (g and y would make matches depend on earlier ones), not ${JSON.stringify(flags)}`;
  return null;
}

function regexProblem(pattern: string, flags: string): string | null {
  try {
    new RegExp(pattern, flags);
    return null;
  } catch (error) {
    return `is not a valid regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}; escape special characters (like "\\?" or "\\(") or use contains for plain text`;
  }
}

export const ruleSchema = z.union([compactRule, objectRule]);

export const rulesSchema = z
  .object({
    /** An article matching any block rule (here, its topic's or its source's) is rejected. */
    block: z.array(ruleSchema).default([]),
    /**
     * An allow-list: only articles matching one of these are published. The nearest level that
     * sets keep (source, else topic, else site) decides; `keep: []` lifts an outer allow-list.
     */
    keep: z.array(ruleSchema).optional(),
  })
  .strict();

export type RulesConfig = z.output<typeof rulesSchema>;

let emptyDocument: Document | undefined;
function selectorProblem(selector: string): string | null {
  // linkedom is the DOM the extractor queries with: a selector it accepts here works there.
  emptyDocument ??= parseHTML('<!DOCTYPE html><html><head></head><body></body></html>').document;
  try {
    emptyDocument.querySelectorAll(selector);
    return null;
  } catch (error) {
    return `is not a valid CSS selector (${(error as Error).message})`;
  }
}

const selector = z
  .string()
  .refine((s) => s.trim() !== '', 'must not be empty')
  .superRefine((s, ctx) => {
    const problem = s.trim() ? selectorProblem(s) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const extractionRuleSchema = z
  .object({
    /** The element(s) taken as the article body instead of the automatic extraction. */
    select: selector.optional(),
    /** Elements removed from the page before extraction. */
    remove: z.array(selector).default([]),
  })
  .strict();

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Host (subdomains included) → its extraction rule. */
export const extractionSchema = z.record(z.string(), extractionRuleSchema).superRefine((map, ctx) => {
  for (const host of Object.keys(map)) {
    if (!HOST.test(host)) ctx.addIssue({ code: 'custom', path: [host], message: 'must be a host name in lowercase, without scheme or path, like "example.com" (its subdomains are included)' });
  }
});

export type ExtractionRule = z.output<typeof extractionRuleSchema>;
