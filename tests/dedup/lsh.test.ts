import { describe, expect, it } from 'vitest';
import { LshIndex, candidateProbability, chooseBanding, findNearDuplicate, halfPoint, minhashSignature } from '../../crawler/dedup/index.ts';
import { editWords, makeText } from './corpus.ts';

describe('chooseBanding', () => {
  it('uses 18 bands × 7 rows for 128 hashes at 0.8, catching ≥ 98% of pairs at the threshold', () => {
    const banding = chooseBanding(128, 0.8);
    expect(banding).toEqual({ bands: 18, rows: 7 });
    expect(candidateProbability(0.8, banding)).toBeGreaterThanOrEqual(0.98);
    expect(candidateProbability(0.3, banding)).toBeLessThan(0.01);
    expect(halfPoint(banding)).toBeGreaterThan(0.6);
    expect(halfPoint(banding)).toBeLessThan(0.8);
  });

  it('is more selective for higher thresholds and never uses more slots than it has', () => {
    for (const [k, t] of [[128, 0.5], [128, 0.9], [256, 0.8], [64, 0.95]] as const) {
      const b = chooseBanding(k, t);
      expect(b.bands * b.rows).toBeLessThanOrEqual(k);
      expect(candidateProbability(t, b)).toBeGreaterThanOrEqual(0.98);
    }
    expect(chooseBanding(128, 0.9).rows).toBeGreaterThan(chooseBanding(128, 0.5).rows);
    expect(() => chooseBanding(0, 0.8)).toThrow(RangeError);
  });
});

describe('LshIndex and findNearDuplicate', () => {
  const texts = Array.from({ length: 50 }, (_, i) => makeText(100 + i));
  const sigs = texts.map((t) => minhashSignature(t));
  const index = new LshIndex({ numHashes: 128, threshold: 0.8 });
  sigs.forEach((s, id) => index.add(id, s));
  const lookup = (id: number) => sigs[id];

  it('finds a lightly edited copy and reports its similarity', () => {
    const copy = minhashSignature(editWords(texts[17], 4));
    expect(index.candidates(copy)).toContain(17);
    const found = findNearDuplicate(copy, index, lookup, 0.8);
    expect(found?.id).toBe(17);
    expect(found!.similarity).toBeGreaterThan(0.85);
  });

  it('finds nothing for a new article or a heavy rewrite', () => {
    expect(findNearDuplicate(minhashSignature(makeText(999)), index, lookup, 0.8)).toBeNull();
    expect(findNearDuplicate(minhashSignature(editWords(texts[3], 150)), index, lookup, 0.8)).toBeNull();
  });

  it('lets the earlier article win among equal matches and returns candidates ascending', () => {
    const local = new LshIndex({ numHashes: 128, threshold: 0.8 });
    const sig = minhashSignature(texts[0]);
    local.add(9, sig);
    local.add(4, sig);
    local.add(30, minhashSignature(texts[1]));
    expect(local.size).toBe(3);
    expect(local.candidates(sig)).toEqual([4, 9]);
    expect(findNearDuplicate(sig, local, () => sig, 0.8)).toEqual({ id: 4, similarity: 1 });
  });

  it('prefers the most similar candidate and skips ids without a stored signature', () => {
    const local = new LshIndex({ numHashes: 128, threshold: 0.8 });
    const far = minhashSignature(editWords(texts[5], 25, 1));
    const near = minhashSignature(editWords(texts[5], 2, 2));
    local.add(1, far);
    local.add(2, near);
    local.add(3, minhashSignature(texts[5]));
    const store = new Map([[1, far], [2, near]]);
    expect(findNearDuplicate(minhashSignature(texts[5]), local, (id) => store.get(id), 0.8)?.id).toBe(2);
  });

  it('rejects signatures of the wrong length', () => {
    expect(() => index.add(1, new Uint32Array(64))).toThrow(RangeError);
    expect(() => index.candidates(new Uint32Array(64))).toThrow(RangeError);
  });
});

describe('findNearDuplicate with exact verification', () => {
  const original = makeText(1, 400);
  const copy = editWords(original, 1, 2);
  const index = new LshIndex({ numHashes: 128, threshold: 0.8 });
  const sigs = new Map([[1, minhashSignature(original)]]);
  index.add(1, sigs.get(1)!);
  const query = minhashSignature(copy);

  it('lets the exact similarity overrule an estimate above the threshold', () => {
    expect(findNearDuplicate(query, index, (id) => sigs.get(id), 0.8)).not.toBeNull();
    expect(findNearDuplicate(query, index, (id) => sigs.get(id), 0.8, { verify: () => 0.79 })).toBeNull();
  });

  it('reports the exact similarity when it is at or above the threshold', () => {
    const hit = findNearDuplicate(query, index, (id) => sigs.get(id), 0.8, { verify: () => 0.93 });
    expect(hit).toEqual({ id: 1, similarity: 0.93 });
  });

  it('falls back to the estimate when the exact value is unknown', () => {
    expect(findNearDuplicate(query, index, (id) => sigs.get(id), 0.8, { verify: () => undefined })).not.toBeNull();
  });
});
