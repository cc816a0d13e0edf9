import cliProgress from 'cli-progress';
import { formatBytes } from './files.ts';
import type { DeployEvent, DeployReport } from './index.ts';
import type { DeployPlan } from './plan.ts';

/** A progress bar on a terminal; one line per phase elsewhere (CI logs), one per object with verbose. */
export function createProgress(options: { tty: boolean; verbose: boolean; write?: (line: string) => void }): { onEvent: (event: DeployEvent) => void; stop(): void } {
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  let bar: cliProgress.SingleBar | null = null;
  let bytes = 0;
  const stop = () => {
    bar?.stop();
    bar = null;
  };
  const onEvent = (event: DeployEvent) => {
    switch (event.type) {
      case 'scanned':
        write(`${event.files} files in the build, ${event.remote} objects in the bucket`);
        break;
      case 'phase':
        stop();
        if (options.tty) {
          bar = new cliProgress.SingleBar(
            { format: ` ${event.phase.padEnd(9)} |{bar}| {value}/{total} {bytes} {detail}`, hideCursor: true, stream: process.stderr, barsize: 30 },
            cliProgress.Presets.shades_classic,
          );
          bar.start(event.total, 0, { bytes: formatBytes(bytes), detail: '' });
        } else {
          write(`== ${event.phase} (${event.total})`);
        }
        break;
      case 'uploaded':
        bytes += event.upload.size;
        bar?.increment(1, { bytes: formatBytes(bytes), detail: event.upload.path.slice(-50) });
        if (!options.tty && options.verbose) write(`uploaded ${event.upload.reason.padEnd(7)} ${event.upload.path} (${formatBytes(event.upload.size)})`);
        break;
      case 'deleted':
        bar?.increment(event.objects.length, { bytes: formatBytes(bytes), detail: '' });
        if (!options.tty && options.verbose) for (const d of event.objects) write(`deleted ${d.path}`);
        break;
      case 'invalidated':
        stop();
        write(`invalidation ${event.id}: ${event.paths.length} path${event.paths.length === 1 ? '' : 's'}`);
        break;
    }
  };
  return { onEvent, stop };
}

/** The plan, one line per object, for --dry-run. */
export function formatPlan(plan: DeployPlan): string {
  const lines: string[] = [];
  for (const u of plan.uploads) {
    lines.push(`upload  ${u.phase.padEnd(9)} ${u.reason.padEnd(7)} ${u.path}  ${formatBytes(u.size)}  ${u.contentType}  "${u.cacheControl}"${u.multipart ? '  multipart' : ''}`);
  }
  for (const d of plan.deletes) lines.push(`delete  ${''.padEnd(9)} ${''.padEnd(7)} ${d.path}  ${formatBytes(d.size)}`);
  for (const d of plan.retained) lines.push(`keep    ${''.padEnd(9)} ${''.padEnd(7)} ${d.path}  (hashed asset of the previous build; deleted next deploy)`);
  if (!lines.length) lines.push('nothing to upload or delete: the bucket matches the build');
  if (plan.blocked) lines.push(`BLOCKED: ${plan.blocked} (--force overrides)`);
  return lines.join('\n');
}

export function formatSummary(report: DeployReport): string {
  const { plan } = report;
  const verb = report.dryRun ? 'would upload' : 'uploaded';
  const upload = report.dryRun ? { count: plan.uploads.length, bytes: plan.uploads.reduce((s, u) => s + u.size, 0) } : report.uploaded;
  const del = report.dryRun ? { count: plan.deletes.length, bytes: plan.deletes.reduce((s, d) => s + d.size, 0) } : report.deleted;
  const lines = [
    `${report.dryRun ? 'Dry run for' : 'Deployed'} ${report.dir} → ${report.target} in ${(report.durationMs / 1000).toFixed(1)} s`,
    `  ${verb.padEnd(15)} ${String(upload.count).padStart(6)}  ${formatBytes(upload.bytes)}`,
    `  ${'unchanged'.padEnd(15)} ${String(report.skipped.count).padStart(6)}  ${formatBytes(report.skipped.bytes)}`,
    `  ${(report.dryRun ? 'would delete' : 'deleted').padEnd(15)} ${String(del.count).padStart(6)}  ${formatBytes(del.bytes)}`,
  ];
  if (plan.retained.length) lines.push(`  ${'kept one more'.padEnd(15)} ${String(plan.retained.length).padStart(6)}  (hashed assets of the previous build)`);
  if (report.archive.uploaded.count || report.archive.unchanged) lines.push(`  ${'archived copies'.padEnd(15)} ${String(report.archive.uploaded.count).padStart(6)}  ${formatBytes(report.archive.uploaded.bytes)} uploaded, ${report.archive.unchanged} already there`);
  if (report.invalidation) lines.push(`  CDN invalidation ${report.invalidation.id}: ${report.invalidation.paths.length} path(s)`);
  if (report.websub?.feeds.length) {
    const told = report.websub.feeds.length - report.websub.failed.length;
    lines.push(`  WebSub hub ${report.websub.hub}: ${report.dryRun ? `would ping ${report.websub.feeds.length}` : `pinged ${told} of ${report.websub.feeds.length}`} changed feed(s)`);
  }
  return lines.join('\n');
}

/** A warning per feed the hub did not take: the deploy succeeded, readers of that feed hear of it when their reader next polls. */
export function formatWebSubWarnings(report: DeployReport): string[] {
  return (report.websub?.failed ?? []).map((f) => `warning: WebSub hub ${report.websub!.hub} did not take ${f.feed} (${f.problem}); the deploy is done, subscribers see the change at their next poll`);
}
