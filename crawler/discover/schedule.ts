// When is a source due? Every source remembers when it was read; a topic whose backlog of
// unpublished articles is large is read less often, since the next runs have plenty to publish.

export interface ScheduleInput {
  nowMs: number;
  backlog: number;
  perTopicPerRun: number;
  backlogIntervalMinutes: number;
}

/** Zero backlog (or less than one run's worth) means due again at once; each further run's worth adds one interval, capped at a week. */
export function nextDueAt({ nowMs, backlog, perTopicPerRun, backlogIntervalMinutes }: ScheduleInput): string {
  const runsOfBacklog = Math.floor(backlog / Math.max(1, perTopicPerRun));
  const delayMs = Math.min(7 * 24 * 3600_000, runsOfBacklog * backlogIntervalMinutes * 60_000);
  return new Date(nowMs + delayMs).toISOString();
}

export function isDue(nextDue: string | null, nowMs: number): boolean {
  return nextDue === null || Date.parse(nextDue) <= nowMs;
}
