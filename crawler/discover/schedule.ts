// When is a source due? Every source remembers when it was read; a topic whose backlog of
// unpublished articles is large is read less often, since the next runs have plenty to publish.
// A source that keeps failing is also read less often, so a dead feed does not cost a request a run.

export interface ScheduleInput {
  nowMs: number;
  /** The topic's unpublished (`ready`) articles, after this run's publishing. */
  backlog: number;
  perTopicPerRun: number;
  backlogIntervalMinutes: number;
  /** Failed reads in a row, this one included; 0 when the read worked. */
  consecutiveFailures?: number;
}

const WEEK_MS = 7 * 24 * 3600_000;
const DAY_MS = 24 * 3600_000;

/**
 * Less than one run's worth of backlog (zero included) means due again at once; each further
 * run's worth adds one interval, capped at a week. A failing source waits 1 h, 2 h, 4 h … up to a
 * day, whichever is later.
 */
export function nextDueAt({ nowMs, backlog, perTopicPerRun, backlogIntervalMinutes, consecutiveFailures = 0 }: ScheduleInput): string {
  const runsOfBacklog = Math.floor(backlog / Math.max(1, perTopicPerRun));
  const backlogDelay = Math.min(WEEK_MS, runsOfBacklog * backlogIntervalMinutes * 60_000);
  const failureDelay = consecutiveFailures > 0 ? Math.min(DAY_MS, 3600_000 * 2 ** (consecutiveFailures - 1)) : 0;
  return new Date(nowMs + Math.max(backlogDelay, failureDelay)).toISOString();
}

export function isDue(nextDue: string | null, nowMs: number): boolean {
  return nextDue === null || Date.parse(nextDue) <= nowMs;
}
