import initSqlJs, { type Database } from 'sql.js';
import wasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';
import { DATA_PAGE_SIZE } from '../../builder/data/schema.ts';
import { openRangeDatabase } from './open-database.ts';
import type { QueryAnswer, QueryRequest } from './protocol.ts';
import { RangeFile, RangeFileError, type ReadRange } from './range-file.ts';
import { ROW_LIMIT } from './protocol.ts';
import { runQuery } from './run-query.ts';

// The console's worker: sql.js (its WebAssembly from the site itself) over the published files,
// read with synchronous range requests, which only a worker may make. SQL here has no network:
// sql.js has no function that fetches, and the files are the only thing it reads. The page ends
// this worker to cancel a query or stop one past the time limit.

const SQL = initSqlJs({ locateFile: () => wasmUrl });
const open = new Map<string, { db: Database; file: RangeFile }>();

/** Range requests for one file; a file that changes while it is read (a deploy) is an error, not a mix of two versions. */
function rangeReader(url: string): ReadRange {
  let version: string | null | undefined;
  return (start, end) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url, false);
    xhr.responseType = 'arraybuffer';
    xhr.setRequestHeader('Range', `bytes=${start}-${end}`);
    xhr.send();
    if (xhr.status !== 206 && xhr.status !== 200) throw new RangeFileError(`${url} answered ${xhr.status}.`);
    const seen = xhr.getResponseHeader('ETag') ?? xhr.getResponseHeader('Last-Modified');
    if (version === undefined) version = seen;
    else if (seen !== version) throw new RangeFileError('The file changed while it was read (the site was updated): run the query again.');
    const bytes = new Uint8Array(xhr.response as ArrayBuffer);
    // A server without ranges sends the whole file.
    if (xhr.status === 200) return { bytes, start: 0, total: bytes.length };
    const total = Number(/\/(\d+)$/.exec(xhr.getResponseHeader('Content-Range') ?? '')?.[1]);
    if (!Number.isSafeInteger(total)) throw new RangeFileError(`${url} sent no file size.`);
    return { bytes, start, total };
  };
}

async function answer({ id, file: url, sql }: QueryRequest): Promise<QueryAnswer> {
  const started = performance.now();
  let file: RangeFile | null = open.get(url)?.file ?? null;
  const transfer = () => (file ? { ...file.stats, fileBytes: file.length } : null);
  try {
    let entry = open.get(url);
    if (!entry) {
      file = new RangeFile(rangeReader(url), DATA_PAGE_SIZE);
      entry = { db: openRangeDatabase(await SQL, file), file };
      open.set(url, entry);
    }
    const result = runQuery(entry.db, sql, ROW_LIMIT);
    return { id, ok: true, ...result, ms: Math.round(performance.now() - started), transfer: transfer()! };
  } catch (error) {
    // A failed read stopped SQLite mid-call: the page starts a new worker.
    const fatal = error instanceof RangeFileError;
    return { id, ok: false, error: (error as Error).message, ms: Math.round(performance.now() - started), transfer: transfer(), fatal };
  }
}

self.onmessage = async (event: MessageEvent<QueryRequest>) => {
  self.postMessage(await answer(event.data));
};
