// What in the state is bookkeeping: facts that only say "checked at" and how to check next time.
// No reader or owner sees them change, so a run whose changes are all bookkeeping writes no
// segment and git has nothing to commit (an idle site commits and builds nothing). They are not
// lost: the run keeps them in a local file beside the snapshot (bookkeeping-file.ts), and the
// next run that writes a segment folds them into it. Losing that file costs a few extra fetches
// (old validators, sources due early), never data.
//
// The rule, per tracked table (segments.ts). Any change not covered here is content:
//   - sources: a read's check time, schedule, conditional-GET validators, counters and last
//     error. What a source is (its URL, kind, topic, whether it is active, its own title) is not,
//     nor is its health's class: a source that starts failing, or answers again, is shown to
//     readers and the owner (source-health.ts), so that change commits; a failing source that
//     fails once more (another count, another message) does not.
//   - source_icons: when and where a host's icon was looked for (the address its pages declared
//     is known only when a run fetched one of them) and why the check found none. The icon
//     itself, its saved file and its hash, is content.
//   - runs: a run's row is its own bookkeeping; it reaches git with the next segment.
// An insert (a new source, a host's first icon check) and every deletion are content, but in a
// table that is bookkeeping whole.

export interface BookkeepingRule {
  /** The bookkeeping columns of the table, or 'all': every insert and update of it is bookkeeping. */
  columns: readonly string[] | 'all';
  /** SQL expressions over a row (`${row}.column`) whose value a bookkeeping change must keep. */
  classes?: ReadonlyArray<(row: string) => string>;
}

export const BOOKKEEPING: Readonly<Record<string, BookkeepingRule>> = {
  sources: {
    columns: ['etag', 'last_modified', 'expires_at', 'last_read_at', 'next_due_at', 'last_status', 'last_error', 'last_error_code', 'last_reason', 'consecutive_failures', 'items_seen', 'cursor'],
    classes: [(row) => `${row}.consecutive_failures > 0`],
  },
  source_icons: { columns: ['declared', 'checked_at', 'error'] },
  runs: { columns: 'all' },
};

/**
 * The SQL (inside a trigger of `table`, whose columns are `columns`) that is 1 when the write is
 * content and 0 when it is bookkeeping only.
 */
export function contentWriteSql(table: string, columns: readonly string[], write: 'insert' | 'update'): string {
  const rule = BOOKKEEPING[table];
  if (!rule) return '1';
  if (rule.columns === 'all') return '0';
  if (write === 'insert') return '1';
  const bookkeeping = new Set(rule.columns);
  const differs = [
    ...columns.filter((c) => !bookkeeping.has(c)).map((c) => `OLD.${c} IS NOT NEW.${c}`),
    ...(rule.classes ?? []).map((cls) => `(${cls('OLD')}) IS NOT (${cls('NEW')})`),
  ];
  return differs.length ? `(${differs.join(' OR ')})` : '0';
}
