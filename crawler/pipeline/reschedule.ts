import type { Config } from '../config/index.ts';
import { nextDueAt, type SourceOutcome } from '../discover/index.ts';
import type { Database } from '../store/database.ts';
import { rescheduleSource } from '../store/sources.ts';

/**
 * Sets when each source read this run is due again, from its topic's backlog *after* this run's
 * publishing: that is the backlog the next run will face. Quiet, like all source bookkeeping.
 */
export function rescheduleRead(db: Database, config: Config, outcomes: SourceOutcome[], backlog: Map<number, number>, nowMs: number): void {
  for (const outcome of outcomes) {
    const failures = outcome.status === 'failed' ? outcome.source.consecutive_failures + 1 : 0;
    rescheduleSource(
      db,
      outcome.source.id,
      nextDueAt({
        nowMs,
        backlog: backlog.get(outcome.source.topic_id) ?? 0,
        perTopicPerRun: config.publish.perTopicPerRun,
        backlogIntervalMinutes: config.crawl.backlogIntervalMinutes,
        consecutiveFailures: failures,
      }),
    );
  }
}
