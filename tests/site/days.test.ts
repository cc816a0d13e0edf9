import { describe, expect, it } from 'vitest';
import { dayEnd, dayOf, dayStart, dayTitle, groupByDay, nextDay } from '../../site/model/days.ts';

const at = (iso: string) => Date.parse(iso);

describe('days in a time zone', () => {
  it('puts an instant on its local day: 23:30 UTC is the next day in Berlin', () => {
    expect(dayOf(at('2026-11-26T23:30:00Z'), 'UTC')).toBe('2026-11-26');
    expect(dayOf(at('2026-11-26T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-27');
    expect(dayOf(at('2026-11-27T04:59:59Z'), 'America/New_York')).toBe('2026-11-26');
    expect(dayOf(at('2026-11-27T05:00:00Z'), 'America/New_York')).toBe('2026-11-27');
  });

  it('gives Intl’s day for every instant, in zones of odd offsets and around their changes (it keeps answers by quarter hour)', () => {
    const zones = ['Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/St_Johns', 'America/Sao_Paulo', 'Europe/Berlin', 'Asia/Kolkata', 'Europe/Amsterdam'];
    for (const zone of zones) {
      const format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
      // Every 22 minutes and 13 seconds over a year: instants at many offsets within quarter hours, across each zone's changes.
      for (let ms = at('2018-01-01T00:00:00Z'); ms < at('2019-01-01T00:00:00Z'); ms += 1_333_000) {
        if (dayOf(ms, zone) !== format.format(ms)) expect.fail(`${new Date(ms).toISOString()} in ${zone}: ${dayOf(ms, zone)}, Intl says ${format.format(ms)}`);
      }
    }
    // Before 1990, offsets of odd minutes, where a quarter hour can hold a local midnight: asked each
    // time (Monrovia was UTC−0:44:30 until 1972; its 1971-06-01 began at 00:44:30 UTC).
    const monrovia = ['1971-06-01T00:44:00Z', '1971-06-01T00:44:45Z'].map((iso) => dayOf(at(iso), 'Africa/Monrovia'));
    expect(monrovia).toEqual(['1971-05-31', '1971-06-01']);
  });

  it('starts and ends a day at local midnight, across daylight saving changes', () => {
    expect(dayStart('2026-11-27', 'UTC')).toBe(at('2026-11-27T00:00:00Z'));
    expect(dayStart('2026-11-27', 'Europe/Berlin')).toBe(at('2026-11-26T23:00:00Z'));
    expect(dayEnd('2026-11-27', 'Europe/Berlin')).toBe(at('2026-11-27T23:00:00Z'));
    // Berlin springs forward on 2026-03-29 (a 23-hour day) and falls back on 2026-10-25 (25 hours).
    expect(dayEnd('2026-03-29', 'Europe/Berlin') - dayStart('2026-03-29', 'Europe/Berlin')).toBe(23 * 3_600_000);
    expect(dayEnd('2026-10-25', 'Europe/Berlin') - dayStart('2026-10-25', 'Europe/Berlin')).toBe(25 * 3_600_000);
    // Havana skipped midnight on 2024-03-10: the day starts at 01:00 local.
    expect(dayStart('2024-03-10', 'America/Havana')).toBe(at('2024-03-10T05:00:00Z'));
    expect(dayOf(dayStart('2024-03-10', 'America/Havana') - 1, 'America/Havana')).toBe('2024-03-09');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  it('groups items by day, oldest day first, keeping their order within a day', () => {
    const items = ['2026-11-27T08:00:00Z', '2026-11-26T23:30:00Z', '2026-11-26T10:00:00Z', '2026-11-27T22:59:00Z'];
    expect(groupByDay(items, at, 'Europe/Berlin')).toEqual([
      { day: '2026-11-26', items: ['2026-11-26T10:00:00Z'] },
      { day: '2026-11-27', items: ['2026-11-27T08:00:00Z', '2026-11-26T23:30:00Z', '2026-11-27T22:59:00Z'] },
    ]);
    expect(groupByDay(items, at, 'UTC').map((g) => g.day)).toEqual(['2026-11-26', '2026-11-27']);
    expect(groupByDay([], at, 'UTC')).toEqual([]);
  });

  it('names a day in the site language, whatever the zone', () => {
    expect(dayTitle('2026-11-27', 'en')).toBe('Friday, November 27, 2026');
    expect(dayTitle('2026-11-27', 'de')).toBe('Freitag, 27. November 2026');
    expect(dayTitle('2026-11', 'en', 'month')).toBe('November 2026');
    expect(dayTitle('2026-11-27', 'en', 'month')).toBe('November 2026');
  });
});
