import { decodeShared, encodeShared } from './shared-json.ts';

// The build's page data as the Astro child reads it: articles and stories are written once per
// file and read back as one object each, so identity holds across a file's pages.

function isShared(value: object): boolean {
  return ('bodySha' in value && 'data' in value) || ('lead' in value && 'members' in value && 'path' in value);
}

export function encodePageData(value: unknown): string {
  return encodeShared(value, isShared);
}

export function decodePageData<T>(text: string): T {
  return decodeShared<T>(text);
}
