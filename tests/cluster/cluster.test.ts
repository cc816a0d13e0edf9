import { describe, expect, it } from 'vitest';
import { addMember, chooseStory, CLUSTER_DEFAULTS, cosineCeiling, evidence, StoryPool, storyItem, summarize, termStats, type StoryItem } from '../../crawler/cluster/index.ts';
import { minhashSignature } from '../../crawler/dedup/index.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 9, 12);

function item(id: number, host: string, hours: number, title: string, text: string, cluster: number | null = null): StoryItem {
  return storyItem({ id, title, text, lang: 'en', host, time: T0 + hours * HOUR, minhash: minhashSignature(text), cluster });
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

describe('a story weighed as it is told now', () => {
  it('weighs a member that joined since the story was last weighed', () => {
    const recentMs = CLUSTER_DEFAULTS.recentHours * HOUR;
    const old = { ...heatPump, id: 20, cluster: 20, time: T0 - 30 * HOUR };
    const stories = summarize([old, { ...osprey, id: 21, cluster: 20, time: T0 + 17 * HOUR }]);
    const story = stories.get(20)!;
    const stats = termStats([old, osprey, kestrelA, kestrelB]);
    const before = evidence(kestrelB, story, stats, recentMs);
    addMember(stories, { ...kestrelA, id: 22, cluster: 20, time: T0 + 16 * HOUR });
    const after = evidence(kestrelB, story, stats, recentMs);
    expect(after.shared).toBeGreaterThan(before.shared);
    // The same as weighing a story summarised afresh with those members.
    const fresh = summarize([old, { ...osprey, id: 21, cluster: 20, time: T0 + 17 * HOUR }, { ...kestrelA, id: 22, cluster: 20, time: T0 + 16 * HOUR }]).get(20)!;
    expect(after).toEqual(evidence(kestrelB, fresh, stats, recentMs));
  });
});

describe('the cosine ceiling that spares weighing far stories', () => {
  it('is never below the cosine it stands for', () => {
    const all = [kestrelA, kestrelB, osprey, heatPump];
    const stats = termStats(all);
    for (const recentMs of [Infinity, CLUSTER_DEFAULTS.recentHours * HOUR]) {
      for (const a of all) {
        for (const story of summarize([...all.filter((b) => b !== a).map((b, k) => ({ ...b, cluster: k % 2 ? 99 : b.id })), { ...heatPump, id: 98, cluster: 99, time: T0 - 40 * HOUR }]).values()) {
          const cosine = evidence(a, story, stats, recentMs).cosine;
          expect(cosineCeiling(a, story, stats, recentMs)).toBeGreaterThanOrEqual(cosine * (1 - 1e-9));
        }
      }
    }
  });
});

describe('chooseStory', () => {
  const pool = [kestrelA, osprey, heatPump];
  const stats = termStats([...pool, kestrelB]);

  it('joins a retelling of the same story from another source', () => {
    expect(chooseStory(kestrelB, pool, stats)).toMatchObject({ cluster: 1, matched: 1 });
  });

  it('keeps a different story on the same subject apart, and an unrelated one', () => {
    expect(evidence(kestrelB, summarize([osprey]).get(osprey.id)!, stats).cosine).toBeLessThan(CLUSTER_DEFAULTS.threshold);
    expect(chooseStory(osprey, [kestrelA, heatPump], stats)).toBeNull();
  });

  it('never joins a story whose newest article is outside the window', () => {
    expect(chooseStory({ ...kestrelB, time: T0 + (CLUSTER_DEFAULTS.windowHours + 1) * HOUR }, pool, stats)).toBeNull();
  });

  it('joins a close rewrite by its shingles even when the terms alone would not', () => {
    const copy = { ...kestrelA, id: 6, host: 'wire.test', title: 'Unrelated', terms: new Map([['unrelated', 1]]) };
    expect(chooseStory(copy, [kestrelA], stats)).toMatchObject({ cluster: 1, score: 1 });
    expect(chooseStory(copy, [kestrelA], stats, { ...CLUSTER_DEFAULTS, shingleThreshold: 2 })).toBeNull();
  });

  it('weighs a growing story on its recent tellings: a close copy of a member told days ago does not pull an article in', () => {
    // A story still being told (its newest member an hour old), whose first telling, days before, is a near-copy of the new article.
    const old = { ...kestrelA, id: 10, cluster: 10, time: T0 - 30 * HOUR };
    const recent = { ...heatPump, id: 11, cluster: 10, time: T0 - HOUR };
    const copy = { ...kestrelA, id: 12, host: 'wire.test', title: 'Unrelated', terms: new Map([['unrelated', 1]]) };
    const story = summarize([old, recent]).get(10)!;
    expect(evidence(copy, story, stats, Infinity).shingle).toBeGreaterThanOrEqual(CLUSTER_DEFAULTS.shingleThreshold);
    expect(evidence(copy, story, stats, CLUSTER_DEFAULTS.recentHours * HOUR).shingle).toBeLessThan(CLUSTER_DEFAULTS.shingleThreshold);
    expect(chooseStory(copy, [old, recent], stats)).toBeNull();
    // Told within the recent hours, the same copy joins.
    expect(chooseStory(copy, [{ ...old, time: T0 - 2 * HOUR }, recent], stats)).toMatchObject({ cluster: 10, score: 1 });
  });

  it('is deterministic: the best match wins whatever the candidates’ order', () => {
    expect(chooseStory(kestrelB, [...pool].reverse(), stats)).toEqual(chooseStory(kestrelB, pool, stats));
  });
});

// Failure classes of issue 26, each on headlines alone (no text), as the labelled set has them.
let next = 100;
const headline = (host: string, hours: number, title: string, cluster: number | null = null) =>
  storyItem({ id: next++, title, text: '', lang: 'en', host, time: T0 + hours * HOUR, minhash: null, cluster });
// Other headlines of the pool: the subject words of markets ("prices", "rise") are common in it.
const filler = ['Oil prices rise on supply worries', 'Home prices rise again', 'Wheat prices fall after harvest', 'Stocks rise as earnings beat forecasts', 'Gold prices rise', 'Shares rise in early trade', 'Central bank holds rates steady', 'Storm brings heavy rain to coast'].map((t, i) => headline(`filler${i}.test`, -i, t));
const statsWith = (...items: StoryItem[]) => termStats([...items, ...filler]);

/** A story told twice: its first article (a.test, whose id the story takes) and a second (b.test) `hours` later. */
function twoTellings(firstTitle: string, secondTitle: string, hours: number): [StoryItem, StoryItem] {
  const first = headline('a.test', 0, firstTitle);
  first.cluster = first.id;
  return [first, headline('b.test', hours, secondTitle, first.id)];
}

describe('chooseStory: one outlet may tell a story twice', () => {
  // A story told by a.test and b.test; a weaker, different story from c.test.
  const [first, second] = twoTellings('Search for missing Malaysia Airlines jet widens to Indian Ocean', 'Malaysia Airlines jet search moves to Indian Ocean', 2);
  const other = headline('c.test', 1, 'Malaysia Airlines shares fall to record low');
  const followUp = headline('a.test', 5, 'Indian Ocean search for Malaysia Airlines jet finds nothing');

  it('joins its best story even when that story already has an article from its outlet', () => {
    const stats = statsWith(first, second, other, followUp);
    expect(chooseStory(followUp, [first, second, other], stats)).toMatchObject({ cluster: first.id });
  });

  it('never falls through to the next best story', () => {
    const stats = statsWith(first, second, other, followUp);
    const alone = chooseStory(followUp, [other], stats);
    // The other story alone would take it: the article goes to its best story, not the best one without its outlet.
    expect(alone).toMatchObject({ cluster: other.id });
    expect(chooseStory(followUp, [first, second, other], stats)!.score).toBeGreaterThan(alone!.score);
  });
});

describe('chooseStory: evidence on short text', () => {
  it('one shared word is not enough on a headline', () => {
    const a = headline('a.test', 0, 'Apple unveils new iPhone with bigger screen');
    const b = headline('b.test', 2, 'Apple shares fall after weak forecast');
    const stats = statsWith(a, b);
    expect(chooseStory(b, [a], stats)).toBeNull();
    // The cosine alone would have joined them at a lower threshold; the rule is the shared words.
    expect(chooseStory(b, [a], stats, { ...CLUSTER_DEFAULTS, minShared: 1, threshold: 0.1 })).not.toBeNull();
  });

  it('same subject, another event: different names raise the bar', () => {
    const china = headline('a.test', 0, 'China consumer prices rise');
    const us = headline('b.test', 2, 'US import prices rise');
    const stats = statsWith(china, us);
    expect(chooseStory(us, [china], stats)).toBeNull();
    expect(chooseStory(us, [china], stats, { ...CLUSTER_DEFAULTS, otherNamesFactor: 1 })).not.toBeNull();
  });

  it('two obituaries are two stories', () => {
    const a = headline('a.test', 0, 'Actor Bob Hoskins dies at 71');
    const b = headline('b.test', 2, 'Singer Jesse Winchester dies at 69');
    expect(chooseStory(b, [a], statsWith(a, b))).toBeNull();
  });

  it('inflections meet: "fine"/"fined", "regulator"/"regulators"', () => {
    const a = headline('a.test', 0, 'Regulators fine carmaker over emissions');
    const b = headline('b.test', 2, 'Carmaker fined by regulator');
    expect(chooseStory(b, [a], statsWith(a, b))).toMatchObject({ cluster: a.id });
    // Unstemmed, only "carmaker" is shared.
    const raw = (x: StoryItem) => new Set(x.terms.keys());
    expect([...raw(b)].filter((t) => raw(a).has(t))).toEqual(['carmaker']);
  });

  it('weighs the story as a whole: evidence spread over its members counts', () => {
    const [first, second] = twoTellings('Search for missing Malaysia Airlines jet widens', 'Satellite images show debris in Indian Ocean', 3);
    const next = headline('c.test', 6, 'Jet debris spotted by pilots');
    const stats = statsWith(first, second, next);
    // Against either member alone it shares one word; against the story, two.
    expect(chooseStory(next, [{ ...first, cluster: null }], stats)).toBeNull();
    expect(chooseStory(next, [{ ...second, cluster: null }], stats)).toBeNull();
    expect(chooseStory(next, [first, second], stats)).toMatchObject({ cluster: first.id });
  });
});

describe('chooseStory: a long-running story is weighed on its current telling', () => {
  it('an article sharing only words the story has left behind does not join it', () => {
    const [launch, orders] = twoTellings('Apple unveils iPhone with bigger screen', 'iPhone preorders break records as queues form', 20);
    const watch = headline('c.test', 30, 'Apple unveils smartwatch');
    const stats = statsWith(launch, orders, watch);
    expect(chooseStory(watch, [launch, orders], stats)).toBeNull();
    // Against the whole story, launch day included, it would have joined.
    expect(chooseStory(watch, [launch, orders], stats, { ...CLUSTER_DEFAULTS, recentHours: Infinity })).toMatchObject({ cluster: launch.id });
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

  it('lets the outlet that started a story add a second piece to it', () => {
    const pool = new StoryPool([kestrelA, osprey, heatPump]);
    pool.setCluster(1, 1);
    pool.add({ ...kestrelB, cluster: 1 });
    expect(pool.choose({ ...kestrelB, id: 8, host: 'orbitalnotes.test' })).toMatchObject({ cluster: 1 });
  });
});
