// Near-duplicate detection benchmark (npm run bench:dedup).
//
// 1. Quality: generated base articles, copies of them, and distinct articles that share their
//    vocabulary (same topic) or a long boilerplate block. Two sets of copies:
//    - "realistic": the edits republished articles actually show (verbatim, typo fixes, another
//      site's intro/outro, an update that adds paragraphs, a trimmed excerpt, a rewrite);
//    - "uniform": random edits whose true Jaccard spreads evenly over 0.2–1, a stress test that
//      puts as many pairs just below the threshold as just above it.
//    Prints recall and precision at the threshold against the exact Jaccard of the shingle sets.
// 2. Scale: 100,000 generated articles (~600 words) signed, checked against and added to the
//    LSH index one by one, as the pipeline does. Prints time and peak memory. It runs before the
//    quality runs (which hold thousands of shingle sets), so the peak is its own.
// Results also go to bench-results/dedup.json (git-ignored).

import { performance } from 'node:perf_hooks';
import {
  DEFAULT_NUM_HASHES,
  DEFAULT_SHINGLE_SIZE,
  LshIndex,
  candidateProbability,
  estimateJaccard,
  exactJaccard,
  findNearDuplicate,
  halfPoint,
  minhashSignature,
  shingleSet,
} from '../../../crawler/dedup/index.ts';
import { createRandom } from '../lib/random.ts';
import { describeMachine, machine, writeResults } from './lib/results.ts';

const THRESHOLD = Number(process.env.DEDUP_THRESHOLD ?? 0.8);
const NUM_HASHES = Number(process.env.DEDUP_NUM_HASHES ?? DEFAULT_NUM_HASHES);
const QUALITY_BASES = Number(process.env.DEDUP_QUALITY_BASES ?? 3000);
const SCALE_ARTICLES = Number(process.env.DEDUP_SCALE_ARTICLES ?? 100_000);
const SCALE_WORDS = 600;

// ---------- deterministic text generator ----------

const rng = (seed: number): (() => number) => createRandom(seed).next;

// Reseeded per quality corpus so both modes judge the same articles.
let random = rng(42);
const int = (n: number) => Math.floor(random() * n);

const FUNCTION_WORDS = 'the of and to a in is that for it as was with be by on not he this are or his from at which but have an they you were her all she there would their we him been has when who will more no if out so said what up its about into than them can only other new some could time these two may then do first any my now such like our over man me even most made after also did many before must through back years where much your way well down should because each just those people how too little state good very make world still own see men work long get here between both life being under never day same another know while last might us great old year off come since against go came right used take three'.split(
  ' ',
);
const SYLLABLES = 'ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo ga ge gi go ka ke ki ko la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo za ze zi zo an en in on ar er ir or al el il ol ex st tr pr gr'.split(
  ' ',
);

