import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';

// Runs Lighthouse against a Chromium already listening on a DevTools port (see chromium.ts)
// and keeps what the audit script and the tests need: the category scores and, for a score
// below 100, the audits that cost points.

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type FormFactor = 'mobile' | 'desktop';

export interface FailingAudit {
  id: string;
  title: string;
  /** 0..1; audits with weight 0 never appear here. */
  score: number;
  /** First lines of what Lighthouse flagged (selectors, URLs, console messages). */
  items: string[];
}

export interface PageAudit {
  name: string;
  url: string;
  formFactor: FormFactor;
  /** 0..100 per category that ran. */
  scores: Partial<Record<Category, number>>;
  failing: Partial<Record<Category, FailingAudit[]>>;
  /** Lighthouse's own warnings about the run (e.g. a page that redirected). */
  warnings: string[];
}

export interface AuditTarget {
  name: string;
  url: string;
  /** URL patterns Chromium refuses to load (Lighthouse ignores the console errors this causes). */
  blockedUrlPatterns?: string[];
  /** Categories to run on this page (defaults to the run's). */
  categories?: readonly Category[];
  /** Wait this long after load before gathering (e.g. for AMP's boilerplate to reveal the page without its runtime). */
  pauseAfterLoadMs?: number;
}

export interface AuditOptions {
  port: number;
  formFactor: FormFactor;
  categories?: readonly Category[];
}

function itemText(item: Record<string, unknown>): string {
  const node = item.node as { selector?: string; snippet?: string } | undefined;
  const location = item.sourceLocation as { url?: string } | undefined;
  const parts = [node?.selector, typeof item.url === 'string' ? item.url : location?.url, typeof item.description === 'string' ? item.description : undefined];
  return parts.filter(Boolean).join(' ') || JSON.stringify(item).slice(0, 160);
}

function failingAudits(lhr: Result, category: Category): FailingAudit[] {
  const out: FailingAudit[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
    const details = audit.details as { items?: Array<Record<string, unknown>> } | undefined;
    out.push({ id: ref.id, title: audit.title, score: audit.score, items: (details?.items ?? []).slice(0, 5).map(itemText) });
  }
  return out;
}

/** Audits one page. Throws when Lighthouse could not load it (a runtime error, not a low score). */
export async function auditPage(target: AuditTarget, options: AuditOptions): Promise<PageAudit> {
  const categories = target.categories ?? options.categories ?? CATEGORIES;
  const flags: Flags = {
    port: options.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    disableFullPageScreenshot: true,
    blockedUrlPatterns: target.blockedUrlPatterns ?? null,
    ...(target.pauseAfterLoadMs ? { pauseAfterLoadMs: target.pauseAfterLoadMs } : {}),
  };
  const result = await lighthouse(target.url, flags, options.formFactor === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`lighthouse returned nothing for ${target.url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse could not audit ${target.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores: PageAudit['scores'] = {};
  const failing: PageAudit['failing'] = {};
  for (const category of categories) {
    const score = lhr.categories[category]?.score;
    scores[category] = score === null || score === undefined ? Number.NaN : Math.round(score * 100);
    const lost = failingAudits(lhr, category);
    if (lost.length) failing[category] = lost;
  }
  return { name: target.name, url: target.url, formFactor: options.formFactor, scores, failing, warnings: lhr.runWarnings };
}

/** A plain-text table: one row per page and form factor, one column per category. */
export function formatScores(audits: PageAudit[], categories: readonly Category[] = CATEGORIES): string {
  const head = ['page', 'form factor', ...categories];
  const rows = audits.map((a) => [a.name, a.formFactor, ...categories.map((c) => (a.scores[c] === undefined ? '–' : Number.isNaN(a.scores[c]) ? 'n/a' : String(a.scores[c])))]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** The failing audits of every score below 100, as indented lines. */
export function formatFailures(audits: PageAudit[]): string {
  const lines: string[] = [];
  for (const a of audits) {
    for (const [category, list] of Object.entries(a.failing)) {
      lines.push(`${a.name} (${a.formFactor}) ${category} ${a.scores[category as Category]}:`);
      for (const f of list ?? []) {
        lines.push(`  - ${f.title} [${f.id}, score ${f.score.toFixed(2)}]`);
        for (const item of f.items) lines.push(`      ${item}`);
      }
    }
  }
  return lines.join('\n');
}
