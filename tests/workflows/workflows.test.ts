import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cronProblem } from '../../scripts/new-site/schedule.ts';
import { lintWorkflow, parseWorkflow, type Step, type Workflow } from './lint-workflow.ts';

const DIR = join(import.meta.dirname, '..', '..', '.github', 'workflows');
const crawlText = readFileSync(join(DIR, 'crawl.yml'), 'utf8');
const ciText = readFileSync(join(DIR, 'ci.yml'), 'utf8');
const rebuildText = readFileSync(join(DIR, 'rebuild.yml'), 'utf8');
const crawl = parseWorkflow(crawlText).workflow;
const ci = parseWorkflow(ciText).workflow;
const rebuild = parseWorkflow(rebuildText).workflow;

function steps(workflow: Workflow, job: string): Step[] {
  return workflow.jobs![job]!.steps!;
}

function indexOf(list: Step[], test: (s: Step) => boolean, what: string): number {
  const i = list.findIndex(test);
  if (i < 0) throw new Error(`no step ${what}`);
  return i;
}

const uses = (action: string) => (s: Step) => s.uses?.startsWith(`${action}@`) ?? false;
const runs = (pattern: RegExp) => (s: Step) => pattern.test(s.run ?? '');

describe('the workflow checker', () => {
  it('passes every workflow', () => {
    expect(lintWorkflow(crawlText)).toEqual([]);
    expect(lintWorkflow(ciText)).toEqual([]);
    expect(lintWorkflow(rebuildText)).toEqual([]);
  });

  it.each([
    ['an action pinned to a tag', (t: string) => t.replace(/actions\/checkout@[0-9a-f]{40} # v[\d.]+/, 'actions/checkout@v6'), /not pinned to a full commit SHA/],
    ['a pin without its version comment', (t: string) => t.replace(/(actions\/setup-node@[0-9a-f]{40}) # v[\d.]+/, '$1'), /no "# vX.Y.Z" comment/],
    ['a secret interpolated into a script', (t: string) => t.replace('npm run deploy || status', 'S3_BUCKET=${{ secrets.S3_BUCKET }} npm run deploy || status'), /interpolates \$\{\{ secrets\.S3_BUCKET \}\}/],
    ['a secret echoed', (t: string) => t.replace('echo "deploy=true" >> "$GITHUB_OUTPUT"', 'echo "deploying to $S3_BUCKET"'), /prints the secret S3_BUCKET/],
    ['a secret in job env', (t: string) => t.replace('    timeout-minutes: 60\n', '    timeout-minutes: 60\n    env:\n      TOKEN: ${{ secrets.AWS_SECRET_ACCESS_KEY }}\n'), /job crawl env: .*secrets go in the env of the steps/],
    ['a secret in a condition', (t: string) => t.replace("if: steps.build.outcome == 'success' && steps.target.outputs.deploy == 'true'", "if: secrets.S3_BUCKET != ''"), /reads secrets/],
    ['event text in a script', (t: string) => t.replace('run: npm run crawl', 'run: echo "${{ github.event.head_commit.message }}" && npm run crawl'), /script injection/],
    ['a bad cron', (t: string) => t.replace("'17 * * * *'", "'61 * * * *'"), /minute must be within 0-59/],
    ['a missing timeout', (t: string) => t.replace('    timeout-minutes: 60\n', ''), /no timeout-minutes/],
    ['write-all permissions', (t: string) => t.replace('permissions:\n  contents: read', 'permissions: write-all'), /broader than needed/],
    ['a misspelled step key', (t: string) => t.replace('        run: npm run crawl', '        runs: npm run crawl'), /unknown key "runs"/],
    ['a condition on a step id that does not exist yet', (t: string) => t.replace("steps.commit.outputs.changed == 'true' || github.event_name != 'schedule'\n        run: npm run build", "steps.later.outputs.changed == 'true'\n        run: npm run build"), /reads steps\.later before/],
    ['a condition on a step that comes later', (t: string) => t.replace("if: steps.target.outputs.deploy == 'true'\n        uses: actions/cache/restore", "if: steps.deploy.outputs.done == 'true'\n        uses: actions/cache/restore"), /reads steps\.deploy before/],
    ['broken YAML', (t: string) => t.replace('jobs:', 'jobs:\n  - nope\n   bad: indent'), /YAML/],
  ])('catches %s', (_, mutate, problem) => {
    const mutated = mutate(crawlText);
    expect(mutated).not.toBe(crawlText);
    expect(lintWorkflow(mutated).join('\n')).toMatch(problem);
  });

  it('validates cron expressions field by field', () => {
    expect(cronProblem('17 * * * *')).toBeNull();
    expect(cronProblem('*/15 6-22 * 1,6 1-5')).toBeNull();
    expect(cronProblem('0 * * *')).toMatch(/five fields/);
    expect(cronProblem('0 24 * * *')).toMatch(/hour must be within 0-23/);
    expect(cronProblem('0 */0 * * *')).toMatch(/step must be at least 1/);
    expect(cronProblem('0 * * * mon')).toMatch(/not a number/);
  });
});

describe('crawl.yml', () => {
  const on = crawl.on as Record<string, unknown>;
  const job = crawl.jobs!.crawl!;
  const list = steps(crawl, 'crawl');

  it('runs hourly on a schedule and by hand, one run at a time', () => {
    expect(on.schedule).toEqual([{ cron: expect.stringMatching(/^\d{1,2} \* \* \* \*$/) }]);
    expect('workflow_dispatch' in on).toBe(true);
    expect(crawl.concurrency).toEqual({ group: 'crawl', 'cancel-in-progress': false });
  });

  it('may write contents (to push its commit) and nothing else', () => {
    expect(crawl.permissions).toEqual({ contents: 'read' });
    expect(job.permissions).toEqual({ contents: 'write' });
  });

  it('checks out, sets up Node from .nvmrc with the npm cache, installs the locked dependencies, crawls, commits, builds, deploys — in that order', () => {
    const order = [
      indexOf(list, uses('actions/checkout'), 'checkout'),
      indexOf(list, uses('actions/setup-node'), 'setup-node'),
      indexOf(list, runs(/^npm (ci|install)\b/), 'npm install'),
      indexOf(list, runs(/^npm run crawl$/), 'crawl'),
      indexOf(list, runs(/git commit/), 'commit'),
      indexOf(list, runs(/^npm run build$/), 'build'),
      indexOf(list, runs(/^\s*npm run deploy\b/m), 'deploy'),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(list.find(uses('actions/setup-node'))!.with).toEqual({ 'node-version-file': '.nvmrc', cache: 'npm' });
  });

  it('commits content/, data/ and media/ as the Actions bot, only when they changed', () => {
    const commit = list.find(runs(/git commit/))!;
    const script = commit.run!;
    // Whatever changed on disk under the three folders, never a folder pathspec (which a sparse checkout refuses).
    expect(script).toMatch(/git ls-files -z --others --modified --deleted --exclude-standard -- content data media > "\$RUNNER_TEMP\/changed"\n\s*xargs -0 --no-run-if-empty git add --all --sparse -- < "\$RUNNER_TEMP\/changed"/);
    // The folders of what it added stay checked out (a later `sparse-checkout add` would take them
    // off disk), but for the segments' (the build reads the run's own from git's objects).
    expect(script).toMatch(/sed 's\|\/\[\^\/\]\*\$\|\|' \| \{ grep -v '\^data\/segments\/' \|\| true; \} \| sort -u > "\$RUNNER_TEMP\/folders"/);
    expect(script).toMatch(/git sparse-checkout add --stdin < "\$RUNNER_TEMP\/folders"/);
    expect(script).not.toMatch(/git add --all -- "?\$dir"?/);
    expect(script).toMatch(/git diff --cached --quiet/);
    expect(script.indexOf('git diff --cached --quiet')).toBeLessThan(script.indexOf('git commit'));
    expect(script).toMatch(/user\.name 'github-actions\[bot\]'/);
    expect(script).toMatch(/41898282\+github-actions\[bot\]@users\.noreply\.github\.com/);
    expect(script).toMatch(/git push/);
    expect(commit.id).toBe('commit');
  });

  it('deploys only when the secrets are set, and keeps dist/ as an artifact otherwise', () => {
    const check = list.find((s) => s.id === 'target')!;
    expect(Object.keys(check.env ?? {}).sort()).toEqual(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'S3_BUCKET']);
    const deploy = list.find(runs(/^\s*npm run deploy\b/m))!;
    expect(deploy.if).toBe("steps.build.outcome == 'success' && steps.target.outputs.deploy == 'true' && hashFiles('.gleaner/media/**') == ''");
    for (const name of ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_PREFIX', 'S3_FORCE_PATH_STYLE', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'CLOUDFRONT_DISTRIBUTION_ID']) {
      expect(String(deploy.env?.[name]), name).toMatch(new RegExp(`secrets\\.${name}\\b`));
    }
    const artifact = list.find(uses('actions/upload-artifact'))!;
    expect(artifact.if).toBe("steps.build.outcome == 'success' && steps.target.outputs.deploy == 'false'");
    expect(artifact.with).toMatchObject({ path: 'dist/' });
  });

  it('deploys a partial build whose bucket lacks the rest by building the whole site and deploying again', () => {
    const script = list.find((s) => s.id === 'deploy')!.run!;
    expect(script).toMatch(/npm run deploy \|\| status=\$\?/);
    expect(script).toMatch(/if \[ "\$status" -eq 4 \]; then[\s\S]*npm run build -- --cold\s+npm run deploy/);
    expect(script).toMatch(/exit "\$status"/);
  });

  it('restores the state snapshot before the crawl and saves it after the commit, only when it changed', () => {
    const restore = indexOf(list, (s) => uses('actions/cache/restore')(s) && s.with?.path === '.gleaner/state.sqlite', 'state restore');
    const save = indexOf(list, (s) => uses('actions/cache/save')(s) && s.with?.path === '.gleaner/state.sqlite', 'state save');
    expect(restore).toBeLessThan(indexOf(list, runs(/^npm run crawl$/), 'crawl'));
    expect(save).toBeGreaterThan(indexOf(list, runs(/git commit/), 'commit'));
    expect(list[restore]!.with!['restore-keys']).toBe('gleaner-state-');
    // A new entry every 20 segments: the commit step counts them in twenties.
    expect(String(list[save]!.with!.key)).toBe('gleaner-state-${{ steps.commit.outputs.segments }}');
    // …those git tracks, on disk or not (a sparse checkout leaves them off disk).
    expect(String(list[indexOf(list, runs(/git commit/), 'commit')]!.run)).toMatch(/echo "segments=\$\(\( \$\(git ls-files -- data\/segments \| grep -c '\\.sqlite\$' \|\| true\) \/ 20 \)\)" >> "\$GITHUB_OUTPUT"/);
    expect(list[save]!.if).toMatch(/steps\.commit\.outputs\.changed == 'true'/);
  });

  it('restores the bookkeeping of quiet runs before the crawl and saves it after the commit whenever the crawl left it', () => {
    const restore = indexOf(list, (s) => uses('actions/cache/restore')(s) && s.with?.path === '.gleaner/bookkeeping.json', 'bookkeeping restore');
    const save = indexOf(list, (s) => uses('actions/cache/save')(s) && s.with?.path === '.gleaner/bookkeeping.json', 'bookkeeping save');
    expect(restore).toBeLessThan(indexOf(list, runs(/^npm run crawl$/), 'crawl'));
    expect(list[restore]!.if).toBeUndefined();
    expect(String(list[restore]!.with!.key)).toBe('gleaner-bookkeeping-${{ github.run_id }}');
    expect(list[restore]!.with!['restore-keys']).toBe('gleaner-bookkeeping-');
    // After the commit, and on quiet runs too: not behind the commit's "changed".
    expect(save).toBeGreaterThan(indexOf(list, runs(/git commit/), 'commit'));
    expect(list[save]!.if).toBe("hashFiles('.gleaner/bookkeeping.json') != ''");
    expect(String(list[save]!.with!.key)).toMatch(/^gleaner-bookkeeping-\$\{\{ github\.run_id \}\}/);
  });

  it('restores the build manifest only for a deploy, and saves it only after a deploy succeeded', () => {
    const restore = indexOf(list, (s) => uses('actions/cache/restore')(s) && s.with?.path === '.gleaner/build', 'build restore');
    const save = indexOf(list, (s) => uses('actions/cache/save')(s) && s.with?.path === '.gleaner/build', 'build save');
    expect(list[restore]!.if).toBe("steps.target.outputs.deploy == 'true'");
    expect(restore).toBeLessThan(indexOf(list, runs(/^npm run build$/), 'build'));
    expect(save).toBeGreaterThan(indexOf(list, (s) => s.id === 'deploy', 'deploy'));
    expect(list[save]!.if).toBe("steps.deploy.outcome == 'success'");
    expect(String(list[save]!.with!.key)).toMatch(/^gleaner-build-\$\{\{ github\.run_id \}\}/);
  });

  it('restores the compile cache after the install, and saves it after a run that went well when its code had none', () => {
    const path = 'node_modules/.cache/node-compile-cache';
    const restore = indexOf(list, (s) => uses('actions/cache/restore')(s) && s.with?.path === path, 'compile cache restore');
    const save = indexOf(list, (s) => uses('actions/cache/save')(s) && s.with?.path === path, 'compile cache save');
    expect(restore).toBeGreaterThan(indexOf(list, runs(/^npm (ci|install)\b/), 'npm install'));
    expect(restore).toBeLessThan(indexOf(list, runs(/^npm run crawl$/), 'crawl'));
    expect(list[restore]!.id).toBe('compile-cache');
    // The key changes with Node, the dependencies and the code; a new code starts from the last entry.
    const key = String(list[restore]!.with!.key);
    for (const file of ['.nvmrc', 'package-lock.json', 'crawler/**', 'site/**', 'scripts/**']) expect(key).toContain(`'${file}'`);
    expect(key.startsWith(String(list[restore]!.with!['restore-keys']))).toBe(true);
    expect(save).toBeGreaterThan(indexOf(list, (s) => s.id === 'deploy', 'deploy'));
    expect(list[save]!.if).toBe("success() && steps.compile-cache.outputs.cache-hit != 'true'");
    expect(list[save]!.with!.key).toBe('${{ steps.compile-cache.outputs.cache-primary-key }}');
  });

  it('checks out only what the run reads (a partial clone, sparse), unless the repository variable asks for the whole tree', () => {
    const checkouts = list.filter(uses('actions/checkout'));
    expect(checkouts).toHaveLength(2);
    const sparse = checkouts.find((s) => s.with?.['sparse-checkout'])!;
    expect(sparse.if).toBe("vars.GLEANER_FULL_CHECKOUT != 'true'");
    expect(sparse.with!.filter).toBe('blob:none');
    expect(sparse.with!['sparse-checkout-cone-mode']).toBeUndefined(); // cone mode, the default
    expect(String(sparse.with!['sparse-checkout']).split('\n').filter(Boolean).sort()).toEqual(['crawler', 'scripts', 'site']);
    const whole = checkouts.find((s) => s !== sparse)!;
    expect(whole.if).toBe("vars.GLEANER_FULL_CHECKOUT == 'true'");
    expect(whole.with).toBeUndefined();
  });

  it("adds what of data/ a run appends to before the crawl: the media manifest of this and last month's year, no segment, no period folder", () => {
    const step = indexOf(list, runs(/git sparse-checkout add --stdin < "\$RUNNER_TEMP\/cone"/), 'data cone');
    expect(list[step]!.if).toBe("vars.GLEANER_FULL_CHECKOUT != 'true'");
    expect(step).toBeGreaterThan(indexOf(list, (s) => s.with?.['sparse-checkout'] !== undefined, 'sparse checkout'));
    expect(step).toBeLessThan(indexOf(list, runs(/^npm run crawl$/), 'crawl'));
    const script = list[step]!.run!;
    expect(script).toMatch(/this=\$\(date -u \+%Y\)/);
    expect(script).toMatch(/last=\$\(date -u -d "\$\(date -u \+%Y-%m-01\) -1 month" \+%Y\)/);
    expect(script).toMatch(/echo "data\/media\/\$this"/);
    expect(script).toMatch(/echo "data\/media\/\$last"/);
    expect(script).toMatch(/git ls-tree -d --name-only HEAD data\/ \| grep -v -x -e data\/segments -e data\/media \|\| true/);
    expect(script).not.toMatch(/content|echo "media/);
  });

  it('checks out the whole tree before a cold build: no build manifest restored (first run, lost cache, a site without a bucket)', () => {
    const widen = indexOf(list, runs(/git sparse-checkout disable/), 'whole tree for a cold build');
    const build = indexOf(list, runs(/^npm run build$/), 'build');
    expect(widen).toBe(build - 1);
    expect(list[widen]!.if).toBe(`(${list[build]!.if}) && steps.manifest.outputs.cache-matched-key == ''`);
    expect(list[indexOf(list, (s) => s.id === 'manifest', 'manifest restore')]!.with!.path).toBe('.gleaner/build');
    expect(list[widen]!.run).toMatch(/git config --bool core\.sparseCheckout/);
  });

  it('keeps lead images a bucket-mode crawl could not upload in a cache for the next run, and deploys nothing while they wait', () => {
    const restore = indexOf(list, (s) => uses('actions/cache/restore')(s) && s.with?.path === '.gleaner/media', 'staged media restore');
    const save = indexOf(list, (s) => uses('actions/cache/save')(s) && s.with?.path === '.gleaner/media', 'staged media save');
    const crawlStep = indexOf(list, runs(/^npm run crawl$/), 'crawl');
    expect(restore).toBeLessThan(crawlStep);
    expect(list[restore]!.with!['restore-keys']).toBe('gleaner-media-');
    expect(save).toBeGreaterThan(indexOf(list, runs(/git commit/), 'commit'));
    expect(list[save]!.if).toBe("hashFiles('.gleaner/media/**') != ''");
    expect(String(list[save]!.with!.key)).toMatch(/^gleaner-media-\$\{\{ github\.run_id \}\}/);
    expect(list[crawlStep]!.env?.S3_BUCKET).toBe('${{ secrets.S3_BUCKET }}');
    expect(list[indexOf(list, (s) => s.id === 'deploy', 'deploy')]!.if).toContain("hashFiles('.gleaner/media/**') == ''");
  });

  it('uses secrets only in the env of the three steps that need them', () => {
    const withSecrets = list.filter((s) => JSON.stringify(s).includes('secrets.')).map((s) => s.name);
    expect(withSecrets).toEqual(['Check deploy secrets', 'Crawl', 'Deploy']);
    for (const step of list) {
      const { env, ...rest } = step;
      expect(JSON.stringify(rest), step.name).not.toMatch(/secrets\./);
      void env;
    }
  });
});

describe('rebuild.yml', () => {
  const slice = rebuild.jobs!.slice!;
  const merge = rebuild.jobs!.merge!;

  it('runs by hand only, never beside a crawl, read-only', () => {
    expect(Object.keys(rebuild.on as object)).toEqual(['workflow_dispatch']);
    expect(rebuild.concurrency).toEqual(crawl.concurrency);
    expect(rebuild.permissions).toEqual({ contents: 'read' });
    for (const job of [slice, merge]) expect(job.permissions).toBeUndefined();
  });

  it('builds four slices side by side, each kept as an artifact with its manifest', () => {
    const slices = (slice as { strategy?: { matrix?: { slice?: number[] } } }).strategy?.matrix?.slice;
    expect(slices).toEqual([1, 2, 3, 4]);
    const build = slice.steps!.find(runs(/^npm run build$/))!;
    expect(build.env).toEqual({ GLEANER_SHARD: '${{ matrix.slice }}/4' });
    const keep = slice.steps!.find(uses('actions/upload-artifact'))!;
    expect(String(keep.with!.path).split('\n').filter(Boolean)).toEqual(['dist-shards/', '.gleaner/build/']);
    expect(keep.with!['include-hidden-files']).toBe(true);
  });

  it('starts each slice from the hourly build memory (content rows, HTML cache) when there is one', () => {
    const list = slice.steps!;
    const restore = indexOf(list, (s) => uses('actions/cache/restore')(s) && s.with?.path === '.gleaner/build', 'build memory restore');
    expect(restore).toBeLessThan(indexOf(list, runs(/^npm run build$/), 'build'));
    expect(list[restore]!.with!['restore-keys']).toBe('gleaner-build-');
    const crawlRestore = crawl.jobs!.crawl!.steps!.find((s) => uses('actions/cache/restore')(s) && s.with?.path === '.gleaner/build')!;
    expect(list[restore]!.with!.key).toBe(crawlRestore.with!.key);
  });

  it('merges the slices after all of them, deploys and saves the manifest like the hourly run', () => {
    expect((merge as { needs?: unknown }).needs).toBe('slice');
    const list = merge.steps!;
    const order = [
      indexOf(list, uses('actions/download-artifact'), 'download'),
      indexOf(list, runs(/^npm run build -- --merge 4$/), 'merge'),
      indexOf(list, runs(/^npm run deploy$/), 'deploy'),
      indexOf(list, uses('actions/cache/save'), 'save'),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(list.find(uses('actions/download-artifact'))!.with).toEqual({ pattern: 'slice-*', 'merge-multiple': true });
    expect(list.find(uses('actions/cache/save'))!.if).toBe("steps.deploy.outcome == 'success'");
    const withSecrets = list.filter((s) => JSON.stringify(s).includes('secrets.')).map((s) => s.name);
    expect(withSecrets).toEqual(['Check deploy secrets', 'Deploy']);
    expect(JSON.stringify(slice)).not.toMatch(/secrets\./);
  });
});

describe('ci.yml', () => {
  it('runs the tests on every push and pull request, read-only', () => {
    expect(Object.keys(ci.on as object).sort()).toEqual(['pull_request', 'push']);
    expect(ci.permissions).toEqual({ contents: 'read' });
    const list = steps(ci, 'test');
    expect(list.find(uses('actions/checkout'))!.with).toEqual({ 'persist-credentials': false });
    expect(list.find(uses('actions/setup-node'))!.with).toEqual({ 'node-version-file': '.nvmrc', cache: 'npm' });
    const order = [indexOf(list, runs(/^npm (ci|install)\b/), 'npm install'), indexOf(list, runs(/^npm test$/), 'npm test')];
    expect(order[0]).toBeLessThan(order[1]!);
    expect(ciText).not.toMatch(/secrets\./);
  });

  it("keeps the tests' compile cache between runs: restored after the install, saved after tests that passed", () => {
    const list = steps(ci, 'test');
    const path = 'node_modules/.cache/node-compile-cache';
    const restore = indexOf(list, (s) => uses('actions/cache/restore')(s) && s.with?.path === path, 'compile cache restore');
    const save = indexOf(list, (s) => uses('actions/cache/save')(s) && s.with?.path === path, 'compile cache save');
    expect(restore).toBeGreaterThan(indexOf(list, runs(/^npm (ci|install)\b/), 'npm install'));
    expect(save).toBeGreaterThan(indexOf(list, runs(/^npm test$/), 'npm test'));
    expect(list[save]!.if).toBe("success() && steps.compile-cache.outputs.cache-hit != 'true'");
    expect(list[save]!.with!.key).toBe('${{ steps.compile-cache.outputs.cache-primary-key }}');
  });
});
