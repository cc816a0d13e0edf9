// Story clustering benchmark (npm run bench:clusters).
//
// 1. The labelled headline set (../shared/datasets/clusters-dev from the repository root, or
//    CLUSTERS_DEV): 7,266 real headlines of 50 outlets in two weeks, fed in time order in hourly
//    runs with the publisher's 7-day / 2,000-article pool (lib/clusters-dev.ts), each article made
//    by storyItem, the function publish/stories.ts calls. Three groupings side by side: as shipped
//    before issue 26 (lib/clusters-shipped.ts, frozen), the product's (crawler/cluster), and a
//    single-pass TF-IDF cosine baseline whose threshold is tuned on the other week. B-cubed and
//    pairwise precision/recall/F1 (lib/cluster-scores.ts), per week and both.
// 2. The sample web's articles (scripts/dev/demo/articles, with bodies), placed the same way in the
//    publisher's order (topic by topic, oldest first); its labels (scripts/dev/demo/story-labels.json)
//    say which articles tell one story. Pairwise precision and recall, and a threshold sweep.
// Results also go to bench-results/clusters.json (git-ignored).

import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLUSTER_DEFAULTS, StoryPool, storyItem, type ClusterOptions, type StoryItem } from '../../../crawler/cluster/index.ts';
import { minhashSignature } from '../../../crawler/dedup/index.ts';
import { wordListsFor } from '../../../crawler/text/index.ts';
import { articleTerms } from '../../../crawler/publish/related.ts';
import { sourceHost } from '../../../crawler/url/index.ts';
import { loadArticles } from '../demo/load-articles.ts';
import { TOPICS } from '../demo/types.ts';
import { singlePass } from './lib/clusters-baseline.ts';
import { loadHeadlines, runHourly, type Headline } from './lib/clusters-dev.ts';
import { ShippedStoryPool, type ShippedItem } from './lib/clusters-shipped.ts';
import { scoreGrouping, type GroupingScore } from './lib/cluster-scores.ts';
import { describeMachine, machine, writeResults } from './lib/results.ts';
import { printTable, percent } from './lib/table.ts';

const stop = wordListsFor('en').stop;
const results: Record<string, unknown> = { machine: machine() };

// ---------- 1. The labelled headlines ----------

const devDir = process.env.CLUSTERS_DEV ?? fileURLToPath(new URL('../../../shared/datasets/clusters-dev/', import.meta.url));
const headlines = loadHeadlines(devDir);

/** What the state keeps of each headline (made once, as the crawler stores it): terms from the title alone (no body), MinHash of the title. */
const storedTerms = new Map<number, Map<string, number>>();
const signatures = new Map<number, Uint32Array>();
const termsOf = (h: Headline) => storedTerms.get(h.id) ?? storedTerms.set(h.id, articleTerms(h.title, '', stop)).get(h.id)!;
const minhashOf = (h: Headline) => signatures.get(h.id) ?? signatures.set(h.id, minhashSignature(h.title)).get(h.id)!;

function runShipped(week: readonly Headline[]): number[] {
  const item = (h: Headline, cluster: number | null): ShippedItem => ({ id: h.id, host: h.host, time: h.time, terms: termsOf(h), minhash: minhashOf(h), cluster });
  return runHourly(week, (items) => new ShippedStoryPool(items), item, (h) => item(h, null));
}

function runProduct(week: readonly Headline[], options: ClusterOptions = CLUSTER_DEFAULTS): number[] {
  const article = (h: Headline, cluster: number | null) => ({ id: h.id, title: h.title, lang: 'en', host: h.host, time: h.time, minhash: minhashOf(h), cluster });
  return runHourly<StoryItem>(
    week,
    (items) => new StoryPool(items, options),
    (h, cluster) => storyItem({ ...article(h, cluster), terms: termsOf(h) }),
    (h) => storyItem({ ...article(h, null), text: '' }),
  );
}

const BASELINE_THRESHOLDS = Array.from({ length: 31 }, (_, i) => Math.round((0.05 + i * 0.025) * 1000) / 1000);

function baselineSweep(week: readonly Headline[]): Array<{ threshold: number; predicted: number[]; score: GroupingScore }> {
  const docs = week.map(termsOf);
  const truth = week.map((h) => h.story);
  return BASELINE_THRESHOLDS.map((threshold) => {
    const predicted = singlePass(docs, threshold);
    return { threshold, predicted, score: scoreGrouping(predicted, truth) };
  });
}

