import { DEFAULT_NUM_HASHES, LshIndex, contentHash, findNearDuplicate, minhashSignature } from '../../../../crawler/dedup/index.ts';
import { prose } from './crawl-pages.ts';

// Child process of bench:pipeline: N generated articles (600–1,500 words, distinct seeds) go
// through the dedup stage one by one as the pipeline runs it (content hash, MinHash signature,
// LSH lookup, insert). Each text is generated just before it is signed and dropped after, as a
// crawl holds one page at a time; the index and the signatures stay, as in the pipeline.
// argv: <articles>. Answers over IPC.

export interface DedupScaleResult {
  articles: number;
  meanWords: number;
  signMs: number;
  lookupMs: number;
  generateMs: number;
  nearDuplicates: number;
  peakRssBytes: number;
  heapUsedBytes: number;
}

const THRESHOLD = 0.8;

if (process.send) {
  const articles = Number(process.argv[2] ?? 100_000);
  const index = new LshIndex({ numHashes: DEFAULT_NUM_HASHES, threshold: THRESHOLD });
  const signatures = new Map<number, Uint32Array>();
  const hashes = new Set<string>();
  let signMs = 0;
  let lookupMs = 0;
  let generateMs = 0;
  let words = 0;
  let nearDuplicates = 0;
  for (let i = 0; i < articles; i++) {
    const g = performance.now();
    const p = prose(i + 1, 600 + ((i * 7919) % 900));
    const text = `${p.title}\n\n${p.paragraphs.join('\n\n')}`;
    words += p.words;
    const s = performance.now();
    hashes.add(contentHash(text));
    const signature = minhashSignature(text);
    const l = performance.now();
    const duplicate = findNearDuplicate(signature, index, (id) => signatures.get(id), THRESHOLD);
    if (duplicate) nearDuplicates++;
    else {
      signatures.set(i, signature);
      index.add(i, signature);
    }
    const e = performance.now();
    generateMs += s - g;
    signMs += l - s;
    lookupMs += e - l;
  }
  const result: DedupScaleResult = {
    articles,
    meanWords: Math.round(words / articles),
    signMs: Math.round(signMs),
    lookupMs: Math.round(lookupMs),
    generateMs: Math.round(generateMs),
    nearDuplicates,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    heapUsedBytes: process.memoryUsage().heapUsed,
  };
  process.send(result, () => process.exit(0));
}
