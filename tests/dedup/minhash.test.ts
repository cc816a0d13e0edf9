import { describe, expect, it } from 'vitest';
import { decodeSignature, encodeSignature, estimateJaccard, exactJaccard, isEmptySignature, minhashSignature, shingleSet } from '../../crawler/dedup/index.ts';
import { editWords, makeText } from './corpus.ts';

describe('minhashSignature', () => {
  it('is deterministic, has numHashes slots and depends on the seed', () => {
    const text = makeText(1);
    const a = minhashSignature(text);
    expect(a).toBeInstanceOf(Uint32Array);
    expect(a.length).toBe(128);
    expect([...minhashSignature(text)]).toEqual([...a]);
    expect(minhashSignature(text, { numHashes: 64 }).length).toBe(64);
    expect([...minhashSignature(text, { seed: 99 })]).not.toEqual([...a]);
  });

  it('rejects nonsense options', () => {
    expect(() => minhashSignature('x', { numHashes: 0 })).toThrow(RangeError);
    expect(() => minhashSignature('x', { shingleSize: 1.5 })).toThrow(RangeError);
  });

  it('estimates Jaccard similarity close to the exact value of the shingle sets', () => {
    const base = makeText(2, 600);
    for (const edits of [0, 5, 20, 60]) {
      const copy = editWords(base, edits);
      const exact = exactJaccard(shingleSet(base, 3), shingleSet(copy, 3));
      const estimate = estimateJaccard(minhashSignature(base, { numHashes: 256 }), minhashSignature(copy, { numHashes: 256 }));
      expect(Math.abs(estimate - exact)).toBeLessThan(0.08);
    }
  });

  it('gives identical texts similarity 1 and unrelated texts nearly 0', () => {
    const a = makeText(3);
    expect(estimateJaccard(minhashSignature(a), minhashSignature(a.toUpperCase()))).toBe(1);
    expect(estimateJaccard(minhashSignature(a), minhashSignature(makeText(4)))).toBeLessThan(0.1);
  });

  it('treats empty texts as similar to nothing, and short texts as one shingle', () => {
    const empty = minhashSignature('   ...  ');
    expect(isEmptySignature(empty)).toBe(true);
    expect(estimateJaccard(empty, minhashSignature(''))).toBe(0);
    expect(isEmptySignature(minhashSignature('two words'))).toBe(false);
    expect(estimateJaccard(minhashSignature('two words'), minhashSignature('Two  words!'))).toBe(1);
  });

  it('refuses to compare signatures of different lengths', () => {
    expect(() => estimateJaccard(new Uint32Array(4), new Uint32Array(8))).toThrow(RangeError);
  });

  it('detects near-duplicate Chinese text through character shingles', () => {
    const a = '人工智能正在改变医疗行业的诊断方式，医生可以借助算法更快地发现疾病。研究人员表示，这项技术仍需更多临床试验。';
    const b = a.replace('更快地', '更早地');
    const c = '今年的粮食收成比去年增加了百分之五，农民对价格上涨感到满意。政府计划扩大农业补贴。';
    expect(estimateJaccard(minhashSignature(a), minhashSignature(b))).toBeGreaterThan(0.7);
    expect(estimateJaccard(minhashSignature(a), minhashSignature(c))).toBeLessThan(0.1);
  });
});

describe('signature codec', () => {
  it('round-trips through little-endian bytes', () => {
    const sig = Uint32Array.from([0, 1, 0xdeadbeef, 0xffffffff]);
    const bytes = encodeSignature(sig);
    expect([...bytes.slice(0, 12)]).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0xef, 0xbe, 0xad, 0xde]);
    expect([...decodeSignature(bytes)]).toEqual([...sig]);
  });

  it('decodes a view into a larger buffer (as database drivers return) and rejects truncated blobs', () => {
    const sig = minhashSignature(makeText(5));
    const encoded = encodeSignature(sig);
    const padded = new Uint8Array(encoded.length + 3);
    padded.set(encoded, 3);
    expect([...decodeSignature(padded.subarray(3))]).toEqual([...sig]);
    expect(() => decodeSignature(new Uint8Array(7))).toThrow(RangeError);
  });
});