const scoreRow = (label: string, s: GroupingScore) => [
  label,
  s.bcubed.precision.toFixed(3),
  s.bcubed.recall.toFixed(3),
  s.bcubed.f1.toFixed(3),
  s.pairwise.precision.toFixed(3),
  s.pairwise.recall.toFixed(3),
  s.pairwise.f1.toFixed(3),
  `${s.predictedStories}/${s.labelledStories}`,
];
const SCORE_HEADER = ['grouping', 'B³ P', 'B³ R', 'B³ F1', 'pair P', 'pair R', 'pair F1', 'stories ≥2 (found/labelled)'];

if (!headlines) {
  console.log(`The labelled headline set is not at ${devDir} (set CLUSTERS_DEV to its folder): only the sample web is measured.\n`);
} else {
  const weeks = [1, 2].map((w) => headlines.filter((h) => h.week === w));
  const truth = weeks.map((week) => week.map((h) => h.story));
  const started = Date.now();
  const shipped = weeks.map(runShipped);
  const product = weeks.map((w) => runProduct(w));
  const sweeps = weeks.map(baselineSweep);
  const bestOf = (i: number) => sweeps[i]!.reduce((a, b) => (b.score.bcubed.f1 > a.score.bcubed.f1 ? b : a));
  // Each week's baseline uses the threshold that was best on the other week.
  const tuned = [bestOf(1).threshold, bestOf(0).threshold];
  const baseline = weeks.map((_, i) => sweeps[i]!.find((s) => s.threshold === tuned[i])!.predicted);
  // Both weeks: the two weeks' groupings side by side (their ids never meet: week 2's are offset).
  const both = (runs: number[][]) => [...runs[0]!, ...runs[1]!.map((id) => id + 1_000_000)];
  const allTruth = [...truth[0]!, ...truth[1]!];
  console.log(`${headlines.length} labelled headlines (${relative(process.cwd(), devDir) || '.'}), ${new Set(headlines.map((h) => h.host)).size} outlets; hourly runs, 7-day / 2,000-article pool; headlines only (no bodies)`);
  console.log(`product: window ${CLUSTER_DEFAULTS.windowHours} h from a story's newest article, cosine ≥ ${CLUSTER_DEFAULTS.threshold} to the centroid of its last ${CLUSTER_DEFAULTS.recentHours} h (×${CLUSTER_DEFAULTS.otherNamesFactor} when the names differ), ≥ ${CLUSTER_DEFAULTS.minShared} shared keys, or shingle Jaccard ≥ ${CLUSTER_DEFAULTS.shingleThreshold}`);
  console.log(`baseline: single-pass TF-IDF cosine to centroids; threshold tuned on the other week: week 1 uses ${tuned[0]}, week 2 uses ${tuned[1]}\n`);
  const table: Record<string, Record<string, GroupingScore>> = {};
  for (const [label, pick] of [
    ['week 1', (runs: number[][]) => ({ p: runs[0]!, t: truth[0]! })],
    ['week 2', (runs: number[][]) => ({ p: runs[1]!, t: truth[1]! })],
    ['both weeks', (runs: number[][]) => ({ p: both(runs), t: allTruth })],
  ] as const) {
    const rows: Record<string, GroupingScore> = {};
    for (const [name, runs] of [['as shipped', shipped], ['product', product], ['baseline', baseline]] as const) {
      const { p, t } = pick(runs as number[][]);
      rows[name] = scoreGrouping(p, t);
    }
    table[label] = rows;
    console.log(`${label}:`);
    printTable(SCORE_HEADER, Object.entries(rows).map(([name, s]) => scoreRow(name, s)));
    console.log('');
  }
  console.log("The product's constants were chosen on week 1 alone: week 2 is held out.");
  console.log('product, cosine threshold sweep (other constants as chosen):');
  const productSweep = [0.15, 0.2, 0.25, 0.3, 0.4].map((threshold) => {
    const runs = weeks.map((w) => runProduct(w, { ...CLUSTER_DEFAULTS, threshold }));
    return { threshold, week1: scoreGrouping(runs[0]!, truth[0]!), week2: scoreGrouping(runs[1]!, truth[1]!) };
  });
  printTable(
    ['cosine ≥', 'week 1 B³ F1', 'week 1 pair P', 'week 2 B³ F1', 'week 2 pair P'],
    productSweep.map((s) => [`${s.threshold.toFixed(2)}${s.threshold === CLUSTER_DEFAULTS.threshold ? ' *' : ''}`, s.week1.bcubed.f1.toFixed(3), s.week1.pairwise.precision.toFixed(3), s.week2.bcubed.f1.toFixed(3), s.week2.pairwise.precision.toFixed(3)]),
  );
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  results.dev = { table, baselineThresholds: tuned, productSweep };
}

