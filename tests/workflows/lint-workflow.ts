import { parseDocument } from 'yaml';
import { cronProblem } from '../../scripts/new-site/schedule.ts';

// A GitHub Actions workflow checker for the rules this project holds its workflows to (the
// parts of actionlint that matter here, plus supply-chain and secret-handling rules). It reads
// the YAML for real and returns every problem it finds, one sentence each.

export interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}

export interface Job {
  'runs-on'?: unknown;
  'timeout-minutes'?: unknown;
  permissions?: unknown;
  env?: Record<string, unknown>;
  if?: string;
  steps?: Step[];
}

export interface Workflow {
  name?: string;
  on?: unknown;
  concurrency?: unknown;
  permissions?: unknown;
  env?: Record<string, unknown>;
  jobs?: Record<string, Job>;
}

export interface Parsed {
  workflow: Workflow;
  problems: string[];
}

const KNOWN_TRIGGERS = new Set(['push', 'pull_request', 'pull_request_target', 'schedule', 'workflow_dispatch', 'workflow_call', 'workflow_run', 'release', 'merge_group']);
const STEP_KEYS = new Set(['name', 'id', 'if', 'uses', 'run', 'with', 'env', 'shell', 'working-directory', 'continue-on-error', 'timeout-minutes']);
const JOB_KEYS = new Set(['name', 'runs-on', 'timeout-minutes', 'permissions', 'env', 'if', 'steps', 'needs', 'concurrency', 'strategy', 'outputs', 'defaults', 'environment', 'services', 'container', 'continue-on-error']);
const PERMISSION_LEVELS = new Set(['read', 'write', 'none']);
/** Pinned: owner/repo[/path]@<40 hex> followed by a comment naming the version. */
const PINNED = /^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/;
const EXPRESSION = /\$\{\{([^}]*)\}\}/g;

export function parseWorkflow(text: string): Parsed {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const problems = doc.errors.map((e) => `YAML: ${e.message}`);
  const workflow = (doc.toJS() ?? {}) as Workflow;
  return { workflow, problems };
}

/** Every problem in a workflow file; empty when it passes. */
export function lintWorkflow(text: string): string[] {
  const { workflow, problems } = parseWorkflow(text);
  if (problems.length) return problems;
  if (typeof workflow !== 'object' || Array.isArray(workflow)) return ['the file is not a mapping'];
  if (!workflow.name) problems.push('the workflow has no name');
  problems.push(...lintTriggers(workflow.on));
  if (workflow.permissions === undefined) problems.push('no top-level permissions: set the least the workflow needs (contents: read)');
  else problems.push(...lintPermissions('workflow', workflow.permissions));
  if (workflow.env) problems.push(...secretsOutsideStepEnv('workflow env', workflow.env));
  if (workflow.concurrency !== undefined) problems.push(...expressionProblems('concurrency', workflow.concurrency));

  const jobs = workflow.jobs;
  if (!jobs || typeof jobs !== 'object' || !Object.keys(jobs).length) return [...problems, 'the workflow has no jobs'];
  for (const [id, job] of Object.entries(jobs)) problems.push(...lintJob(id, job));
  problems.push(...lintPins(text));
  return problems;
}

function lintTriggers(on: unknown): string[] {
  if (on === undefined || on === null) return ['no triggers ("on:")'];
  const names = typeof on === 'string' ? [on] : Array.isArray(on) ? on.map(String) : Object.keys(on as object);
  const problems = names.filter((n) => !KNOWN_TRIGGERS.has(n)).map((n) => `unknown trigger "${n}"`);
  const schedule = typeof on === 'object' && !Array.isArray(on) ? (on as Record<string, unknown>).schedule : undefined;
  if (schedule !== undefined) {
    if (!Array.isArray(schedule) || !schedule.length) problems.push('schedule must be a list of { cron: "…" }');
    else for (const entry of schedule) {
      const cron = (entry as { cron?: unknown })?.cron;
      const problem = typeof cron === 'string' ? cronProblem(cron) : 'a schedule entry has no cron';
      if (problem) problems.push(`schedule: ${problem}`);
    }
  }
  return problems;
}

function lintPermissions(where: string, permissions: unknown): string[] {
  if (permissions === 'read-all' || permissions === 'write-all') return [`${where}: permissions "${permissions}" is broader than needed; name each scope`];
  if (typeof permissions !== 'object' || permissions === null) return [`${where}: permissions must map scopes to read, write or none`];
  return Object.entries(permissions as Record<string, unknown>)
    .filter(([, level]) => !PERMISSION_LEVELS.has(String(level)))
    .map(([scope, level]) => `${where}: permission ${scope}: "${String(level)}" is not read, write or none`);
}

