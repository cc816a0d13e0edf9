import type { Config } from '../../crawler/config/index.ts';
import type { SitePaths } from '../../crawler/paths.ts';

const ID = 'virtual:gleaner/config';
const RESOLVED = `\0${ID}`;

/** Which keyed pages a build renders: all of them (a cold build), or those whose key changed, by route. */
export interface RenderSet {
  all: boolean;
  pages: Record<string, string[]>;
}

/** Files the build hands Astro: the articles, and which keyed pages to render (see site/builder/). */
export interface BuildInput {
  siteIndex: string;
  renderSet: string;
  /** What the data page lists (site/builder/data/index.ts). */
  downloads: string;
  /** Each source host's health from the crawler's state (site/builder/data/sources.ts). */
  sources: string;
  /** The old pages of removed articles (site/model/removed.ts). */
  removed: string;
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
