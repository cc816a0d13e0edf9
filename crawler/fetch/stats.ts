import type { FailureCode } from '../errors.ts';
import type { FetchOutcome, FetchStats } from './types.ts';

export class StatsRecorder {
  readonly #stats: FetchStats = {
    requests: 0,
    bytes: 0,
    retries: 0,
    robotsRequests: 0,
    outcomes: { ok: 0, 'not-modified': 0, fresh: 0, rejected: 0, error: 0 },
    failures: {},
  };

  request(robots: boolean): void {
    this.#stats.requests++;
    if (robots) this.#stats.robotsRequests++;
  }

  bytes(n: number): void {
    this.#stats.bytes += n;
  }

  retry(): void {
    this.#stats.retries++;
  }

  outcome(outcome: FetchOutcome): void {
    this.#stats.outcomes[outcome.type]++;
    if (outcome.type === 'error') {
      const code: FailureCode = outcome.failure.code;
      this.#stats.failures[code] = (this.#stats.failures[code] ?? 0) + 1;
    }
  }

  snapshot(): FetchStats {
    return { ...this.#stats, outcomes: { ...this.#stats.outcomes }, failures: { ...this.#stats.failures } };
  }
}
