import { readFileSync } from 'node:fs';
import { parseConfig, type UserConfig } from '../../../../crawler/config/index.ts';
import { buildSite } from '../../../build.ts';
import { syntheticConfig } from '../../lib/synthetic-content.ts';
import { selfUsage } from './measured-child.ts';
import type { BuildRequest } from './run-build.ts';

// Child process of run-build.ts: builds one site, so the bench's own memory is not counted in the
// build's. argv: the BuildRequest as JSON. Answers over IPC with the report.

const request = JSON.parse(process.argv[2]!) as BuildRequest;
const user: UserConfig = request.configFile ? (JSON.parse(readFileSync(request.configFile, 'utf8')) as UserConfig) : syntheticConfig({ topics: request.topics!, pageSize: request.pageSize });
const report = await buildSite({ root: request.root, config: parseConfig(user), quiet: true, cold: request.cold });
process.send!({ report, ...selfUsage() }, () => process.exit(0));
