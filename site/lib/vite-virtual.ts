import type { Config } from '../../crawler/config/index.ts';
import type { SitePaths } from '../../crawler/paths.ts';

const ID = 'virtual:gleaner/config';
const RESOLVED = `\0${ID}`;

/** A Vite plugin serving the validated config and the root's paths to pages (typed in site/env.d.ts). */
export function gleanerVirtualModule(value: { config: Config; paths: SitePaths }) {
  return {
    name: 'gleaner-config',
    resolveId(id: string) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id: string) {
      if (id !== RESOLVED) return undefined;
      return `export const config = ${JSON.stringify(value.config)};\nexport const paths = ${JSON.stringify(value.paths)};\n`;
    },
  };
}
