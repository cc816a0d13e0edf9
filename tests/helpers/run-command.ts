import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// A project command as a real process (through scripts/kit/run.mjs, as npm runs it), its output collected.

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
/** What npm scripts run a command's file with (`node scripts/kit/run.mjs <file> …`): tests that start a command themselves start it the same way. */
export const RUN = fileURLToPath(new URL('../../scripts/kit/run.mjs', import.meta.url));

export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/** Runs `entry` (a path relative to the repository, e.g. scripts/crawl/main.ts) with `args` from the repository's root. */
export function runCommand(entry: string, args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUN, fileURLToPath(new URL(entry, `file://${REPO}`)), ...args], {
      cwd: REPO,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, out, err }));
  });
}
