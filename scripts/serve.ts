import { join } from 'node:path';
import { sitePaths } from '../crawler/paths.ts';
import { command, valueOptions } from './kit/args.ts';
import { runMain } from './kit/main.ts';
import { fileAt, serveStatic } from './kit/static-server.ts';
import { EXIT } from './kit/exit-codes.ts';

// npm run serve: dist/ served the way the S3 + CDN setup will (scripts/kit/static-server.ts).

const HELP = 'usage: npm run serve -- [--root <dir>] [--port N] [--host 127.0.0.1] [--base /]';

const OPTIONS = valueOptions('root', 'port', 'host', 'base');

/** Serves until Ctrl+C (the returned code is for a server that could not start). */
export const main = command({ help: HELP, options: OPTIONS }, async (args) => {
  const paths = sitePaths(args.root ?? process.env.GLEANER_ROOT ?? '.');
  const dist = paths.dist;
  if (!(await fileAt(join(dist, 'index.html')))) {
    console.error(`nothing to serve: ${dist}/index.html is missing. Run npm run build first.`);
    return EXIT.failed;
  }
  const port = args.port === undefined ? 4321 : Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a number between 0 and 65535, not "${args.port}"`);
    return EXIT.usage;
  }
  try {
    const server = await serveStatic(dist, { port, host: args.host, base: args.base, archive: paths.archive });
    console.log(`serving ${dist} at ${server.url} (Ctrl+C to stop)`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return EXIT.ok;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    console.error(e.code === 'EADDRINUSE' ? `port ${port} is in use; pass --port N` : e.message);
    return EXIT.failed;
  }
});

await runMain(import.meta.url, main);
