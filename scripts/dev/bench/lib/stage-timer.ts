import { checkQuality, htmlToMarkdown, sanitizeArticleHtml, stripControlCharacters } from '../../../../crawler/clean/index.ts';
import { DEFAULT_NUM_HASHES, LshIndex, contentHash, findNearDuplicate, minhashSignature } from '../../../../crawler/dedup/index.ts';
import { extractTags, makeExcerpt, readingTime } from '../../../../crawler/enrich/index.ts';
import { extractPage } from '../../../../crawler/extract/index.ts';
import type { ProcessOptions } from '../../../../crawler/process/process-page.ts';

// The pure stages of crawler/process/process-page.ts, called one by one in the same order with the same
// arguments, each timed by the CPU time of this thread (process.threadCpuUsage, so neither other
// processes nor V8's helper threads count) and by the wall clock.

export const STAGES = ['extract', 'clean', 'enrich', 'dedup'] as const;
export type Stage = (typeof STAGES)[number];

export interface StageRun {
  cpuMs: Record<Stage, number>;
  wallMs: number;
  totalCpuMs: number;
  /** Pages that came out as articles (the others stop after extract or clean, as in the pipeline). */
  articles: number;
}

const threadCpu = (): number => {
  const usage = typeof process.threadCpuUsage === 'function' ? process.threadCpuUsage() : process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const THRESHOLD = 0.8;
const WARM_UP = 10;

export function runStages(pages: Array<{ html: string; url: string }>, options: ProcessOptions): StageRun {
  const cpuMs: Record<Stage, number> = { extract: 0, clean: 0, enrich: 0, dedup: 0 };
  let articles = 0;
  let wallMs = 0;
  const timed = <T>(stage: Stage, measure: boolean, work: () => T): T => {
    const before = threadCpu();
    const result = work();
    if (measure) cpuMs[stage] += threadCpu() - before;
    return result;
  };

  const pass = (list: typeof pages, measure: boolean) => {
    const index = new LshIndex({ numHashes: DEFAULT_NUM_HASHES, threshold: THRESHOLD });
    const signatures = new Map<number, Uint32Array>();
    const wallStart = performance.now();
    list.forEach((page, i) => {
      const extracted = timed('extract', measure, () => extractPage(page.html, page.url, options.extract ?? {}));
      if (!extracted.text.trim()) return;
      const cleaned = timed('clean', measure, () => {
        const verdict = checkQuality({ title: extracted.title, text: extracted.text, lang: extracted.lang }, { minWords: options.minWords });
        if (!verdict.ok) return null;
        const markdown = stripControlCharacters(htmlToMarkdown(sanitizeArticleHtml(extracted.html, { baseUrl: page.url })));
        return markdown.trim() ? { markdown, text: stripControlCharacters(extracted.text), title: stripControlCharacters(extracted.title) } : null;
      });
      if (!cleaned) return;
      timed('enrich', measure, () => {
        makeExcerpt(extracted.description, cleaned.text);
        readingTime(extracted.wordCount);
        return extractTags({ title: cleaned.title, text: cleaned.text, lang: extracted.lang });
      });
      timed('dedup', measure, () => {
        contentHash(cleaned.text);
        const signature = minhashSignature(cleaned.text);
        const duplicate = findNearDuplicate(signature, index, (id) => signatures.get(id), THRESHOLD);
        if (!duplicate) {
          signatures.set(i, signature);
          index.add(i, signature);
        }
      });
      if (measure) articles++;
    });
    if (measure) wallMs = performance.now() - wallStart;
  };

  pass(pages.slice(0, WARM_UP), false);
  pass(pages, true);
  const totalCpuMs = STAGES.reduce((s, k) => s + cpuMs[k], 0);
  return { cpuMs, wallMs, totalCpuMs, articles };
}
