import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { isReuseMode, parseSource, REUSE_CHOICES, slugify, splitList, type Answers, type TopicAnswer } from './answers.ts';
import type { ReuseMode } from '../../crawler/config/schema.ts';

export interface Asker {
  ask(question: string, fallback?: string): Promise<string>;
  close(): void;
}

/** Reads answers line by line (a terminal, or piped input); ends with an error when the input ends first. */
export function createAsker(input: Readable, output: Writable): Asker {
  const rl = createInterface({ input, terminal: false });
  const lines: string[] = [];
  const waiting: Array<(line: string | null) => void> = [];
  let closed = false;
  rl.on('line', (line) => (waiting.length ? waiting.shift()!(line) : lines.push(line)));
  rl.on('close', () => {
    closed = true;
    while (waiting.length) waiting.shift()!(null);
  });
  return {
    async ask(question, fallback) {
      output.write(`${question}${fallback ? ` [${fallback}]` : ''}: `);
      const line = lines.length ? lines.shift()! : closed ? null : await new Promise<string | null>((resolve) => waiting.push(resolve));
      if (line === null) {
        output.write('\n');
        throw new Error('the input ended before every question was answered; nothing was written');
      }
      return line.trim() || fallback || '';
    },
    close: () => rl.close(),
  };
}

/** Asks for everything the flags did not give; `check` returns a problem with an answer, or null. */
export async function askMissing(
  asker: Asker,
  given: Partial<Answers>,
  check: (field: 'title' | 'url' | 'language', value: string) => string | null,
  write: (line: string) => void,
): Promise<Answers> {
  const field = async (name: 'title' | 'url' | 'language', question: string, fallback?: string): Promise<string> => {
    if (given[name] !== undefined && check(name, given[name]!) === null) return given[name]!;
    for (let attempt = 0; attempt < 5; attempt++) {
      const value = await asker.ask(question, fallback);
      const problem = check(name, value);
      if (!problem) return value;
      write(`  ${problem}`);
    }
    throw new Error(`no valid ${name} after five tries`);
  };
  const title = await field('title', 'Site title');
  const url = await field('url', 'Site URL (where it will be served)', 'https://news.example.com');
  const language = await field('language', 'Language (BCP 47)', 'en');
  const description = given.description ?? (await asker.ask('One-line description', ''));
  const email = given.email ?? (await asker.ask('Contact email for the legal pages (needed to build: takedown notices go there)', ''));
  const mode = given.mode ?? (await askMode(asker, write));

  let topics: TopicAnswer[] = given.topics ?? [];
  while (!topics.length) {
    const names = splitList(await asker.ask('Topics, comma-separated (e.g. Space, Climate)'));
    topics = names.filter((n) => slugify(n)).map((name) => ({ slug: slugify(name), name, keywords: [], sources: [] }));
    if (!topics.length) write('  at least one topic, please');
  }
  for (const topic of topics) {
    while (!topic.sources.length) {
      const sources = splitList(await asker.ask(`Feeds for "${topic.name}", comma-separated (a feed URL, or sitemap:URL, site:URL)`));
      topic.sources = sources.map(parseSource);
      if (!topic.sources.length) write('  at least one source per topic, please');
    }
    if (!topic.keywords.length && given.topics === undefined) topic.keywords = splitList(await asker.ask(`Keywords for "${topic.name}" (optional, comma-separated)`, ''));
  }
  return { title, url, language, description, email, mode, topics };
}

async function askMode(asker: Asker, write: (line: string) => void): Promise<ReuseMode> {
  write('How much of each article to republish (a source can differ later: its mode in site.config.ts):');
  for (const c of REUSE_CHOICES) write(`  ${c.mode.padEnd(8)} ${c.explain}`);
  for (let attempt = 0; attempt < 5; attempt++) {
    const value = (await asker.ask('Reuse mode', REUSE_CHOICES[0]!.mode)).toLowerCase();
    if (isReuseMode(value)) return value;
    write(`  one of ${REUSE_CHOICES.map((c) => c.mode).join(', ')}, please`);
  }
  throw new Error('no valid reuse mode after five tries');
}
