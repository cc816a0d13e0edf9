// Article-extraction benchmark: Gleaner's extractPage against plain Readability (on linkedom and
// on jsdom), scored with the dataset's own evaluate.mjs (F1 over word 4-shingles).
//
//   npm run bench:extract -- [<dataset-dir>] [--skip-jsdom] [--worst=N]
//   npm run bench:extract -- --hostile     time extractPage on hostile pages (no dataset needed)
//
// Default dataset: ../shared/datasets/extraction-dev relative to the repository. Predictions are
// written to bench-results/extract/<name>.json (git-ignored). Timing covers extraction only: files
// are read and decompressed before the clock starts, every extractor first runs untimed on a few
// pages (JIT warm-up), and the two linkedom extractors run interleaved page by page.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { parseHTML } from 'linkedom';
import { extractPage } from '../../../crawler/extract/index.ts';
import { loadDataset, type GroundTruth, type Page } from './lib/extraction-dataset.ts';
import { withoutComments, withoutHeadline } from './lib/label-parts.ts';
import { HOSTILE_PAGES } from './lib/hostile-pages.ts';
import { describeMachine, PROJECT } from './lib/results.ts';
import { printTable } from './lib/table.ts';
import { commandArgs } from '../../kit/args.ts';

interface Prediction {
  text: string;
  title?: string;
  strategy?: string;
}

interface Extractor {
  name: string;
  run(page: Page): Prediction;
  /** Plain Readability is also scored with its title prepended (the labels often start with it). */
  withTitleVariant: boolean;
}

const parsed = commandArgs(process.argv.slice(2), { 'skip-jsdom': { type: 'boolean' }, worst: { type: 'string', default: '10' }, hostile: { type: 'boolean' } }, 'usage: npm run bench:extract -- [<dataset dir>] [--skip-jsdom] [--worst=10] | --hostile', { positionals: true });
if (typeof parsed === 'number') process.exit(parsed);
const datasetDir = resolve(parsed.positionals[0] ?? join(PROJECT, '..', 'shared', 'datasets', 'extraction-dev'));
const skipJsdom = Boolean(parsed.values['skip-jsdom']);
const worstCount = Number(parsed.values.worst);
const WARMUP_PAGES = 15;

function readabilityOn(document: Document): Prediction {
  const article = new Readability(document).parse();
  return { text: article?.textContent ?? '', title: article?.title ?? '' };
}

const extractors: Extractor[] = [
  {
    name: 'gleaner',
    withTitleVariant: false,
    run: (page) => {
      const result = extractPage(page.html, page.url);
      return { text: result.text, title: result.title, strategy: result.strategy };
    },
  },
  {
    name: 'readability-linkedom',
    withTitleVariant: true,
    run: (page) => readabilityOn(parseHTML(page.html).document),
  },
];
if (!skipJsdom) {
  extractors.push({
    name: 'readability-jsdom',
    withTitleVariant: true,
    run: (page) => readabilityOn(new JSDOM(page.html, { url: page.url, virtualConsole: new VirtualConsole() }).window.document),
  });
}

function safeRun(extractor: Extractor, page: Page): Prediction {
  try {
    return extractor.run(page);
  } catch (error) {
    // Plain Readability throws on some pages; count those as empty, as a caller would.
    return { text: '', strategy: `error: ${(error as Error).message.slice(0, 60)}` };
  }
}

