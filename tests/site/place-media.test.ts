import { linkSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { placeMediaFile } from '../../site/builder/place-media.ts';

// The build links lead images from media/ into dist/. A file already at the target may itself be a
// link into media/ (a dist/ the last build made): it is replaced, never written through.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gleaner-place-media-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('placeMediaFile', () => {
  it('links the image: dist/ and media/ share one inode', () => {
    const from = join(dir, 'a.webp');
    writeFileSync(from, 'image a');
    placeMediaFile(from, join(dir, 'served.webp'), readFileSync(from));
    expect(statSync(join(dir, 'served.webp')).ino).toBe(statSync(from).ino);
  });

  it('replaces a target that links to another file of media/, and leaves that file as it was', () => {
    const other = join(dir, 'other.webp');
    writeFileSync(other, 'image b');
    const to = join(dir, 'served.webp');
    linkSync(other, to);
    const from = join(dir, 'a.webp');
    writeFileSync(from, 'image a');
    placeMediaFile(from, to, readFileSync(from));
    expect(readFileSync(other, 'utf8')).toBe('image b');
    expect(readFileSync(to, 'utf8')).toBe('image a');
    expect(statSync(to).ino).toBe(statSync(from).ino);
  });
});
