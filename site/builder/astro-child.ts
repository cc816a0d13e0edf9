// The child of runAstro (astro.ts): the environment carries the root, the validated config, the
// output folder and the build's input files; astro.config.mjs reads them.
// A parent that dies (even by SIGKILL, which runs no exit handler) closes the channel: stop with it, not write on beside the next build.
process.once('disconnect', () => process.exit(1));
const logLevel = (process.env.GLEANER_ASTRO_LOG ?? 'warn') as 'info' | 'warn' | 'error';
try {
  const { build } = await import('astro');
  await build({ root: process.env.GLEANER_PROJECT!, logLevel });
  process.exit(0);
} catch (error) {
  console.error((error as Error).stack ?? error);
  process.exit(1);
}
