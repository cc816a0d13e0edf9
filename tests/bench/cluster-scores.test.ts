import { describe, expect, it } from 'vitest';
import { bcubed, pairwise, scoreGrouping } from '../../scripts/dev/bench/lib/cluster-scores.ts';

describe('cluster scores', () => {
  // Truth: {0,1,2} {3,4}; predicted: {0,1} {2,3,4}.
  const truth = ['a', 'a', 'a', 'b', 'b'];
  const predicted = [1, 1, 2, 2, 2];

  it('B-cubed averages per-item precision and recall, each item counting itself', () => {
    const s = bcubed(predicted, truth);
    expect(s.precision).toBeCloseTo((1 + 1 + 1 / 3 + 2 / 3 + 2 / 3) / 5, 10);
    expect(s.recall).toBeCloseTo((2 / 3 + 2 / 3 + 1 / 3 + 1 + 1) / 5, 10);
    expect(s.f1).toBeCloseTo(s.precision, 10);
  });

  it('pairwise counts same-story pairs', () => {
    expect(pairwise(predicted, truth)).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
  });

  it('a perfect grouping scores 1 whatever its keys; all singletons have full pairwise precision and no recall', () => {
    expect(scoreGrouping(['x', 'x', 'y', 'z', 'z'], truth.map((t, i) => (i === 2 ? 'c' : t)))).toMatchObject({
      bcubed: { precision: 1, recall: 1, f1: 1 },
      pairwise: { precision: 1, recall: 1, f1: 1 },
      predictedStories: 2,
      labelledStories: 2,
    });
    const alone = pairwise([1, 2, 3, 4, 5], truth);
    expect(alone).toEqual({ precision: 1, recall: 0, f1: 0 });
    expect(bcubed([1, 2, 3, 4, 5], truth).precision).toBe(1);
  });

  it('one predicted story for everything has full recall', () => {
    const s = scoreGrouping([0, 0, 0, 0, 0], truth);
    expect(s.bcubed.recall).toBe(1);
    expect(s.pairwise.precision).toBeCloseTo(4 / 10, 10);
    expect(s.predictedStories).toBe(1);
  });
});
