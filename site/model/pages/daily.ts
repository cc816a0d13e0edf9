import { dailyEditions, type DailyEdition } from '../daily.ts';
import type { SiteIndex } from '../site-index.ts';

// A day's edition (/daily/<yyyy-mm-dd>/).

export interface DailyPageProps {
  edition: DailyEdition;
}

export function dailyPageProps(index: SiteIndex, day: string): DailyPageProps {
  return { edition: dailyEditions(index).find((e) => e.day === day)! };
}
