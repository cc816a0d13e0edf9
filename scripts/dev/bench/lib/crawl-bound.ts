// The politeness lower bound of a crawl: no schedule can finish faster, whatever its code.
//
// - Per host, requests go one at a time with at least `delayMs` between the end of one and the
//   start of the next, so host h needs  Σ latency(h) + (n_h − 1) × delay.
// - Overall at most `concurrency` requests are in flight, so the crawl needs  Σ latency / concurrency.
// The bound is the larger of the slowest host and the global figure. It ignores CPU time
// (parsing, extraction, dedup, saving): the ratio of the real wall time to it is what the
// crawler adds on top of waiting politely.

export interface RequestCost {
  host: string;
  latencyMs: number;
}

export interface PolitenessBound {
  boundMs: number;
  slowestHost: { host: string; requests: number; ms: number };
  globalMs: number;
  limitedBy: 'per-host politeness' | 'global concurrency';
}

export function politenessBound(requests: RequestCost[], options: { delayMs: number; concurrency: number }): PolitenessBound {
  const hosts = new Map<string, { requests: number; latency: number }>();
  let total = 0;
  for (const r of requests) {
    const h = hosts.get(r.host) ?? { requests: 0, latency: 0 };
    h.requests++;
    h.latency += r.latencyMs;
    hosts.set(r.host, h);
    total += r.latencyMs;
  }
  let slowest = { host: '', requests: 0, ms: 0 };
  for (const [host, h] of hosts) {
    const ms = h.latency + Math.max(0, h.requests - 1) * options.delayMs;
    if (ms > slowest.ms) slowest = { host, requests: h.requests, ms };
  }
  const globalMs = total / Math.max(1, options.concurrency);
  return {
    boundMs: Math.max(slowest.ms, globalMs),
    slowestHost: slowest,
    globalMs,
    limitedBy: slowest.ms >= globalMs ? 'per-host politeness' : 'global concurrency',
  };
}
