// What the /data/ console's page and its worker say to each other, and the limits of a query.

/** Rows a result shows; the query stops reading there. */
export const ROW_LIMIT = 1000;
/** A query still running after this is stopped (its worker ended). */
export const TIME_LIMIT_MS = 10_000;

export interface QueryRequest {
  id: number;
  /** The database file's URL (same origin). */
  file: string;
  sql: string;
}

export type Cell = string | number | null;

/** What the worker has read of the file so far, over the network. */
export interface Transfer {
  requests: number;
  bytes: number;
  /** The file's size. */
  fileBytes: number;
}

export type QueryAnswer =
  | { id: number; ok: true; columns: string[]; rows: Cell[][]; more: boolean; ms: number; transfer: Transfer }
  | { id: number; ok: false; error: string; ms: number; transfer: Transfer | null; fatal: boolean };
