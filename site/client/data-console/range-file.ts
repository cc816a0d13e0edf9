// A database file read over HTTP range requests, as SQLite asks for its pages: the approach of
// sql.js-httpvfs (phiresky), made for the sql.js the site already has. The file is cut into
// fixed-size chunks (the data files' page size); a read fetches the chunks it touches that are
// not held yet, and when reads go forward through the file (a table or index scan) each fetch
// takes twice as many chunks ahead as the last, up to READ_AHEAD_MAX. Nothing is fetched twice.
//
// sql.js does not expose Emscripten's FS, so the file is handed to `new SQL.Database(file)`: its
// in-memory file system keeps the object it is given as the file's contents (the first write of a
// file keeps `data.slice()`) and answers every read with `contents.subarray(start, end)`, which
// is where the bytes are fetched. The object refuses writes: the database is read-only.

/**
 * Reads bytes start..end (inclusive) of the file: the bytes got, where they start (0 when a
 * server without ranges answered with the whole file) and the file's size (from Content-Range).
 */
export type ReadRange = (start: number, end: number) => { bytes: Uint8Array; start: number; total: number };

export interface RangeFileStats {
  requests: number;
  bytes: number;
}

/** A failed read or a refused write: SQLite was stopped mid-call, so its database is not used again. */
export class RangeFileError extends Error {}

/** The most chunks one forward read fetches ahead (256 KB of 4 KB chunks). */
export const READ_AHEAD_MAX = 64;

export class RangeFile {
  readonly length: number;
  readonly stats: RangeFileStats = { requests: 0, bytes: 0 };
  private readonly chunks = new Map<number, Uint8Array>();
  /** The chunk after the last one fetched, and how many the last fetch took. */
  private nextChunk = -1;
  private span = 1;

  private readonly read: ReadRange;
  private readonly chunkSize: number;

  constructor(read: ReadRange, chunkSize: number) {
    this.read = read;
    this.chunkSize = chunkSize;
    // The first chunk holds the header SQLite reads first; its answer says how long the file is.
    this.length = this.fetch(0, 0);
  }

  /** The bytes start..end (end exclusive), fetching what is missing. */
  subarray(start = 0, end = this.length): Uint8Array {
    end = Math.min(end, this.length);
    const out = new Uint8Array(Math.max(0, end - start));
    let at = start;
    while (at < end) {
      const index = Math.floor(at / this.chunkSize);
      const chunk = this.chunks.get(index) ?? this.load(index);
      const from = at - index * this.chunkSize;
      const take = Math.min(chunk.length - from, end - at);
      out.set(chunk.subarray(from, from + take), at - start);
      at += take;
    }
    return out;
  }

  /** What the file system keeps as the file's contents: this object itself. */
  slice(): this {
    return this;
  }

  /** A write would land here (only if a query turned query_only off): refused. */
  set(): never {
    throw new RangeFileError('The database is read-only here.');
  }

  private load(index: number): Uint8Array {
    // Forward reads (the next chunk, or close after it) widen the read-ahead; any other read starts again at one chunk.
    this.span = index >= this.nextChunk && index <= this.nextChunk + 1 ? Math.min(this.span * 2, READ_AHEAD_MAX) : 1;
    let last = Math.min(index + this.span - 1, Math.ceil(this.length / this.chunkSize) - 1);
    for (let i = index + 1; i <= last; i++) {
      if (this.chunks.has(i)) {
        last = i - 1;
        break;
      }
    }
    this.fetch(index, last);
    return this.chunks.get(index)!;
  }

  /** Fetches chunks first..last into the cache; returns the file's size. */
  private fetch(first: number, last: number): number {
    const { bytes, start, total } = this.read(first * this.chunkSize, (last + 1) * this.chunkSize - 1);
    this.stats.requests++;
    this.stats.bytes += bytes.length;
    for (let i = start / this.chunkSize; i * this.chunkSize < start + bytes.length; i++) {
      const from = i * this.chunkSize - start;
      this.chunks.set(i, bytes.slice(from, from + this.chunkSize));
    }
    this.nextChunk = last + 1;
    return total;
  }
}
