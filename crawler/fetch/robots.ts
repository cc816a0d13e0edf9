import robotsParserModule from 'robots-parser';
import type { Failure } from '../errors.ts';
import type { FetchOutcome } from './types.ts';

// robots-parser is CommonJS (`module.exports = fn`) while its typings declare a default export:
// under Node's ESM interop the default import is the function itself.
type RobotsParser = typeof robotsParserModule.default;
const robotsParser: RobotsParser =
  typeof robotsParserModule === 'function' ? (robotsParserModule as unknown as RobotsParser) : robotsParserModule.default;

export type Robot = ReturnType<RobotsParser>;

export const ROBOTS_MAX_REDIRECTS = 5;

export type RobotsRules =
  | { type: 'allow-all'; note: string }
  /** robots.txt could not be read: nothing on the host for this run. `failure` says why (a later run tries again). */
  | { type: 'disallow-all'; note: string; failure: Failure }
  | { type: 'rules'; robot: Robot; crawlDelayMs: number | null }
  /** The host itself is refused by the address guard: the page fails the same way. */
  | { type: 'blocked'; failure: Failure };

/** The product token robots.txt groups are matched against: "GleanerBot/0.1 (+url)" → "GleanerBot". */
export function robotsToken(userAgent: string): string {
  const compatible = /compatible;\s*([A-Za-z][\w-]*)/i.exec(userAgent);
  if (compatible) return compatible[1];
  return /^\s*([A-Za-z][\w-]*)/.exec(userAgent)?.[1] ?? '*';
}

/** RFC 9309 §2.3.1: how a robots.txt response governs the host for this run. */
export function interpretRobots(outcome: FetchOutcome, robotsUrl: string, token: string): RobotsRules {
  switch (outcome.type) {
    case 'ok': {
      if (outcome.contentType !== '' && outcome.contentType !== 'text/plain') return { type: 'allow-all', note: `robots.txt is ${outcome.contentType}, not text/plain` };
      const robot = robotsParser(robotsUrl, outcome.text ?? '');
      const delay = robot.getCrawlDelay(token);
      return { type: 'rules', robot, crawlDelayMs: typeof delay === 'number' && delay > 0 ? delay * 1000 : null };
    }
    case 'error': {
      const { failure } = outcome;
      if (failure.code === 'E_BLOCKED_ADDRESS' && outcome.redirects.length === 0) return { type: 'blocked', failure };
      if (failure.code === 'E_FETCH_HTTP' && failure.status && failure.status >= 400 && failure.status < 500 && failure.status !== 429) {
        return { type: 'allow-all', note: `robots.txt answered HTTP ${failure.status}` };
      }
      if (failure.code === 'E_TOO_MANY_REDIRECTS' || failure.code === 'E_REDIRECT_LOOP') return { type: 'allow-all', note: `robots.txt unavailable: ${failure.message}` };
      // 5xx, 429, timeouts, network errors: unreachable, so assume complete disallow for this run.
      return { type: 'disallow-all', note: `robots.txt unreachable (${failure.code}${failure.status ? ` ${failure.status}` : ''}: ${failure.message})`, failure };
    }
    default:
      return { type: 'allow-all', note: `robots.txt answered ${outcome.type}` };
  }
}

export function robotsAllows(rules: RobotsRules, url: string, token: string): { allowed: boolean; detail: string } {
  switch (rules.type) {
    case 'allow-all':
      return { allowed: true, detail: rules.note };
    case 'disallow-all':
      return { allowed: false, detail: `${rules.note}; not crawling this host in this run` };
    case 'blocked':
      return { allowed: false, detail: rules.failure.message };
    case 'rules': {
      const allowed = rules.robot.isAllowed(url, token) !== false;
      const line = rules.robot.getMatchingLineNumber(url, token);
      return { allowed, detail: allowed ? 'allowed by robots.txt' : `robots.txt disallows this URL for ${token} (line ${line})` };
    }
  }
}

/** One robots.txt per origin for the fetcher's life; concurrent callers share the same fetch. */
export class RobotsCache {
  readonly #entries = new Map<string, Promise<RobotsRules>>();
  readonly #load: (origin: string) => Promise<RobotsRules>;

  constructor(load: (origin: string) => Promise<RobotsRules>) {
    this.#load = load;
  }

  get(origin: string): Promise<RobotsRules> {
    let entry = this.#entries.get(origin);
    if (!entry) {
      entry = this.#load(origin);
      this.#entries.set(origin, entry);
    }
    return entry;
  }
}
