// Astro renders the pages of <root>'s site. The build (site/builder/) runs it in a child process
// and sets: the config it parsed (GLEANER_CONFIG_JSON, taken as it is: never parsed twice), where to write (GLEANER_OUT_DIR, a stage
// folder inside the project that the build merges into <root>/dist), and its input files
// (GLEANER_BUILD_INPUT: the data of the pages to render, site/builder/input.ts). Pages read them through the
// virtual module `virtual:gleaner/config`. Without them (astro dev, npm run dev) the config is
// loaded from GLEANER_CONFIG / site.config.ts and the input made from <root> (dev-input.ts).
import { join } from 'node:path';
import { defineConfig } from 'astro/config';
import { configFromHandoff, loadConfig } from './crawler/config/index.ts';
import { sitePaths } from './crawler/paths.ts';
import { createRoutes } from './site/model/urls.ts';
import { gleanerVirtualModule } from './site/builder/input.ts';
import { devBuildInput } from './site/builder/dev-input.ts';
import { PAGE_DIRECTIVES, PAGE_SCRIPT_SOURCES, PAGE_STYLE_SOURCES, THEME_BOOTSTRAP, cspHash } from './site/html/csp.ts';

const config = process.env.GLEANER_CONFIG_JSON ? configFromHandoff(process.env.GLEANER_CONFIG_JSON) : await loadConfig();
const paths = sitePaths(process.env.GLEANER_ROOT ?? '.');
const input = process.env.GLEANER_BUILD_INPUT ? JSON.parse(process.env.GLEANER_BUILD_INPUT) : await devBuildInput(paths, config);

export default defineConfig({
  site: new URL(config.site.url).href,
  base: createRoutes(config.site.url).base,
  srcDir: './site',
  publicDir: './site/public',
  outDir: process.env.GLEANER_OUT_DIR ?? paths.dist,
  // The content layer's data store lives with the root it was built from, so a demo or
  // test build never reuses another root's cache.
  cacheDir: process.env.GLEANER_OUT_DIR ? join(process.env.GLEANER_OUT_DIR, '..', 'astro-cache') : join(paths.root, '.astro', 'cache'),
  trailingSlash: 'always',
  compressHTML: true,
  build: { format: 'directory', inlineStylesheets: 'always', concurrency: 4 },
  // Sätteri (Astro's native Markdown processor) renders ~5x faster than remark/rehype.
  // Shiki would write style="" attributes, which a strict CSP forbids; code stays plain.
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  // A strict CSP in a <meta> on every page: Astro hashes the inline stylesheet it writes; the
  // theme bootstrap (the one inline script, written with is:inline) is hashed here.
  security: {
    csp: {
      directives: [...PAGE_DIRECTIVES],
      scriptDirective: { resources: [...PAGE_SCRIPT_SOURCES], hashes: [cspHash(THEME_BOOTSTRAP).slice(1, -1)] },
      styleDirective: { resources: [...PAGE_STYLE_SOURCES] },
    },
  },
  vite: {
    plugins: [gleanerVirtualModule({ config, paths, input })],
    build: { assetsInlineLimit: 0 },
    ssr: { external: ['sql.js', 'sharp'] },
  },
});
