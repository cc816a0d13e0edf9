// Story clustering benchmark (npm run bench:clusters).
//
// The sample web's articles (tools/demo/articles) clustered the way the publisher does it:
// each article's term vector and MinHash signature made by the crawler's own functions, then
// placed one at a time through StoryPool (the class planPublication uses) in the publisher's
// order: topic by topic as the demo config lists them, oldest first. The labels
// (tools/demo/story-labels.json) say which articles tell one story; every other article is a
// story of its own. Prints pairwise precision and recall and a sweep of the cosine threshold.
// Results also go to bench-results/clusters.json (git-ignored).

import { readFileSync } from 'node:fs';
import { CLUSTER_DEFAULTS, StoryPool, type ClusterOptions, type StoryItem } from '../../crawler/cluster/index.ts';
import { minhashSignature } from '../../crawler/dedup/index.ts';
import { wordListsFor } from '../../crawler/text/index.ts';
import { articleTerms } from '../../crawler/publish/related.ts';
import { sourceHost } from '../../crawler/url/index.ts';
import { loadArticles } from '../demo/load-articles.ts';
import { TOPICS } from '../demo/types.ts';
import { describeMachine, machine, writeResults } from './lib/results.ts';
import { printTable, percent } from './lib/table.ts';

interface Labels {
  stories: Record<string, string[]>;
  distractors: Record<string, string>;
}

const labels = JSON.parse(readFileSync(new URL('../demo/story-labels.json', import.meta.url), 'utf8')) as Labels;
const { articles } = loadArticles();
const ordered = [...articles].sort((a, b) => TOPICS.indexOf(a.topic) - TOPICS.indexOf(b.topic) || a.date.getTime() - b.date.getTime() || a.file.localeCompare(b.file));
const stop = wordListsFor('en').stop;
const base = ordered.map((a, i) => ({
  file: a.file,
  item: { id: i + 1, host: sourceHost(a.url) ?? a.url, time: a.date.getTime(), terms: articleTerms(a.title, a.text, stop), minhash: minhashSignature(a.text), cluster: null } as StoryItem,
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
  for (const { file, item } of base) {
    const placed = { ...item };
    const match = pool.choose(placed);
    if (match) {
      pool.setCluster(match.cluster, match.cluster);
      placed.cluster = match.cluster;
      storyOf.set(file, match.cluster);
      const founder = base.find((b) => b.item.id === match.cluster)!;
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
console.log(`${articles.length} sample-web articles: ${Object.keys(labels.stories).length} labelled stories (${labelledPairs} same-story pairs), ${Object.keys(labels.distractors).length} same-subject distractors`);
console.log(`defaults: window ${CLUSTER_DEFAULTS.windowHours} h, cosine ≥ ${CLUSTER_DEFAULTS.threshold}, or shingle Jaccard ≥ ${CLUSTER_DEFAULTS.shingleThreshold}\n`);
const row = (label: string, s: Score) => [label, percent(s.precision, 1), percent(s.recall, 1), s.f1.toFixed(3), String(s.clusters), `${s.truePairs}/${s.predictedPairs}`, String(s.distractorsMerged)];
const header = ['run', 'precision', 'recall', 'F1', 'clusters', 'right/found pairs', 'distractors merged'];
printTable(header, [row('chosen', chosen), row('no shingle band', noShingles), row('no time window', wideWindow)]);
console.log('\nsweep of the cosine threshold (window and shingle band as chosen):');
printTable(header, sweep.map((s) => row(`cosine ≥ ${s.threshold.toFixed(3)}${s.threshold === CLUSTER_DEFAULTS.threshold ? ' *' : ''}`, s)));
console.log(`\n${describeMachine(machine())}`);
writeResults('clusters', { machine: machine(), chosen, noShingles, wideWindow, sweep });
