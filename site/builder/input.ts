import { join } from 'node:path';
import type { Config } from '../../crawler/config/index.ts';
import type { SitePaths } from '../../crawler/paths.ts';
import type { KeyedRoute } from './page-keys.ts';

const ID = 'virtual:gleaner/config';
const RESOLVED = `\0${ID}`;

/** Files the build hands Astro (see site/builder/): each page's data, prepared from the site index, so Astro reads only what it renders. */
export interface BuildInput {
  /** A folder: per keyed route, the pages this build renders as getStaticPaths returns them (`keyedPagesFile`). */
  pages: string;
  /** The data of the pages rendered every build, and the documents of such endpoints (site/model/pages/always.ts, documents.ts). */
  always: string;
  /** What the data page lists (site/builder/data/index.ts). */
  downloads: string;
  /** Each source host's health from the crawler's state (site/builder/data/sources.ts). */
  sources: string;
  /** The old pages of removed articles (site/model/removed.ts). */
  removed: string;
}

/** The input files of a build, in `dir`. */
export function buildInputFiles(dir: string): BuildInput {
  return {
    pages: join(dir, 'pages'),
    always: join(dir, 'always.json'),
    downloads: join(dir, 'downloads.json'),
    sources: join(dir, 'sources.json'),
    removed: join(dir, 'removed.json'),
  };
}

/** The pages of a keyed route that a build renders, { params, props } each (site/model/pages/keyed.ts), written by page-json.ts. */
export function keyedPagesFile(input: BuildInput, route: KeyedRoute): string {
  return join(input.pages, `${route}.json`);
}

/** A Vite plugin serving the validated config, the root's paths and the build's input files to pages (typed in site/env.d.ts). */
export function gleanerVirtualModule(value: { config: Config; paths: SitePaths; input: BuildInput }) {
  return {
    name: 'gleaner-config',
    resolveId(id: string) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id: string) {
      if (id !== RESOLVED) return undefined;
      return `export const config = ${JSON.stringify(value.config)};\nexport const paths = ${JSON.stringify(value.paths)};\nexport const input = ${JSON.stringify(value.input)};\n`;
    },
  };
}
