import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { dispatchByHost } from '../../crawler/pipeline/dispatch.ts';

interface Item {
  host: string;
  n: number;
}
/** A fetcher with no politeness gap: every free host is ready. */
const always = (): number => -Infinity;
const items = (spec: string): Item[] => spec.split(' ').map((s, n) => ({ host: s, n }));

/** A task that resolves when the test says so, recording starts and how many ran at once. */
function controlled() {
  const started: Item[] = [];
  const waiting = new Map<number, () => void>();
  let running = 0;
  let peak = 0;
  const task = (item: Item) =>
    new Promise<void>((resolve) => {
      started.push(item);
      running++;
      peak = Math.max(peak, running);
      waiting.set(item.n, () => {
        running--;
        resolve();
      });
    });
  const finish = async (n: number) => {
    waiting.get(n)!();
    waiting.delete(n);
    await new Promise((r) => setImmediate(r));
  };
  return { task, started, finish, peak: () => peak, running: () => running };
}

describe('dispatchByHost', () => {
  it('runs at most one task per host, up to the concurrency, in item order among free hosts', async () => {
    const c = controlled();
    const done = dispatchByHost(items('a a b c a d'), c.task, { concurrency: 3, hostOf: (i) => i.host, readyAt: always });
    await new Promise((r) => setImmediate(r));
    // a#0, b#2, c#3 start; a#1 waits for host a although it comes earlier than b and c.
    expect(c.started.map((i) => i.n)).toEqual([0, 2, 3]);
    await c.finish(2); // b done: the next free host in order is d (a is busy)
    expect(c.started.map((i) => i.n)).toEqual([0, 2, 3, 5]);
    await c.finish(0); // a free again
    expect(c.started.map((i) => i.n)).toEqual([0, 2, 3, 5, 1]);
    await c.finish(3);
    await c.finish(5);
    await c.finish(1);
    expect(c.started.map((i) => i.n)).toEqual([0, 2, 3, 5, 1, 4]);
    await c.finish(4);
    expect(await done).toEqual({ started: 6, stopped: false });
    expect(c.peak()).toBe(3);
  });

  it('offers a host again only after the delay, filling the wait with other hosts', async () => {
    const starts: Array<{ host: string; at: number }> = [];
    const ends = new Map<string, number>();
    const lastEnd = new Map<string, number>();
    await dispatchByHost(
      items('a a b b'),
      async (item) => {
        starts.push({ host: item.host, at: performance.now() });
        await new Promise((r) => setImmediate(r));
        ends.set(`${item.host}${item.n}`, performance.now());
        lastEnd.set(item.host, performance.now());
      },
      // As the fetcher answers: 40 ms after the host's last request ended.
      { concurrency: 1, hostOf: (i) => i.host, readyAt: (host) => (lastEnd.get(host) ?? -Infinity) + 40 },
    );
    expect(starts.map((s) => s.host)).toEqual(['a', 'b', 'a', 'b']);
    expect(starts[2]!.at - ends.get('a0')!).toBeGreaterThanOrEqual(39);
    expect(starts[3]!.at - ends.get('b2')!).toBeGreaterThanOrEqual(39);
  });

  it('frees the host when the task calls release(), before the task ends', async () => {
    const order: string[] = [];
    let releaseFirst!: () => void;
    let endFirst!: () => void;
    const done = dispatchByHost(
      items('a a'),
      (item, release) =>
        new Promise<void>((resolve) => {
          order.push(`start ${item.n}`);
          if (item.n === 0) {
            releaseFirst = release;
            endFirst = resolve;
          } else resolve();
        }),
      { concurrency: 2, hostOf: (i) => i.host, readyAt: always },
    );
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['start 0']);
    releaseFirst();
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['start 0', 'start 1']);
    endFirst();
    await done;
  });

  it('stops starting tasks when shouldStop says so, and lets running ones finish', async () => {
    let count = 0;
    const result = await dispatchByHost(items('a b c d e'), async () => void count++, { concurrency: 1, hostOf: (i) => i.host, readyAt: always, shouldStop: () => count >= 2 });
    expect(result).toEqual({ started: 2, stopped: true });
  });

  it('finishes at once with nothing to do, and passes a task error on', async () => {
    expect(await dispatchByHost([], async () => {}, { concurrency: 4, hostOf: () => 'x', readyAt: always })).toEqual({ started: 0, stopped: false });
    await expect(dispatchByHost(items('a'), async () => Promise.reject(new Error('boom')), { concurrency: 1, hostOf: (i) => i.host, readyAt: always })).rejects.toThrow('boom');
  });
});
