import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { configSchema, type Config, type UserConfig } from './schema.ts';
import { explainIssues, formatProblems } from './explain.ts';
import { placeholderProblems } from './placeholders.ts';
import { GleanerError, type ConfigProblem } from '../errors.ts';

export type { Config, UserConfig, Topic, Source } from './schema.ts';
export { configSchema } from './schema.ts';

/** Identity helper that gives site.config.ts autocompletion and type checks. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

/** A config that cannot be used: an E_CONFIG GleanerError whose `problems` list every mistake found. */
function configError(message: string, problems: ConfigProblem[] = []): GleanerError<'E_CONFIG'> {
  return new GleanerError('E_CONFIG', message, { problems });
}

/** Pure: validates a config value and fills in defaults, or throws an E_CONFIG GleanerError that explains every mistake. */
export function parseConfig(value: unknown, file = 'site.config.ts'): Config {
  const result = configSchema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const problems = explainIssues(result.error.issues, defaults());
  throw configError(formatProblems(file, problems), problems);
}

const HANDOFF_MARK = 'gleaner-parsed-config/1';

/**
 * The parsed config as it crosses to another process (the build's Astro child): plain JSON (a
 * parsed config holds only strings, numbers, booleans, arrays and objects), marked as parsed.
 * The other side takes it with configFromHandoff and never parses it again: a parsed value no
 * longer has the input's shape (a rule `'title:x'` is `{ field, kind, value, flags }`).
 */
export function configHandoff(config: Config): string {
  return JSON.stringify({ handoff: HANDOFF_MARK, config });
}

/** The config configHandoff wrote, as it was parsed; an E_CONFIG error for anything else. */
export function configFromHandoff(text: string): Config {
  const value = parseJson(text) as { handoff?: unknown; config?: Config } | null;
  if (value?.handoff !== HANDOFF_MARK || !value.config) throw configError('GLEANER_CONFIG_JSON is not a config handed over by the build: run npm run build (or unset it for astro dev, which loads site.config.ts)');
  return value.config;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Throws an E_CONFIG GleanerError when the site still names a placeholder owner or contact: `npm run build`
 * calls it, so a real site never ships them. The demo and tests build through buildSite() itself.
 */
export function assertPublishable(config: Config, file = configFile()): void {
  const problems = placeholderProblems(config);
  if (problems.length) throw configError(`${formatProblems(file, problems)}\n  (the demo, npm start, builds without these; a site you publish needs them)`, problems);
}

function configFile(): string {
  return process.env.GLEANER_CONFIG ?? DEFAULT_CONFIG_FILE;
}

let filled: Config | undefined;
/** The smallest valid config with every default filled in: the examples for fields that have a default. */
function defaults(): Config {
  filled ??= configSchema.parse({ site: { title: 'My News', url: 'https://news.example.com' }, topics: [{ slug: 'science', name: 'Science', sources: ['https://example.com/feed.xml'] }] });
  return filled;
}

const DEFAULT_CONFIG_FILE = 'site.config.ts';

/** Loads a config module (its default export) and validates it. */
export async function loadConfig(file = configFile()): Promise<Config> {
  const path = resolve(file);
  if (!existsSync(path)) throw configError(`config file not found: ${path}\n  create it from the README's example, or pass --config <file>`);
  let mod: { default?: unknown };
  try {
    mod = await import(pathToFileURL(path).href);
  } catch (error) {
    throw configError(`${file} could not be loaded: ${(error as Error).message}`);
  }
  if (mod.default === undefined) throw configError(`${file} must have a default export: export default defineConfig({ ... })`);
  return parseConfig(mod.default, file);
}
