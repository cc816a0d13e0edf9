import { join } from 'node:path';
import type { Config } from '../../crawler/config/index.ts';
import type { SitePaths } from '../../crawler/paths.ts';
import type { KeyedRoute } from './page-keys.ts';

const ID = 'virtual:gleaner/config';
const RESOLVED = `\0${ID}`;

/** Which keyed pages a build renders: all of them (a cold build), or those whose key changed, by route. */
export interface RenderSet {
  all: boolean;
  pages: Record<string, string[]>;
}

/** Files the build hands Astro (see site/builder/): each page's data, prepared from the site index, so Astro reads only what it renders. */
export interface BuildInput {
  siteIndex: string;
  renderSet: string;
  /** A folder: per keyed route, the pages to render as getStaticPaths returns them (`keyedPagesFile`). */
  pages: string;
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
    siteIndex: join(dir, 'site-index.json'),
    renderSet: join(dir, 'render.json'),
    pages: join(dir, 'pages'),
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