// ---------- 2. The sample web ----------

interface Labels {
  stories: Record<string, string[]>;
  distractors: Record<string, string>;
}

const labels = JSON.parse(readFileSync(new URL('../demo/story-labels.json', import.meta.url), 'utf8')) as Labels;
const { articles } = loadArticles();
const ordered = [...articles].sort((a, b) => TOPICS.indexOf(a.topic) - TOPICS.indexOf(b.topic) || a.date.getTime() - b.date.getTime() || a.file.localeCompare(b.file));
const base = ordered.map((a, i) => ({
  file: a.file,
  article: { id: i + 1, title: a.title, text: a.text, lang: 'en', host: sourceHost(a.url) ?? a.url, time: a.date.getTime(), minhash: minhashSignature(a.text), cluster: null },
}));

const truth = new Map<string, string>();
for (const [story, files] of Object.entries(labels.stories)) for (const f of files) truth.set(f, story);
for (const f of [...truth.keys(), ...Object.keys(labels.distractors)]) if (!articles.some((a) => a.file === f)) throw new Error(`story-labels.json names ${f}, which the sample web does not have`);

interface Score {
  threshold: number;
  precision: number;
  recall: number;
  f1: number;
  clusters: number;
  truePairs: number;
  predictedPairs: number;
  distractorsMerged: number;
}

function run(options: ClusterOptions): Score {
  const pool = new StoryPool([], options);
  const storyOf = new Map<string, number>();
  for (const { file, article } of base) {
    const placed = storyItem(article);
    const match = pool.choose(placed);
    if (match) {
      pool.setCluster(match.cluster, match.cluster);
      placed.cluster = match.cluster;
      storyOf.set(file, match.cluster);
      const founder = base.find((b) => b.article.id === match.cluster)!;
      storyOf.set(founder.file, match.cluster);
    }
    pool.add(placed);
  }
  let tp = 0;
  let predicted = 0;
  let actual = 0;
  for (let i = 0; i < base.length; i++) {
    for (let j = i + 1; j < base.length; j++) {
      const a = base[i]!.file;
      const b = base[j]!.file;
      const same = storyOf.has(a) && storyOf.get(a) === storyOf.get(b);
      const labelled = truth.has(a) && truth.get(a) === truth.get(b);
      if (same) predicted++;
      if (labelled) actual++;
      if (same && labelled) tp++;
    }
  }
  const precision = predicted ? tp / predicted : 1;
  const recall = actual ? tp / actual : 1;
  const distractorsMerged = Object.keys(labels.distractors).filter((f) => storyOf.has(f)).length;
  return {
    threshold: options.threshold,
    precision,
    recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    clusters: new Set([...storyOf.values()]).size,
    truePairs: tp,
    predictedPairs: predicted,
    distractorsMerged,
  };
}

const sweep: Score[] = [];
for (let t = 0.1; t <= 0.6001; t += 0.025) sweep.push(run({ ...CLUSTER_DEFAULTS, threshold: Math.round(t * 1000) / 1000 }));
const chosen = run(CLUSTER_DEFAULTS);
const noShingles = run({ ...CLUSTER_DEFAULTS, shingleThreshold: 2 });
const wideWindow = run({ ...CLUSTER_DEFAULTS, windowHours: 24 * 365 });

const labelledPairs = Object.values(labels.stories).reduce((n, f) => n + (f.length * (f.length - 1)) / 2, 0);
console.log(`sample web: ${articles.length} articles with bodies: ${Object.keys(labels.stories).length} labelled stories (${labelledPairs} same-story pairs), ${Object.keys(labels.distractors).length} same-subject distractors\n`);
const row = (label: string, s: Score) => [label, percent(s.precision, 1), percent(s.recall, 1), s.f1.toFixed(3), String(s.clusters), `${s.truePairs}/${s.predictedPairs}`, String(s.distractorsMerged)];
const header = ['run', 'precision', 'recall', 'F1', 'clusters', 'right/found pairs', 'distractors merged'];
printTable(header, [row('chosen', chosen), row('no shingle band', noShingles), row('no time window', wideWindow)]);
console.log('\nsweep of the cosine threshold (other constants as chosen):');
printTable(header, sweep.map((s) => row(`cosine ≥ ${s.threshold.toFixed(3)}${s.threshold === CLUSTER_DEFAULTS.threshold ? ' *' : ''}`, s)));
console.log(`\n${describeMachine(machine())}`);
writeResults('clusters', { ...results, sample: { chosen, noShingles, wideWindow, sweep } });
