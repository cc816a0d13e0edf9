// The crawl workflow's schedule: a cron line in .github/workflows/crawl.yml.

const FIELDS: Array<[number, number]> = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 6],
];

/** null when valid; otherwise what is wrong. GitHub runs schedules at most every 5 minutes, in UTC. */
export function cronProblem(cron: string): string | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return `"${cron}" must have five fields: minute hour day-of-month month day-of-week, like "17 * * * *" (hourly)`;
  for (let i = 0; i < 5; i++) {
    const [min, max] = FIELDS[i]!;
    for (const part of fields[i]!.split(',')) {
      const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
      if (!m || [m[2], m[3]].some((v) => v !== undefined && (Number(v) < min || Number(v) > max)) || (m[4] !== undefined && Number(m[4]) < 1)) {
        return `"${cron}": "${part}" is not a valid value (${min}-${max}, *, a range a-b, a list a,b or a step */n)`;
      }
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
