import type { FetchOutcome } from './types.ts';

/** A fetch that brought no body, in one line for a log or a source's record: "E_FETCH_HTTP HTTP 404", "robots disallowed by …". */
export function fetchProblem(outcome: FetchOutcome): string {
  switch (outcome.type) {
    case 'error':
      return `${outcome.failure.code} ${outcome.failure.message}`;
    case 'rejected':
      return `${outcome.reason} ${outcome.detail}`;
    default:
      return `unexpected ${outcome.type} answer`;
  }
}
