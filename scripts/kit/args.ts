import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { EXIT } from './exit-codes.ts';

// The one argument parser of every command and tool (npm run crawl, add, remove, build, serve, start,
// deploy, new-site, and the tools): strict options plus -h/--help (and positional arguments for
// commands that take them); the help goes to stdout with exit 0, a mistake and the help to stderr
// with exit 2. Commands return their exit code rather than exiting (runMain in main.ts sets it).

export type CommandValues<O extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true }>>['values'];

/**
 * For a command whose main(argv) returns its exit code: the options, or what to print and the
 * code to return instead (the help with 0 for -h/--help; the problem and the help with 2 for an
 * unknown or malformed option). -h/--help is added to `options`.
 */
export function parseCommand<const O extends ParseArgsOptionsConfig>(
  argv: string[],
  options: O,
  help: string,
  settings: { positionals?: boolean } = {},
): { values: CommandValues<O>; positionals: string[] } | { exitCode: typeof EXIT.ok | typeof EXIT.usage; message: string } {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: settings.positionals ?? false });
    if ((values as { help?: boolean }).help) return { exitCode: EXIT.ok, message: help };
    return { values: values as CommandValues<O>, positionals };
  } catch (error) {
    return { exitCode: EXIT.usage, message: mistake((error as Error).message, help) };
  }
}

/** How a usage mistake reads: the problem, a blank line, the help. */
function mistake(problem: string, help: string): string {
  return `${problem}\n\n${help}`;
}

/** A usage mistake found after parsing (a missing or extra argument): printed like a parsing one, exit code 2. */
export function usageError(problem: string, help: string): typeof EXIT.usage {
  console.error(mistake(problem, help));
  return EXIT.usage;
}

/** parseCommand for a main() that prints to the console: the help (stdout) or the mistake (stderr) is printed and its exit code returned. */
export function commandArgs<const O extends ParseArgsOptionsConfig>(
  argv: string[],
  options: O,
  help: string,
  settings: { positionals?: boolean } = {},
): { values: CommandValues<O>; positionals: string[] } | number {
  const parsed = parseCommand(argv, options, help, settings);
  if (!('exitCode' in parsed)) return parsed;
  (parsed.exitCode ? console.error : console.log)(parsed.message);
  return parsed.exitCode;
}

/**
 * A command's `main(argv) → exit code`: parses argv (the help printed with 0, a mistake with 2) and
 * hands the options, and the positional arguments of a command that takes them, to `run`.
 */
export function command<const O extends ParseArgsOptionsConfig>(
  spec: { help: string; options: O; positionals?: boolean },
  run: (args: CommandValues<O>, positionals: string[]) => Promise<number>,
): (argv: string[]) => Promise<number> {
  return async (argv) => {
    const parsed = commandArgs(argv, spec.options, spec.help, spec);
    return typeof parsed === 'number' ? parsed : run(parsed.values, parsed.positionals);
  };
}

/** Options that take a value (`--root <dir>`), by name: `valueOptions('root', 'port')`. */
export function valueOptions<const K extends string>(...names: K[]): { [P in K]: { type: 'string' } } {
  return Object.fromEntries(names.map((name) => [name, { type: 'string' }])) as { [P in K]: { type: 'string' } };
}

/** Options that are on or off (`--verbose`), by name: `flagOptions('verbose', 'json')`. */
export function flagOptions<const K extends string>(...names: K[]): { [P in K]: { type: 'boolean' } } {
  return Object.fromEntries(names.map((name) => [name, { type: 'boolean' }])) as { [P in K]: { type: 'boolean' } };
}
