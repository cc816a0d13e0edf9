// Plain-text tables for the bench scripts: the first column left-aligned, the rest right-aligned.

export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function printTable(header: string[], rows: string[][]): void {
  console.log(formatTable(header, rows));
}

export const seconds = (ms: number, digits = 1) => `${(ms / 1000).toFixed(digits)} s`;
export const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
export const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const count = (n: number) => n.toLocaleString('en-US');
export const percent = (share: number, digits = 2) => `${(share * 100).toFixed(digits)}%`;
