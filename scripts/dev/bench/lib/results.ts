import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Where the benches write their JSON (bench-results/, git-ignored) and the machine they ran on.

/** The repository root. */
export const PROJECT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface Machine {
  date: string;
  cpu: string;
  cores: number;
  memoryGB: number;
  node: string;
  /** 1, 5 and 15 minute load averages when the figure was taken. */
  loadAverage: number[];
  commit: string | null;
}

export function machine(): Machine {
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PROJECT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // Not a git checkout (a tarball): fine.
  }
  return {
    date: new Date().toISOString(),
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGB: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
    commit,
  };
}

export function describeMachine(m: Machine = machine()): string {
  return `${m.cores} cores (${m.cpu}), ${m.memoryGB} GB RAM, Node ${m.node}, load average ${m.loadAverage.map((l) => l.toFixed(2)).join(' ')}`;
}

/** Writes bench-results/<name>.json under the project and returns its path. */
export function writeResults(name: string, data: unknown): string {
  const dir = join(PROJECT, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
