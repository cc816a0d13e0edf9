/// <reference types="astro/client" />

declare module 'virtual:gleaner/config' {
  export const config: import('../crawler/config/index.ts').Config;
  export const paths: import('../crawler/paths.ts').SitePaths;
  export const input: import('./builder/input.ts').BuildInput;
}
