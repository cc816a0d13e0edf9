import { parseConfig } from '../../../crawler/config/index.ts';
import { buildSite } from '../../build.ts';
import { syntheticConfig } from '../../lib/synthetic-content.ts';

// Child process of run-build.ts: builds one synthetic site, so the bench's own memory is not
// counted in the build's. argv: <root> <topics> <pageSize>. Answers over IPC with the report.

const [root, topics, pageSize] = process.argv.slice(2);
const config = parseConfig(syntheticConfig({ topics: Number(topics), pageSize: Number(pageSize) }));
const report = await buildSite({ root, config, quiet: true });
const usage = process.resourceUsage();
process.send!({ report, maxRssBytes: usage.maxRSS * 1024, cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000) }, () => process.exit(0));
