// The crawl workflow's schedule: a cron line in .github/workflows/crawl.yml.

const FIELDS: Array<[string, number, number]> = [
  ['minute', 0, 59],
  ['hour', 0, 23],
  ['day of month', 1, 31],
  ['month', 1, 12],
  ['day of week', 0, 6],
];

/** null when `cron` is a five-field POSIX cron expression as GitHub accepts it (in UTC, at most every 5 minutes); otherwise what is wrong. */
export function cronProblem(cron: string): string | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return `"${cron}" must have five fields: minute hour day-of-month month day-of-week, like "17 * * * *" (hourly)`;
  for (let i = 0; i < 5; i++) {
    const [name, min, max] = FIELDS[i]!;
    for (const part of fields[i]!.split(',')) {
      const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
      if (!match) return `"${cron}": ${name} "${part}" is not a number, range a-b, list a,b or step */n`;
      if ([match[2], match[3]].some((v) => v !== undefined && (Number(v) < min || Number(v) > max))) return `"${cron}": ${name} must be within ${min}-${max}`;
      if (match[4] !== undefined && Number(match[4]) < 1) return `"${cron}": a step must be at least 1`;
    }
  }
  return null;
}

/** The workflow text with its (first) schedule cron replaced; throws if the workflow has none. */
export function setSchedule(workflow: string, cron: string): string {
  const line = /^(\s*-\s*cron:\s*)(['"]?)[^'"\n]*\2(.*)$/m;
  if (!line.test(workflow)) throw new Error('the crawl workflow has no "- cron:" line to change');
  return workflow.replace(line, (_, lead: string, _quote: string, rest: string) => `${lead}'${cron.trim()}'${rest}`);
}

export function readSchedule(workflow: string): string | null {
  return /^\s*-\s*cron:\s*['"]?([^'"\n]+?)['"]?\s*$/m.exec(workflow)?.[1] ?? null;
}
