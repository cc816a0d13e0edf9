import { join } from 'node:path';
import type { Config } from '../../crawler/config/index.ts';
import type { SitePaths } from '../../crawler/paths.ts';

const ID = 'virtual:gleaner/config';
const RESOLVED = `\0${ID}`;

/** Files the build hands Astro (see site/builder/): each page's data, prepared from the site index, so Astro reads only what it renders. */
export interface BuildInput {
  /** The data of the pages this build renders (site/builder/page-input.ts): per keyed route its pages as getStaticPaths returns them, the data of the pages rendered every build, the documents of such endpoints. */
  pages: string;
  /** A folder: the documents of the endpoints rendered every build (feeds, OPML, the sitemap index…), a file each under its path (page-input.ts). */
  documents: string;
  /** What the data page lists (site/builder/data/index.ts). */
  downloads: string;
  /** The old pages of removed articles (site/model/removed.ts). */
  removed: string;
  /** The story summaries kept from the builds before (site/html/summary-cache.ts); absent for a slice of a build, which keeps none. */
  summaries?: string;
}

/** The input files of a build, in `dir`. */
export function buildInputFiles(dir: string): BuildInput {
  return {
    pages: join(dir, 'pages.json'),
    documents: join(dir, 'documents'),
    downloads: join(dir, 'downloads.json'),
    removed: join(dir, 'removed.json'),
  };
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
