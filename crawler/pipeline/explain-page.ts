import type { Config } from '../config/index.ts';
import { createFetcher, fetchProblem, type FetchOutcome } from '../fetch/index.ts';
import type { SitePaths } from '../paths.ts';
import { processPage } from '../process/process-page.ts';
import { firstFailure, ruleSteps, type Trace, type TraceStep } from '../process/process-trace.ts';
import { evaluateRules, rulesFor, type RuleScope, type RuleSet } from '../rules/index.ts';
import type { Database } from '../store/database.ts';
import { bandingFor } from '../store/near-duplicates.ts';
import { openState } from '../store/state.ts';
import { urlByAddress } from '../store/urls.ts';
import { normalizeUrl } from '../url/index.ts';
import { findDuplicate } from './accept.ts';
import { GleanerError, unknownTopicError } from '../errors.ts';
import { processOptions } from '../process/options.ts';
import { scopesByUrl } from './rule-scopes.ts';
import { urlPolicy } from './index.ts';

// `npm run crawl -- --explain <url>`: one page through the crawl's own steps (the fetcher and its
// guards, processPage, the duplicate check against the state), every verdict kept, nothing
// written: the state is opened read-only and no file is touched.

export interface ExplainOptions {
  /** The rules of this topic (a slug), when the state does not know the URL. */
  topic?: string;
  /** … and of this topic's source whose URL contains this text. */
  source?: string;
}

export interface Explanation {
  url: string;
  trace: Trace;
  /** Would a crawl publish it: every step passed. */
  publishable: boolean;
}

/** URL errors that are the argument's fault; the others (a private or IP-literal host) are the address guard's verdict. */
const BAD_ARGUMENT = new Set(['E_URL_INVALID', 'E_URL_SCHEME', 'E_URL_CREDENTIALS', 'E_URL_TOO_LONG']);

export async function explainUrl(config: Config, paths: SitePaths, input: string, options: ExplainOptions = {}): Promise<Explanation> {
  const policy = urlPolicy(config);
  const normalized = normalizeUrl(input, { policy });
  if (!normalized.ok && BAD_ARGUMENT.has(normalized.code)) throw new GleanerError('E_ARGS', `--explain needs an http(s) URL: ${normalized.message}`);
  const trace: Trace = [];
  const done = (url: string): Explanation => ({ url, trace, publishable: !firstFailure(trace) });
  if (!normalized.ok) {
    trace.push({ stage: 'fetch', name: 'address guard', verdict: 'fail', detail: `${normalized.code}: ${normalized.message}` });
    return done(input);
  }
  const url = normalized.url;

  const db = await openState(paths, { readOnly: true, nearDuplicateThreshold: config.quality.nearDuplicateThreshold });
  const fetcher = createFetcher({ ...config.crawl });
  try {
    const { rules, scope } = rulesOf(db, config, url, options);
    trace.push({ stage: 'rules', name: 'scope', verdict: 'info', detail: scope });

    const before = evaluateRules(rules, { url: [url] });
    if (before.verdict === 'blocked' || before.verdict === 'not_kept') {
      trace.push(...ruleSteps(before).map((s) => ({ ...s, detail: `${s.detail} (before fetching: no request made)` })));
      return done(url);
    }

    const response = await fetcher.fetch({ url, kind: 'page' });
    trace.push(...fetchSteps(response));
    if (response.type !== 'ok') return done(url);

    const processed = processPage(response.text ?? response.body.toString('utf8'), response.finalUrl, {
      ...processOptions(config, { listedUrl: url, finalUrl: response.finalUrl, rules }),
      evaluateAll: true,
    });
    trace.push(...processed.trace);
    if (processed.type === 'failed') {
      trace.push({ stage: 'extract', name: 'processing', verdict: 'fail', detail: `${processed.failure.code} ${processed.failure.message}` });
      return done(url);
    }
    const threshold = config.quality.nearDuplicateThreshold;
    const duplicate = processed.article ? findDuplicate(db, processed.article, response.finalUrl, { root: paths.root, threshold, banding: bandingFor(threshold) }, policy) : null;
    if (!processed.article) trace.push({ stage: 'dedup', name: 'duplicate check', verdict: 'info', detail: 'not run: no article to compare' });
    else if (!duplicate) trace.push({ stage: 'dedup', name: 'duplicate check', verdict: 'pass', detail: 'no stored article is the same or similar' });
    else if (duplicate.displaces) trace.push({ stage: 'dedup', name: duplicate.reason, verdict: 'pass', detail: `${duplicate.detail}, an unpublished article dated later: this page would take its place` });
    else trace.push({ stage: 'dedup', name: duplicate.reason, verdict: 'fail', reason: duplicate.reason, detail: duplicate.detail });
    return done(url);
  } finally {
    await fetcher.close();
    db.close();
  }
}

/** The rules a crawl would apply: those of the topic and source the state has the URL under, else the ones the options name, else the site's. */
function rulesOf(db: Database, config: Config, url: string, options: ExplainOptions): { rules: RuleSet; scope: string } {
  const known = urlByAddress(db, url);
  if (known && !options.topic && !options.source) return { rules: scopesByUrl(db, config)(known).rules, scope: `the state has this URL as #${known.id} (${known.state}${known.reason ? `: ${known.reason}` : ''}); its topic's and source's rules apply` };
  const scope: RuleScope = {};
  if (options.topic) {
    scope.topic = config.topics.findIndex((t) => t.slug === options.topic);
    if (scope.topic === -1) throw unknownTopicError(config, [options.topic]);
  }
  if (options.source) {
    const topics = scope.topic === undefined ? config.topics.map((_, i) => i) : [scope.topic];
    const found = topics.flatMap((t) => config.topics[t]!.sources.map((s, i) => ({ t, i, url: 'url' in s ? s.url : 'search' }))).find((s) => s.url.includes(options.source!));
    if (!found) throw new GleanerError('E_TOPIC', `no source URL contains "${options.source}"`);
    scope.topic = found.t;
    scope.source = found.i;
  }
  const where = scope.source !== undefined ? `topics[${scope.topic}].sources[${scope.source}]` : scope.topic !== undefined ? `topics[${scope.topic}] (${options.topic})` : null;
  return { rules: rulesFor(config, scope), scope: where ? `rules of ${where} and the site` : 'site-wide rules only (name --topic or --source for a topic\'s and source\'s rules)' };
}

function fetchSteps(response: FetchOutcome): TraceStep[] {
  const hops = 'redirects' in response && response.redirects.length ? `, redirected ${response.redirects.map((r) => `${r.status} → ${r.to}`).join(', ')}` : '';
  switch (response.type) {
    case 'ok':
      return [{ stage: 'fetch', name: 'fetch', verdict: 'pass', detail: `${response.status} ${response.contentType || '(no type)'}${response.charset ? `; ${response.charset}` : ''}, ${response.body.length} bytes (${response.bytes} on the wire)${hops}` }];
    case 'rejected':
      return [{ stage: 'fetch', name: 'fetch', verdict: 'fail', reason: response.reason, detail: `${fetchProblem(response)}${hops}` }];
    default:
      return [{ stage: 'fetch', name: 'fetch', verdict: 'fail', detail: `${fetchProblem(response)}${hops}` }];
  }
}
