import { describe, expect, it } from 'vitest';
import { isDue, nextDueAt } from '../../crawler/discover/schedule.ts';

const NOW = Date.parse('2026-04-01T12:00:00Z');
const base = { nowMs: NOW, perTopicPerRun: 10, backlogIntervalMinutes: 60 };

describe('source schedule', () => {
  it('is due at once with no backlog, or less than one run of it', () => {
    expect(nextDueAt({ ...base, backlog: 0 })).toBe(new Date(NOW).toISOString());
    expect(nextDueAt({ ...base, backlog: 9 })).toBe(new Date(NOW).toISOString());
  });

  it('waits one interval more for each run of backlog, up to a week', () => {
    expect(nextDueAt({ ...base, backlog: 10 })).toBe(new Date(NOW + 3600_000).toISOString());
    expect(nextDueAt({ ...base, backlog: 35 })).toBe(new Date(NOW + 3 * 3600_000).toISOString());
    expect(nextDueAt({ ...base, backlog: 100_000 })).toBe(new Date(NOW + 7 * 24 * 3600_000).toISOString());
  });

  it('backs off a failing source: 1 h, 2 h, 4 h … up to a day, unless the backlog says later', () => {
    expect(nextDueAt({ ...base, backlog: 0, consecutiveFailures: 1 })).toBe(new Date(NOW + 3600_000).toISOString());
    expect(nextDueAt({ ...base, backlog: 0, consecutiveFailures: 3 })).toBe(new Date(NOW + 4 * 3600_000).toISOString());
    expect(nextDueAt({ ...base, backlog: 0, consecutiveFailures: 30 })).toBe(new Date(NOW + 24 * 3600_000).toISOString());
    expect(nextDueAt({ ...base, backlog: 50, consecutiveFailures: 1 })).toBe(new Date(NOW + 5 * 3600_000).toISOString());
  });

  it('isDue: never read, or the due time has come', () => {
    expect(isDue(null, NOW)).toBe(true);
    expect(isDue(new Date(NOW).toISOString(), NOW)).toBe(true);
    expect(isDue(new Date(NOW + 1).toISOString(), NOW)).toBe(false);
  });
});
