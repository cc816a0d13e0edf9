import type { Cell, QueryAnswer, QueryRequest, Transfer } from './protocol.ts';
import { ROW_LIMIT, TIME_LIMIT_MS } from './protocol.ts';

// The console on /data/: runs the reader's SQL, or an example's, in a worker (worker.ts) on one
// of the published files, and shows the rows. The URL (?sql=…&file=…) reopens a query. Without
// JavaScript the form stays hidden and the examples are there to copy.

const form = document.querySelector<HTMLFormElement>('#console');
/** A cell shows this much of its text (an article's whole body is rarely what a table needs). */
const CELL_CHARS = 300;

function kilobytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function transferText(t: Transfer | null): string {
  return t ? `read ${kilobytes(t.bytes)} of ${kilobytes(t.fileBytes)} in ${t.requests} request${t.requests === 1 ? '' : 's'}` : '';
}

function table(columns: string[], rows: Cell[][]): HTMLTableElement {
  const el = document.createElement('table');
  el.className = 'data-files';
  const head = el.createTHead().insertRow();
  columns.forEach((name, i) => {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = name;
    // A column of numbers is right-aligned, its heading too.
    if (rows.length && rows.every((row) => row[i] === null || typeof row[i] === 'number')) th.className = 'number';
    head.append(th);
  });
  const body = el.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    for (const value of row) {
      const td = tr.insertCell();
      const text = value === null ? 'NULL' : String(value);
      td.textContent = text.length > CELL_CHARS ? `${text.slice(0, CELL_CHARS)}…` : text;
      if (value === null) td.className = 'null';
      if (typeof value === 'number') td.className = 'number';
    }
  }
  return el;
}

if (form) {
  const sqlBox = form.elements.namedItem('sql') as HTMLTextAreaElement;
  const fileBox = form.elements.namedItem('file') as HTMLSelectElement;
  const cancel = form.querySelector<HTMLButtonElement>('#console-cancel')!;
  const run = form.querySelector<HTMLButtonElement>('#console-run')!;
  const link = form.querySelector<HTMLAnchorElement>('#console-link')!;
  const status = form.querySelector<HTMLElement>('#console-status')!;
  const result = form.querySelector<HTMLElement>('#console-result')!;
  const base = form.dataset.files!;
  let worker: Worker | null = null;
  let running: { id: number; timer: ReturnType<typeof setTimeout> } | null = null;
  let nextId = 1;

  const stopWorker = () => {
    worker?.terminate();
    worker = null;
  };
  const finish = () => {
    if (running) clearTimeout(running.timer);
    running = null;
    cancel.hidden = true;
    run.disabled = false;
  };
  const show = (message: string, kind: 'status' | 'error' = 'status') => {
    status.textContent = message;
    status.classList.toggle('console-error', kind === 'error');
  };

  const onAnswer = (answer: QueryAnswer) => {
    if (!running || answer.id !== running.id) return;
    finish();
    // For measuring (scripts/dev/bench/lib/console-cost.ts): what the query cost.
    Object.assign(status.dataset, { ms: String(answer.ms), bytes: String(answer.transfer?.bytes ?? ''), requests: String(answer.transfer?.requests ?? ''), fileBytes: String(answer.transfer?.fileBytes ?? '') });
    const cost = `${answer.ms.toLocaleString('en')} ms, ${transferText(answer.transfer)}`;
    if (!answer.ok) {
      if (answer.fatal) stopWorker();
      show(`${answer.fatal ? 'Error' : 'SQL error'}: ${answer.error} (${cost})`, 'error');
      return;
    }
    const count = answer.more ? `The first ${ROW_LIMIT.toLocaleString('en')} rows (the query has more)` : `${answer.rows.length.toLocaleString('en')} row${answer.rows.length === 1 ? '' : 's'}`;
    show(`${count}; ${cost}.`);
    if (answer.columns.length) result.append(table(answer.columns, answer.rows));
  };

  const start = (sql: string, file: string) => {
    if (running) return;
    sqlBox.value = sql;
    fileBox.value = file;
    const params = new URLSearchParams({ sql, file });
    link.href = `${location.pathname}?${params}#console`;
    link.hidden = false;
    history.replaceState(null, '', link.href);
    result.replaceChildren();
    for (const key of ['ms', 'bytes', 'requests', 'fileBytes']) delete status.dataset[key];
    show(`Running on ${file}…`);
    run.disabled = true;
    cancel.hidden = false;
    if (!worker) {
      worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<QueryAnswer>) => onAnswer(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        stopWorker();
        finish();
        show(`Error: the query's worker failed (${event.message || 'no message'}).`, 'error');
      };
    }
    const id = nextId++;
    const timer = setTimeout(() => {
      stopWorker();
      finish();
      show(`Stopped after ${TIME_LIMIT_MS / 1000} seconds, the time limit here. Download the file to run the query without one.`, 'error');
    }, TIME_LIMIT_MS);
    running = { id, timer };
    const request: QueryRequest = { id, file: `${base}${file}`, sql };
    worker.postMessage(request);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sqlBox.value.trim()) start(sqlBox.value, fileBox.value);
  });
  cancel.addEventListener('click', () => {
    stopWorker();
    finish();
    show('Cancelled.');
  });
  for (const button of document.querySelectorAll<HTMLButtonElement>('.console-example')) {
    button.hidden = false;
    button.addEventListener('click', () => {
      form.scrollIntoView({ block: 'start' });
      start(button.dataset.sql!, button.dataset.file!);
    });
  }
  form.hidden = false;
  fileBox.value = form.dataset.default!;
  const params = new URLSearchParams(location.search);
  const shared = params.get('sql');
  if (shared) {
    // A file no longer listed (an old link): the default one.
    const file = params.get('file') ?? form.dataset.default!;
    start(shared, [...fileBox.options].some((o) => o.value === file) ? file : form.dataset.default!);
  }
}
