import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UserConfig } from '../../../crawler/config/index.ts';
import type { RunSummary } from '../../../crawler/pipeline/index.ts';

// Runs one crawl as a child process (crawl-process.ts: the real CLI), so its peak memory is its
// own and a test can give it another working directory and environment.

const ENTRY = fileURLToPath(new URL('./crawl-process.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');

export interface CrawlProcessOptions {
  config: UserConfig;
  root: string;
  /** Working directory of the child (default: this process's). */
  cwd?: string;
  /** Added to this process's environment. */
  env?: Record<string, string>;
  /** More CLI arguments. */
  args?: string[];
}

export interface CrawlProcessResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The CLI's --json summary, when it got that far. */
  summary: RunSummary | null;
  /** Max resident set size of the child, in MB. */
  peakRssMb: number | null;
  /** Wall time of the crawl inside the child (startup excluded), ms. */
  durationMs: number | null;
}

export async function runCrawlProcess(options: CrawlProcessOptions): Promise<CrawlProcessResult> {
  const work = await mkdtemp(join(tmpdir(), 'gleaner-crawl-run-'));
  try {
    const configFile = join(work, 'site.config.mjs');
    const statsFile = join(work, 'stats.json');
    await writeFile(configFile, `export default ${JSON.stringify(options.config, null, 2)};\n`);
    const args = ['--import', TSX, ENTRY, '--config', configFile, '--root', options.root, '--json', '--verbose', '--stats', statsFile, ...(options.args ?? [])];
    const child = spawn(process.execPath, args, { cwd: options.cwd ?? process.cwd(), env: { ...process.env, CI: '1', ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (code, sig) => resolve([code, sig])));
    const stats = existsSync(statsFile) ? (JSON.parse(readFileSync(statsFile, 'utf8')) as { maxRssKb: number; durationMs: number }) : null;
    let summary: RunSummary | null = null;
    try {
      summary = JSON.parse(stdout) as RunSummary;
    } catch {
      summary = null;
    }
    return { exitCode, signal, stdout, stderr, summary, peakRssMb: stats ? Math.round(stats.maxRssKb / 1024) : null, durationMs: stats?.durationMs ?? null };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