const VOCABULARY_SIZE = 30_000;
const vocabulary: string[] = [...FUNCTION_WORDS];
{
  const seen = new Set(vocabulary);
  while (vocabulary.length < VOCABULARY_SIZE) {
    const n = 2 + int(3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[int(SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      vocabulary.push(w);
    }
  }
}
// Zipf(1.05) over the whole vocabulary: the shared background every article draws from.
const zipfCdf = new Float64Array(VOCABULARY_SIZE);
{
  let sum = 0;
  for (let i = 0; i < VOCABULARY_SIZE; i++) zipfCdf[i] = sum += 1 / (i + 1) ** 1.05;
  for (let i = 0; i < VOCABULARY_SIZE; i++) zipfCdf[i] /= sum;
}
function zipfWord(): string {
  const u = random();
  let lo = 0;
  let hi = VOCABULARY_SIZE - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (zipfCdf[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return vocabulary[lo];
}
// 300 topics of 150 content words each: articles on one topic share much of their vocabulary.
const TOPICS = Array.from({ length: 300 }, () => Array.from({ length: 150 }, () => vocabulary[500 + int(VOCABULARY_SIZE - 500)]));

type Sentence = string[];

function sentence(topic: number): Sentence {
  const len = 8 + int(18);
  const words: string[] = [];
  for (let i = 0; i < len; i++) words.push(random() < 0.3 ? TOPICS[topic][int(150)] : zipfWord());
  return words;
}

function article(topic: number, words: number): Sentence[] {
  const out: Sentence[] = [];
  let n = 0;
  while (n < words) {
    const s = sentence(topic);
    out.push(s);
    n += s.length;
  }
  return out;
}

function render(sentences: Sentence[]): string {
  let text = '';
  sentences.forEach((s, i) => {
    const first = s[0] ? s[0][0].toUpperCase() + s[0].slice(1) : '';
    text += (i === 0 ? '' : i % 5 === 0 ? '\n\n' : ' ') + [first, ...s.slice(1)].join(' ') + '.';
  });
  return text;
}

/** An edited copy: word substitutions, deleted, inserted and rewritten sentences, a changed intro/outro. */
function editedCopy(base: Sentence[], topic: number, intensity: number): Sentence[] {
  const copy = base.map((s) => [...s]);
  const operations = Math.round(intensity * base.length);
  for (let k = 0; k < operations; k++) {
    const op = random();
    const at = int(copy.length);
    if (op < 0.4 && copy[at]) {
      copy[at][int(copy[at].length)] = random() < 0.5 ? zipfWord() : TOPICS[topic][int(150)];
    } else if (op < 0.6 && copy.length > 3) {
      copy.splice(at, 1);
    } else if (op < 0.8) {
      copy.splice(at, 0, sentence(topic));
    } else if (op < 0.9 && copy[at]) {
      copy[at] = copy[at].map((w) => (random() < 0.3 ? zipfWord() : w));
    } else if (random() < 0.5) {
      copy.unshift(sentence(topic));
    } else {
      copy.push(sentence(topic));
    }
  }
  return copy;
}

/** How republished articles really differ from the original. */
function realisticCopy(base: Sentence[], topic: number): Sentence[] {
  const copy = base.map((s) => [...s]);
  const scenario = int(6);
  if (scenario === 1) {
    // typo fixes
    for (let k = 1 + int(5); k > 0; k--) {
      const s = copy[int(copy.length)];
      s[int(s.length)] = zipfWord();
    }
  } else if (scenario === 2) {
    // another site's intro and outro (byline, newsletter plug, related links)
    for (let k = 1 + int(2); k > 0; k--) copy.unshift(sentence(topic));
    for (let k = 2 + int(3); k > 0; k--) copy.push(sentence(topic));
  } else if (scenario === 3) {
    // an update: one to three new paragraphs somewhere
    for (let k = 1 + int(3); k > 0; k--) copy.splice(int(copy.length), 0, ...Array.from({ length: 5 }, () => sentence(topic)));
  } else if (scenario === 4) {
    // a trimmed excerpt: the first 50–95%
    copy.length = Math.max(3, Math.round(copy.length * (0.5 + random() * 0.45)));
  } else if (scenario === 5) {
    // a rewrite: a third to two thirds of the sentences paraphrased
    const share = 0.33 + random() * 0.33;
    for (let i = 0; i < copy.length; i++) if (random() < share) copy[i] = copy[i].map((w) => (random() < 0.4 ? zipfWord() : w));
  }
  return copy;
}

// ---------- 1. quality ----------

interface Query {
  text: string;
  kind: 'copy' | 'same-topic' | 'boilerplate';
  baseId: number;
}

function qualityBenchmark(mode: 'signature' | 'verified', copies: 'realistic' | 'uniform') {
  random = rng(copies === 'realistic' ? 42 : 43);
  const started = performance.now();
  const index = new LshIndex({ numHashes: NUM_HASHES, threshold: THRESHOLD });
  const baseTexts: string[] = [];
  const baseShingles: Array<Set<string>> = [];
  const signatures: Uint32Array[] = [];
  const boilerplate = article(0, 220);
  const queries: Query[] = [];

  for (let id = 0; id < QUALITY_BASES; id++) {
    const topic = int(TOPICS.length);
    const words = 250 + int(1000);
    const base = id % 10 === 0 ? [...article(topic, words / 2), ...boilerplate] : article(topic, words);
    const text = render(base);
    baseTexts.push(text);
    baseShingles.push(shingleSet(text, DEFAULT_SHINGLE_SIZE));
    const sig = minhashSignature(text, { numHashes: NUM_HASHES });
    signatures.push(sig);
    index.add(id, sig);

    for (let c = 0; c < 2; c++) {
      // Intensities from 0 to 1.2 edits per sentence spread true Jaccard over ~0.2–1.
      const copy = copies === 'realistic' ? realisticCopy(base, topic) : editedCopy(base, topic, random() * 1.2);
      queries.push({ text: render(copy), kind: 'copy', baseId: id });
    }
    queries.push({ text: render(article(topic, words)), kind: 'same-topic', baseId: id });
    if (id % 10 === 0) queries.push({ text: render([...article(topic, words / 2), ...boilerplate]), kind: 'boilerplate', baseId: id });
  }

  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  let lshMissed = 0;
  let absError = 0;
  let errorCount = 0;
  let candidateCount = 0;
  const buckets = new Map<string, { pairs: number; flagged: number }>();
  const bandWidth = 0.05;
  let nearThreshold = { tp: 0, fp: 0, fn: 0 };
  let clear = { tp: 0, fp: 0, fn: 0 };

  for (const q of queries) {
    const sig = minhashSignature(q.text, { numHashes: NUM_HASHES });
    const shingles = shingleSet(q.text, DEFAULT_SHINGLE_SIZE);
    const trueJ = exactJaccard(shingles, baseShingles[q.baseId]);
    const positive = trueJ >= THRESHOLD;
    const candidates = index.candidates(sig);
    candidateCount += candidates.length;
    const verify = mode === 'verified' ? (id: number) => exactJaccard(shingles, baseShingles[id]) : undefined;
    const found = findNearDuplicate(sig, index, (id) => signatures[id], THRESHOLD, { verify });
    absError += Math.abs(estimateJaccard(sig, signatures[q.baseId]) - trueJ);
    errorCount++;

    // A hit on another article counts as correct only if that pair is truly above the threshold too.
    const correctHit = found !== null && (found.id === q.baseId ? positive : exactJaccard(shingles, baseShingles[found.id]) >= THRESHOLD);
    const near = Math.abs(trueJ - THRESHOLD) < bandWidth;
    const tally = near ? nearThreshold : clear;
    if (positive) {
      if (found && correctHit) {
        tp++;
        tally.tp++;
      } else {
        fn++;
        tally.fn++;
        if (!candidates.includes(q.baseId)) lshMissed++;
      }
    } else if (found && !correctHit) {
      fp++;
      tally.fp++;
    } else tn++;

    const bucket = `${(Math.floor(trueJ * 20) / 20).toFixed(2)}`;
    const b = buckets.get(bucket) ?? { pairs: 0, flagged: 0 };
    b.pairs++;
    if (found) b.flagged++;
    buckets.set(bucket, b);
  }

  const recall = tp / (tp + fn);
  const precision = tp / (tp + fp);
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  return {
    mode,
    copies,
    bases: QUALITY_BASES,
    queries: queries.length,
    positives: tp + fn,
    negatives: fp + tn,
    recall,
    precision,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    missedByLsh: lshMissed,
    meanAbsoluteEstimateError: absError / errorCount,
    meanCandidatesPerQuery: candidateCount / queries.length,
    clearOfThreshold: {
      band: `|J − ${THRESHOLD}| ≥ ${bandWidth}`,
      recall: ratio(clear.tp, clear.tp + clear.fn),
      precision: ratio(clear.tp, clear.tp + clear.fp),
    },
    withinBandOfThreshold: {
      band: `|J − ${THRESHOLD}| < ${bandWidth}`,
      ...nearThreshold,
    },
    flaggedByTrueJaccard: Object.fromEntries([...buckets].sort(([a], [b]) => Number(a) - Number(b)).map(([k, v]) => [k, { pairs: v.pairs, flagged: v.flagged, rate: +(v.flagged / v.pairs).toFixed(3) }])),
    seconds: (performance.now() - started) / 1000,
  };
}

// ---------- 2. scale ----------

function scaleBenchmark() {
  const index = new LshIndex({ numHashes: NUM_HASHES, threshold: THRESHOLD });
  const signatures: Uint32Array[] = [];
  let generateMs = 0;
  let signMs = 0;
  let indexMs = 0;
  let words = 0;
  let duplicates = 0;
  let peakRss = process.memoryUsage().rss;
  for (let id = 0; id < SCALE_ARTICLES; id++) {
    const t0 = performance.now();
    const sentences = article(int(TOPICS.length), SCALE_WORDS - 60 + int(120));
    for (const s of sentences) words += s.length;
    const text = render(sentences);
    const t1 = performance.now();
    const sig = minhashSignature(text, { numHashes: NUM_HASHES });
    const t2 = performance.now();
    if (findNearDuplicate(sig, index, (i) => signatures[i], THRESHOLD)) duplicates++;
    index.add(id, sig);
    signatures.push(sig);
    const t3 = performance.now();
    generateMs += t1 - t0;
    signMs += t2 - t1;
    indexMs += t3 - t2;
    if (id % 5000 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  peakRss = Math.max(peakRss, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  return {
    articles: SCALE_ARTICLES,
    meanWords: Math.round(words / SCALE_ARTICLES),
    signSeconds: signMs / 1000,
    lookupAndIndexSeconds: indexMs / 1000,
    signAndIndexSeconds: (signMs + indexMs) / 1000,
    generateSeconds: generateMs / 1000,
    articlesPerSecond: Math.round(SCALE_ARTICLES / ((signMs + indexMs) / 1000)),
    peakRssMB: Math.round(peakRss / 2 ** 20),
    heapUsedMB: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
    nearDuplicatesFound: duplicates,
  };
}

// ---------- run ----------

const lsh = new LshIndex({ numHashes: NUM_HASHES, threshold: THRESHOLD });
const banding = { bands: lsh.bands, rows: lsh.rows };
const started = machine();
console.log(`bench:dedup on ${describeMachine(started)}`);
console.log(`dedup bench: ${NUM_HASHES} hashes, ${DEFAULT_SHINGLE_SIZE}-word shingles, threshold ${THRESHOLD}`);
console.log(
  `LSH: ${banding.bands} bands × ${banding.rows} rows; P(candidate) at J=0.5 ${candidateProbability(0.5, banding).toFixed(3)}, ` +
    `at J=${THRESHOLD} ${candidateProbability(THRESHOLD, banding).toFixed(3)}, at J=0.9 ${candidateProbability(0.9, banding).toFixed(4)}; 50% point J=${halfPoint(banding).toFixed(3)}`,
);

const scale = scaleBenchmark();

const quality = (['realistic', 'uniform'] as const).flatMap((copies) => (['signature', 'verified'] as const).map((mode) => {
  const q = qualityBenchmark(mode, copies);
  console.log(`\n1. quality, ${copies} copies, ${mode === 'verified' ? 'candidates near the threshold verified by exact shingle Jaccard (as the crawler does)' : 'signature estimate only'}: ${q.queries} query articles against ${q.bases} indexed (${q.positives} pairs truly ≥ ${THRESHOLD}) in ${q.seconds.toFixed(1)} s`);
  console.log(`   recall ${q.recall.toFixed(4)}  precision ${q.precision.toFixed(4)}  (TP ${q.truePositives}, FP ${q.falsePositives}, FN ${q.falseNegatives}, missed by LSH ${q.missedByLsh})`);
  console.log(`   pairs clear of the threshold (${q.clearOfThreshold.band}): recall ${q.clearOfThreshold.recall.toFixed(4)}  precision ${q.clearOfThreshold.precision.toFixed(4)}`);
  console.log(`   mean |estimate − true J| ${q.meanAbsoluteEstimateError.toFixed(4)}, mean candidates per query ${q.meanCandidatesPerQuery.toFixed(2)}`);
  console.log('   flagged rate by true Jaccard:');
  for (const [bucket, v] of Object.entries(q.flaggedByTrueJaccard)) console.log(`     J ∈ [${bucket}, ${(Number(bucket) + 0.05).toFixed(2)}): ${String(v.flagged).padStart(5)} / ${String(v.pairs).padEnd(5)} ${v.rate.toFixed(3)}`);
  return q;
}));

console.log(`\n2. scale: ${scale.articles} articles, ${scale.meanWords} words on average`);
console.log(`   sign ${scale.signSeconds.toFixed(1)} s + look up & index ${scale.lookupAndIndexSeconds.toFixed(1)} s = ${scale.signAndIndexSeconds.toFixed(1)} s (${scale.articlesPerSecond}/s); generating the texts took ${scale.generateSeconds.toFixed(1)} s more`);
console.log(`   peak RSS ${scale.peakRssMB} MB, heap used at end ${scale.heapUsedMB} MB; near-duplicates among random articles: ${scale.nearDuplicatesFound}`);

const out = writeResults('dedup', { machine: started, finishedLoadAverage: machine().loadAverage, numHashes: NUM_HASHES, shingleSize: DEFAULT_SHINGLE_SIZE, threshold: THRESHOLD, banding, quality, scale });
console.log(`\nwrote ${out}`);
