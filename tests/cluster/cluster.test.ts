import { describe, expect, it } from 'vitest';
import { chooseStory, CLUSTER_DEFAULTS, StoryPool, termStats, tfidfCosine, type StoryItem } from '../../crawler/cluster/index.ts';
import { minhashSignature } from '../../crawler/dedup/index.ts';
import { wordListsFor } from '../../crawler/text/index.ts';
import { articleTerms } from '../../crawler/publish/related.ts';

const stop = wordListsFor('en').stop;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 9, 12);

function item(id: number, host: string, hours: number, title: string, text: string, cluster: number | null = null): StoryItem {
  return { id, host, time: T0 + hours * HOUR, terms: articleTerms(title, text, stop), minhash: minhashSignature(text), cluster };
}

// One story (a lander named Kestrel), told twice in different words; another Mars story the same week; an unrelated article.
const kestrelA = item(1, 'orbitalnotes.test', 0, 'Kestrel touches down in Arcadia Planitia',
  'The Meridian Space Agency lander Kestrel settled onto Arcadia Planitia on Monday. Kestrel carries a drill to reach buried ice in Arcadia. Mission lead Amara Okafor said Kestrel will drill two metres into the ice. The Osprey orbiter relays Kestrel data.');
const kestrelB = item(2, 'dailyparallax.test', 18, 'New space agency lands its first Mars probe',
  'Kestrel, built by the Meridian Space Agency, landed safely in Arcadia Planitia, a northern lowland with frozen water under the soil. Okafor said the Kestrel drill will reach the buried ice of Arcadia within weeks.');
const osprey = item(3, 'dailyparallax.test', 6, 'Osprey begins aerobraking at Mars',
  'The Meridian orbiter Osprey is dipping into the upper atmosphere of Mars to shrink its orbit. Osprey aerobraking takes months of passes through thin air, each pass lowering the far point of the Osprey orbit.');
const heatPump = item(4, 'greenledger.test', 2, 'What a heat pump does at minus twenty',
  'A heat pump moves heat from cold outdoor air into a house. At minus twenty the compressor works harder and the coefficient of performance falls, but a good heat pump still beats resistance heating.');

describe('chooseStory', () => {
  const pool = [kestrelA, osprey, heatPump];
  const stats = termStats([...pool, kestrelB]);

  it('joins a retelling of the same story from another source', () => {
    expect(chooseStory(kestrelB, pool, stats)).toMatchObject({ cluster: 1, matched: 1 });
  });

  it('keeps a different story on the same subject apart, and an unrelated one', () => {
    expect(tfidfCosine(kestrelB.terms, osprey.terms, stats)).toBeLessThan(CLUSTER_DEFAULTS.threshold);
    expect(chooseStory(osprey, [kestrelA, heatPump], stats)).toBeNull();
  });

  it('never joins an article of the same source, one outside the window, or a story that already has its source', () => {
    expect(chooseStory({ ...kestrelB, host: 'orbitalnotes.test' }, pool, stats)).toBeNull();
    expect(chooseStory({ ...kestrelB, time: T0 + 80 * HOUR }, pool, stats)).toBeNull();
    const third = { ...kestrelB, id: 5, host: 'elsewhere.test' };
    expect(chooseStory(third, [...pool, { ...kestrelB, cluster: 1 }], stats)).toMatchObject({ cluster: 1 });
    expect(chooseStory({ ...third, host: 'dailyparallax.test' }, [kestrelA, { ...kestrelB, cluster: 1 }], stats)).toBeNull();
  });

  it('joins a close rewrite by its shingles even when the terms alone would not', () => {
    const copy = { ...kestrelA, id: 6, host: 'wire.test', terms: new Map([['unrelated', 1]]) };
    expect(chooseStory(copy, [kestrelA], stats)).toMatchObject({ cluster: 1, score: 1 });
    expect(chooseStory(copy, [kestrelA], stats, { ...CLUSTER_DEFAULTS, shingleThreshold: 2 })).toBeNull();
  });

  it('is deterministic: the best match wins whatever the candidates’ order', () => {
    expect(chooseStory(kestrelB, [...pool].reverse(), stats)).toEqual(chooseStory(kestrelB, pool, stats));
  });
});

describe('StoryPool', () => {
  it('places articles one at a time: the story takes the id of its first article', () => {
    const pool = new StoryPool([kestrelA, osprey, heatPump]);
    const match = pool.choose(kestrelB)!;
    expect(match.cluster).toBe(1);
    pool.setCluster(1, 1);
    pool.add({ ...kestrelB, cluster: 1 });
    const again = pool.choose({ ...kestrelB, id: 7, host: 'third.test' });
    expect(again?.cluster).toBe(1);
  });
});
