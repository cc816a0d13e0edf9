import { reportError } from './errors.ts';

/** Whether the module at `moduleUrl` is the file node (or tsx) was started with, i.e. the command being run. */
export function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  const path = decodeURIComponent(new URL(moduleUrl).pathname);
  return path === entry || path.replace(/\.ts$/, '') === entry.replace(/\.ts$/, '');
}

/**
 * Every command's and tool's last line: when its file is the one run, calls main with the arguments
 * after the script and sets the exit code from what it returns; an error main let through is
 * printed and mapped to an exit code the one way (reportError). Commands return their code rather
 * than exiting, so tests can call main() in-process.
 */
export async function runMain(moduleUrl: string, main: (argv: string[]) => Promise<number>): Promise<void> {
  if (!isMain(moduleUrl)) return;
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    process.exitCode = reportError(error);
  }
}
