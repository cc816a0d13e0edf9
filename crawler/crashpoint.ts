// Fault injection for the kill tests (tests/crash/): `crashpoint(name)` does nothing unless
// GLEANER_CRASH_AT names it, as `<name>:<n>` (several separated by commas). Then the n-th time
// the point is reached the process kills itself with SIGKILL: no handler runs, no buffer is
// flushed, exactly like a runner pulled out from under a job. Reading the variable once keeps
// the cost of an unarmed point to one Map lookup.

const armed = parse(process.env.GLEANER_CRASH_AT ?? '');
const hits = new Map<string, number>();

function parse(spec: string): Map<string, number> {
  const points = new Map<string, number>();
  for (const part of spec.split(',')) {
    const match = /^\s*([\w:.-]+?):(\d+)\s*$/.exec(part);
    if (match) points.set(match[1]!, Number(match[2]));
  }
  return points;
}

/** Whether any crash point is armed in this process (callers may skip work that only feeds a point). */
export function crashpointsArmed(): boolean {
  return armed.size > 0;
}

export function crashpoint(name: string): void {
  const at = armed.get(name);
  if (at === undefined) return;
  const n = (hits.get(name) ?? 0) + 1;
  hits.set(name, n);
  if (n === at) process.kill(process.pid, 'SIGKILL');
}
