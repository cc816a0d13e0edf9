import { compileCacheFolder } from './scripts/kit/compile-cache.mjs';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Room for a shared, loaded machine (CI runs on 2 cores beside other work): many tests run real
    // processes, builds and browsers. A test's timeout says it hangs, never that it is slow.
    testTimeout: 120_000,
    hookTimeout: 600_000,
    pool: 'forks',
    // Every build a test runs keys again the article pages an hourly build keeps, and fails where a
    // kept key differs (site/builder/page-keys.ts): a dependency the stamps miss cannot pass.
    //
    // The processes tests start (commands, a build's children) load their modules with Node's
    // compile cache, as every npm script does (scripts/kit/run.mjs): the builds of the suite
    // then compile Astro, Vite and our modules once, not once per build.
    env: { GLEANER_VERIFY_KEYS: '1', NODE_COMPILE_CACHE: compileCacheFolder() },
  },
});
