import type { Database } from './database.ts';

// Each source host's icon (see images/source-icons.ts): the icon the host's pages declared,
// the file saved under media/ (named by content hash; null when none could be had) and when it
// was last looked for, so it is fetched again only every so often.

export interface SourceIconRow {
  host: string;
  /** The icon address the host's pages declared (<link rel="icon">), if any was seen. */
  declared: string | null;
  /** The saved icon, relative to the site's root (media/<yyyy>/<mm>/<hash>-32.webp); null: no usable icon. */
  file: string | null;
  hash: string | null;
  checked_at: string;
  /** Why the last check found no icon. */
  error: string | null;
}

export function sourceIcon(db: Database, host: string): SourceIconRow | undefined {
  return db.get<SourceIconRow>('SELECT * FROM source_icons WHERE host = ?', [host]);
}

/** Records a check. A found icon replaces the file; a failed check keeps the last good file (an icon that went away for a day stays). */
export function recordSourceIcon(db: Database, row: SourceIconRow): void {
  db.run(
    `INSERT INTO source_icons (host, declared, file, hash, checked_at, error) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (host) DO UPDATE SET declared = excluded.declared, checked_at = excluded.checked_at, error = excluded.error,
       file = COALESCE(excluded.file, source_icons.file), hash = COALESCE(excluded.hash, source_icons.hash)`,
    [row.host, row.declared, row.file, row.hash, row.checked_at, row.error],
  );
}

/** Every host's saved icon file (the build copies them to each source's stable icon address). */
export function sourceIconFiles(db: Database): Array<{ host: string; file: string }> {
  return db.all<{ host: string; file: string }>('SELECT host, file FROM source_icons WHERE file IS NOT NULL ORDER BY host');
}