function lintJob(id: string, job: Job): string[] {
  const where = `job ${id}`;
  const problems: string[] = [];
  for (const key of Object.keys(job)) if (!JOB_KEYS.has(key)) problems.push(`${where}: unknown key "${key}"`);
  if (!job['runs-on']) problems.push(`${where}: no runs-on`);
  if (typeof job['timeout-minutes'] !== 'number') problems.push(`${where}: no timeout-minutes (the default, 6 hours, hides a hung run)`);
  if (job.permissions !== undefined) problems.push(...lintPermissions(where, job.permissions));
  if (job.env) problems.push(...secretsOutsideStepEnv(`${where} env`, job.env));
  if (job.if) problems.push(...secretsInCondition(where, job.if));
  if (!Array.isArray(job.steps) || !job.steps.length) return [...problems, `${where}: no steps`];

  const ids = new Set<string>();
  job.steps.forEach((step, i) => {
    const label = `${where} step ${i + 1}${step.name ? ` (${step.name})` : ''}`;
    for (const key of Object.keys(step)) if (!STEP_KEYS.has(key)) problems.push(`${label}: unknown key "${key}"`);
    if (!step.uses === !step.run) problems.push(`${label}: needs exactly one of uses or run`);
    if (step.uses !== undefined && !step.uses.startsWith('./') && !PINNED.test(step.uses)) problems.push(`${label}: "${step.uses}" is not pinned to a full commit SHA`);
    if (step.id) {
      if (ids.has(step.id)) problems.push(`${label}: duplicate step id "${step.id}"`);
      ids.add(step.id);
    }
    if (step.if) {
      problems.push(...secretsInCondition(label, step.if));
      for (const ref of step.if.matchAll(/steps\.([\w-]+)\.outputs/g)) {
        if (!ids.has(ref[1]!)) problems.push(`${label}: condition reads steps.${ref[1]} before (or without) a step with that id`);
      }
    }
    if (step.run !== undefined) problems.push(...lintRun(label, step));
    if (step.with) {
      problems.push(...secretsOutsideStepEnv(`${label} with`, step.with));
      problems.push(...expressionProblems(`${label} with`, step.with));
    }
    if (step.env) problems.push(...expressionProblems(`${label} env`, step.env));
  });
  return problems;
}

/** Scripts must not interpolate expressions that carry secrets or attacker-controlled text, nor print secret env vars. */
function lintRun(label: string, step: Step): string[] {
  const problems: string[] = [];
  const script = String(step.run);
  for (const match of script.matchAll(EXPRESSION)) {
    const expr = match[1]!.trim();
    if (/\bsecrets\./.test(expr)) problems.push(`${label}: the script interpolates ${match[0]}; pass secrets through env`);
    if (/\bgithub\.(event|head_ref)\b/.test(expr) || /\binputs\./.test(expr)) problems.push(`${label}: the script interpolates ${match[0]} (script injection); pass it through env`);
  }
  const secretVars = Object.entries(step.env ?? {})
    .filter(([, value]) => /\bsecrets\./.test(String(value)))
    .map(([name]) => name);
  for (const name of secretVars) {
    const printed = new RegExp(`^\\s*(echo|printf|cat)\\b[^\\n]*\\$\\{?${name}\\b`, 'm');
    if (printed.test(script)) problems.push(`${label}: prints the secret ${name}`);
    if (new RegExp(`\\$\\{?${name}\\b[^\\n]*>>\\s*"?\\$GITHUB_(OUTPUT|ENV|STEP_SUMMARY)`).test(script)) problems.push(`${label}: writes the secret ${name} to a workflow file`);
  }
  if (secretVars.length && /^\s*set\s+-[a-z]*x/m.test(script)) problems.push(`${label}: traces commands (set -x) with secrets in its environment`);
  return problems;
}

/** Secrets belong in the env of the steps that need them: not in workflow or job env, not in `with`. */
function secretsOutsideStepEnv(where: string, value: unknown): string[] {
  return collectStrings(value)
    .filter((s) => /\$\{\{[^}]*\bsecrets\./.test(s))
    .map((s) => `${where}: ${s.trim()} — secrets go in the env of the steps that use them`);
}

/** Secrets cannot be read in if: conditions (GitHub refuses); test an output of a step that checks them instead. */
function secretsInCondition(where: string, condition: string): string[] {
  return /\bsecrets\./.test(condition) ? [`${where}: condition "${condition}" reads secrets`] : [];
}

function expressionProblems(where: string, value: unknown): string[] {
  const problems: string[] = [];
  for (const text of collectStrings(value)) {
    const opened = (text.match(/\$\{\{/g) ?? []).length;
    const closed = [...text.matchAll(EXPRESSION)].length;
    if (opened !== closed) problems.push(`${where}: unbalanced expression in "${text}"`);
  }
  return problems;
}

function collectStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(collectStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(collectStrings);
  return [];
}

/** Every pinned `uses:` line carries a comment naming the version (`# v6.0.1`), for people and for Dependabot. */
function lintPins(text: string): string[] {
  const problems: string[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*(?:-\s*)?uses:\s*(\S+)(.*)$/.exec(line);
    if (!match || match[1]!.startsWith('./')) continue;
    if (PINNED.test(match[1]!) && !/#\s*v\d+(\.\d+){0,2}\b/.test(match[2]!)) problems.push(`"${match[1]}" has no "# vX.Y.Z" comment naming the pinned version`);
  }
  return problems;
}