async function main(): Promise<void> {
  const { groundTruth, pages, scorer } = await loadDataset(datasetDir);
  const outDir = join(PROJECT, 'bench-results', 'extract');
  mkdirSync(outDir, { recursive: true });
  console.log(`dataset: ${datasetDir} (${pages.length} pages)\n`);

  const rows: Array<{ name: string; f1: number; precision: number; recall: number; pagesPerSecond: number }> = [];
  let gleaner: { predictions: Map<string, Prediction> } | null = null;

  // The two linkedom extractors, whose speeds the target compares, run interleaved page by page
  // (alternating which goes first), so load from other processes hits both alike; jsdom runs after.
  const runs = new Map<Extractor, { predictions: Map<string, Prediction>; elapsed: number }>();
  for (const extractor of extractors) runs.set(extractor, { predictions: new Map(), elapsed: 0 });
  const groups = [extractors.filter((e) => e.name !== 'readability-jsdom'), extractors.filter((e) => e.name === 'readability-jsdom')];
  for (const group of groups) {
    if (group.length === 0) continue;
    for (const extractor of group) for (const page of pages.slice(0, WARMUP_PAGES)) safeRun(extractor, page);
    pages.forEach((page, i) => {
      const order = i % 2 === 0 ? group : [...group].reverse();
      for (const extractor of order) {
        const run = runs.get(extractor)!;
        const start = performance.now();
        const prediction = safeRun(extractor, page);
        run.elapsed += performance.now() - start;
        run.predictions.set(page.id, prediction);
      }
    });
  }

  for (const extractor of extractors) {
    const { predictions, elapsed } = runs.get(extractor)!;
    const pagesPerSecond = pages.length / (elapsed / 1000);
    const variants: Array<[string, (p: Prediction) => string]> = [[extractor.name, (p) => p.text]];
    if (extractor.withTitleVariant) variants.push([`${extractor.name} +title`, (p) => (p.title ? `${p.title}\n\n${p.text}` : p.text)]);
    for (const [name, body] of variants) {
      const submission = Object.fromEntries(pages.map((page) => [page.id, { articleBody: body(predictions.get(page.id)!) }]));
      writeFileSync(join(outDir, `${name.replace(/\s*\+/, '+')}.json`), JSON.stringify(submission, null, 1));
      const scores = scorer.evaluate(groundTruth, submission);
      rows.push({ name, f1: scores.f1, precision: scores.precision, recall: scores.recall, pagesPerSecond });
    }
    if (extractor.name === 'gleaner') gleaner = { predictions };
  }

  printTable(['extractor', 'F1', 'P', 'R', 'pages/s'], rows.map((r) => [r.name, r.f1.toFixed(4), r.precision.toFixed(4), r.recall.toFixed(4), r.pagesPerSecond.toFixed(1)]));
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (x: number, digits = 4) => x.toFixed(digits).padStart(8);

  if (gleaner) {
    const scored = pages.map((page) => {
      const prediction = gleaner!.predictions.get(page.id)!;
      return { id: page.id, strategy: prediction.strategy ?? '', ...scorer.score(groundTruth[page.id].articleBody, prediction.text) };
    });
    const byStrategy = new Map<string, number[]>();
    for (const s of scored) byStrategy.set(s.strategy, [...(byStrategy.get(s.strategy) ?? []), s.f1]);
    console.log('\ngleaner by strategy:');
    for (const [strategy, f1s] of [...byStrategy.entries()].sort((a, b) => b[1].length - a[1].length)) {
      console.log(`  ${pad(strategy, 14)}${String(f1s.length).padStart(5)} pages   mean F1 ${(f1s.reduce((a, b) => a + b, 0) / f1s.length).toFixed(4)}`);
    }
    printLabelParts(groundTruth, pages, gleaner.predictions, scorer);
    console.log(`\ngleaner: ${worstCount} worst pages`);
    console.log(`  ${pad('id', 8)}${'F1'.padStart(7)}${'P'.padStart(7)}${'R'.padStart(7)}  ${pad('strategy', 12)}url`);
    for (const s of [...scored].sort((a, b) => a.f1 - b.f1 || a.id.localeCompare(b.id)).slice(0, worstCount)) {
      const url = groundTruth[s.id].url ?? '-';
      console.log(`  ${pad(s.id, 8)}${num(s.f1, 3).slice(1)}${num(s.precision, 3).slice(1)}${num(s.recall, 3).slice(1)}  ${pad(s.strategy, 12)}${url}`);
    }
  }
  console.log(`\npredictions: ${outDir}`);
}

/**
 * Gleaner's score against the labels with the parts it leaves out by design taken out: the
 * headline most labels open with, and the readers' comments a few go on into (lib/label-parts.ts).
 */
function printLabelParts(groundTruth: GroundTruth, pages: Page[], predictions: Map<string, Prediction>, scorer: Awaited<ReturnType<typeof loadDataset>>['scorer']): void {
  const submission = Object.fromEntries(pages.map((page) => [page.id, { articleBody: predictions.get(page.id)!.text }]));
  const relabel = (change: (label: string, id: string) => string): GroundTruth =>
    Object.fromEntries(Object.entries(groundTruth).map(([id, truth]) => [id, { ...truth, articleBody: change(truth.articleBody, id) }]));
  const title = (id: string) => predictions.get(id)?.title ?? '';
  const noHeadline = relabel((label, id) => withoutHeadline(label, title(id)));
  const noComments = relabel(withoutComments);
  const changed = (truth: GroundTruth) => Object.keys(truth).filter((id) => truth[id].articleBody !== groundTruth[id].articleBody).length;
  const variants: Array<[string, GroundTruth]> = [
    ['labels as given', groundTruth],
    [`without the headline line (${changed(noHeadline)} labels)`, noHeadline],
    [`without readers' comments (${changed(noComments)} labels)`, noComments],
    ['without both', relabel((label, id) => withoutHeadline(withoutComments(label), title(id)))],
  ];
  console.log("\ngleaner against the labels without what it leaves out of a body by design:");
  printTable(['labels', 'F1', 'P', 'R'], variants.map(([name, truth]) => {
    const scores = scorer.evaluate(truth, submission);
    return [name, scores.f1.toFixed(4), scores.precision.toFixed(4), scores.recall.toFixed(4)];
  }));
}

function hostile(): void {
  console.log(`${'page'.padEnd(30)}${'chars'.padStart(12)}${'ms'.padStart(8)}  result`);
  for (const [name, make] of Object.entries(HOSTILE_PAGES)) {
    const html = make();
    const start = performance.now();
    const result = extractPage(html, 'https://hostile.example/page');
    const ms = performance.now() - start;
    const outcome = result.reason ? `${result.strategy} (${result.reason})` : `${result.strategy}, ${result.wordCount} words`;
    console.log(`${name.padEnd(30)}${String(html.length).padStart(12)}${ms.toFixed(0).padStart(8)}  ${outcome}`);
  }
}

console.log(`bench:extract on ${describeMachine()}\n`);
if (parsed.values.hostile) hostile();
else await main();
