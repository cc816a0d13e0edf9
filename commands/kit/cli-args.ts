import { parseArgs } from 'node:util';

/**
 * Parses `--name value` options (and `--flag` booleans) for the npm scripts; unknown options are an
 * error with the usage (exit 2); `--help` or `-h` prints the usage and exits 0.
 */
export function cliOptions<K extends string, F extends string = never>(names: readonly K[], usage: string, flags: readonly F[] = [], argv = process.argv.slice(2)): Partial<Record<K, string>> & Partial<Record<F, boolean>> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(`usage: ${usage}`);
    process.exit(0);
  }
  try {
    const options = {
      ...Object.fromEntries(names.map((n) => [n, { type: 'string' as const }])),
      ...Object.fromEntries(flags.map((n) => [n, { type: 'boolean' as const }])),
    };
    const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    return values as Partial<Record<K, string>> & Partial<Record<F, boolean>>;
  } catch (error) {
    console.error(`${(error as Error).message}\nusage: ${usage}`);
    process.exit(2);
  }
}

export function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  const path = decodeURIComponent(new URL(moduleUrl).pathname);
  return path === entry || path.replace(/\.ts$/, '') === entry.replace(/\.ts$/, '');
}
