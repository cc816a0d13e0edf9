import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { parseConfig } from '../../crawler/config/index.ts';
import { isGleanerError } from '../../crawler/errors.ts';
import { siteSchema } from '../../crawler/config/schema.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { parseCommand } from '../kit/args.ts';
import { writeFileAtomic } from '../../crawler/atomic-write.ts';
import { runMain } from '../kit/main.ts';
import { answersFromFlags, REUSE_CHOICES, type Answers, type TopicAnswer } from './answers.ts';
import { filledIn, nextSteps } from './next-steps.ts';
import { topicsFromOpml, UNCATEGORIZED } from './opml-topics.ts';
import { createAsker, askMissing } from './prompt.ts';
import { renderConfig, userConfigOf } from './render-config.ts';
import { clearSiteContent } from './reset-content.ts';
import { cronProblem, readSchedule, setSchedule } from './schedule.ts';
import { EXIT } from '../kit/exit-codes.ts';

const HELP = `Usage: npm run new-site -- [options]

Makes this repository your own site: writes site.config.ts, removes the sample content,
database and images, and prints the secrets to set. Asks for what the flags leave out
(on a terminal); with --yes it asks nothing and fails if something is missing.

Options:
  --title <text>            site title
  --url <url>               where the site will be served, like https://news.example.com
  --language <tag>          BCP 47 language tag (default en)
  --description <text>      one-line description
  --email <address>         contact address for the legal pages (npm run build needs one)
  --mode <mode>             how much of each article to republish (default excerpt):
                              excerpt  the lead paragraphs and a link to the original
                              full     the whole text (needs the rights holders' permission)
                              link     title, the source's description and the link
  --topic <name>            a topic (repeatable): --topic Space --topic "Climate change"
  --feed <topic>=<url>      a source of a topic (repeatable); <url> may be sitemap:<url>,
                            site:<url>, discourse:<url> or opml:<url> (a published OPML list);
                            with one topic, --feed <url> is enough
  --keywords <topic>=a,b    keywords of a topic, for keyword search sources
  --opml <file>             topics and feeds from an OPML subscription list (a feed reader's
                            export): each folder becomes a topic, each feed a source of it;
                            feeds outside any folder go to a topic "${UNCATEGORIZED}"
  --schedule <cron>         how often the crawl runs, in UTC (default: hourly, "17 * * * *")
  --keep-content            keep content/, data/ and media/ as they are
  --root <dir>              the repository to change (default: .)
  -y, --yes                 ask nothing
  -h, --help                show this help

Example:
  npm run new-site -- --yes --title "Orbit Weekly" --url https://orbit.example.com \\
    --topic Space --feed space=https://www.nasa.gov/feed/ --feed space=https://www.esa.int/rssfeed/Our_Activities/Space_Science`;

const OPTIONS = {
  title: { type: 'string' },
  url: { type: 'string' },
  language: { type: 'string' },
  description: { type: 'string' },
  email: { type: 'string' },
  mode: { type: 'string' },
  topic: { type: 'string', multiple: true },
  feed: { type: 'string', multiple: true },
  keywords: { type: 'string', multiple: true },
  opml: { type: 'string' },
  schedule: { type: 'string' },
  'keep-content': { type: 'boolean' },
  root: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
} as const;

export interface NewSiteIo {
  input: Readable;
  output: Writable;
  /** Ask for missing answers (default: when input is a terminal). */
  interactive?: boolean;
}

export async function main(argv: string[], io: NewSiteIo = { input: process.stdin, output: process.stdout }): Promise<number> {
  const say = (line = '') => io.output.write(`${line}\n`);
  const parsed = parseCommand(argv, OPTIONS, HELP);
  if ('exitCode' in parsed) {
    say(parsed.message);
    return parsed.exitCode;
  }
  const { values } = parsed;

  const root = resolve(values.root ?? '.');
  const workflowPath = join(root, '.github', 'workflows', 'crawl.yml');
  if (values.schedule !== undefined) {
    const problem = cronProblem(values.schedule);
    if (problem) {
      say(`--schedule ${problem}`);
      return EXIT.usage;
    }
  }
  const { answers: given, problems } = answersFromFlags(values);
  if (problems.length) {
    say(problems.join('\n'));
    return EXIT.usage;
  }
  if (values.opml !== undefined) {
    const imported = importOpml(values.opml);
    if (!imported.ok) {
      say(imported.message);
      return EXIT.usage;
    }
    given.topics = mergeTopics(given.topics ?? [], imported.topics);
    say(imported.message);
  }
  if (given.language === undefined && values.yes) given.language = 'en';
  given.description ??= values.yes ? '' : undefined;
  given.email ??= values.yes ? '' : undefined;
  given.mode ??= values.yes ? REUSE_CHOICES[0]!.mode : undefined;

  const interactive = !values.yes && (io.interactive ?? Boolean((io.input as { isTTY?: boolean }).isTTY));
  let answers: Answers;
  if (interactive) {
    const asker = createAsker(io.input, io.output);
    try {
      answers = await askMissing(asker, given, checkField, say);
    } catch (error) {
      say((error as Error).message);
      return EXIT.usage;
    } finally {
      asker.close();
    }
  } else {
    const missing = [
      ...(['title', 'url'] as const).filter((k) => !given[k]).map((k) => `--${k}`),
      ...(given.topics?.length ? [] : ['--topic']),
      ...(given.topics ?? []).filter((t) => !t.sources.length).map((t) => `--feed ${t.slug}=<url>`),
    ];
    if (missing.length) {
      say(`missing: ${missing.join(', ')} (run without --yes on a terminal to be asked)\n\n${HELP}`);
      return EXIT.usage;
    }
    answers = { title: given.title!, url: given.url!, language: given.language ?? 'en', description: given.description ?? '', email: given.email ?? '', mode: given.mode ?? REUSE_CHOICES[0]!.mode, topics: given.topics! };
  }

  try {
    parseConfig(userConfigOf(answers), 'the new site.config.ts');
  } catch (error) {
    if (isGleanerError(error, 'E_CONFIG')) {
      say(error.message);
      return EXIT.usage;
    }
    throw error;
  }

  // Everything is checked and rendered before the first write; each file is replaced whole (temp + rename).
  const workflow = values.schedule !== undefined && existsSync(workflowPath) ? setSchedule(readFileSync(workflowPath, 'utf8'), values.schedule) : null;
  const configPath = join(root, 'site.config.ts');
  writeFileAtomic(configPath, renderConfig(answers));
  say(`Wrote ${configPath}: "${answers.title}" at ${answers.url}, ${answers.topics.length} topic${answers.topics.length === 1 ? '' : 's'} (${answers.topics.map((t) => `${t.slug}: ${t.sources.length} source${t.sources.length === 1 ? '' : 's'}`).join(', ')})`);
  say(filledIn(answers));

  if (!values['keep-content']) {
    const { removed } = clearSiteContent(sitePaths(root));
    say(removed ? `Removed the sample content, database and images (${removed} files).` : 'No sample content to remove.');
  }

  let schedule = existsSync(workflowPath) ? readSchedule(readFileSync(workflowPath, 'utf8')) : null;
  if (workflow !== null) {
    writeFileAtomic(workflowPath, workflow);
    schedule = values.schedule!.trim();
    say(`Crawl schedule set to "${schedule}" (UTC) in ${workflowPath}.`);
  }
  say('');
  say(nextSteps(answers, { schedule }));
  return EXIT.ok;
}

function importOpml(file: string): { ok: true; topics: TopicAnswer[]; message: string } | { ok: false; message: string } {
  const path = resolve(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { ok: false, message: `--opml ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  const result = topicsFromOpml(text);
  if (!result.ok) return { ok: false, message: `--opml ${file} is not a usable OPML list; nothing was written:\n${result.problems.map((p) => `  ✗ ${p}`).join('\n')}` };
  const feeds = result.topics.reduce((n, t) => n + t.sources.length, 0);
  const dropped = result.duplicates ? ` (${result.duplicates} listed twice, kept once)` : '';
  return { ok: true, topics: result.topics, message: `Read ${path}: ${feeds} feed${feeds === 1 ? '' : 's'}${dropped} in ${result.topics.length} topic${result.topics.length === 1 ? '' : 's'}.` };
}

/** Topics from the list join those named by --topic: the same slug is one topic, each feed in it once. */
function mergeTopics(flags: TopicAnswer[], imported: TopicAnswer[]): TopicAnswer[] {
  const topics = flags.map((t) => ({ ...t, sources: [...t.sources] }));
  for (const topic of imported) {
    const same = topics.find((t) => t.slug === topic.slug);
    if (!same) topics.push(topic);
    else for (const s of topic.sources) if (!same.sources.some((o) => o.url === s.url)) same.sources.push(s);
  }
  return topics;
}

function checkField(field: 'title' | 'url' | 'language', value: string): string | null {
  const schema = siteSchema.shape[field];
  const result = schema.safeParse(value);
  if (field === 'title' && !value.trim()) return 'the title must not be empty';
  return result.success ? null : `${field}: ${result.error.issues[0]?.message ?? 'invalid'}`;
}

await runMain(import.meta.url, main);
