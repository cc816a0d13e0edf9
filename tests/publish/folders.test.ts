import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOLDER_LIMIT, FolderAllocator, period } from '../../crawler/publish/folders.ts';

// No folder outgrows FOLDER_LIMIT entries (GitHub advises at most 3,000): a month that fills its
// folder goes on in <mm>-2, <mm>-3…, counting both what the folder holds and what this run placed.

describe('period folders', () => {
  it('places a file in its UTC month', () => {
    expect(period('2026-03-31T23:59:59.000Z')).toBe('2026/03');
    expect(new FolderAllocator(() => 0).place('content/space', '2026-03-31T23:59:59.000Z')).toBe(join('content/space', '2026/03'));
  });

  it('goes on in <mm>-2 when the month is full, and never puts more than the limit in one folder', () => {
    const onDisk = new Map([[join('media', '2026/05'), FOLDER_LIMIT - 3]]);
    const allocator = new FolderAllocator((dir) => onDisk.get(dir) ?? 0);
    const placed = new Map<string, number>();
    for (let i = 0; i < FOLDER_LIMIT + 10; i++) {
      const dir = allocator.place('media', '2026-05-14T10:00:00.000Z');
      placed.set(dir, (placed.get(dir) ?? 0) + 1);
    }
    expect(placed.get(join('media', '2026/05'))).toBe(3);
    expect(placed.get(join('media', '2026/05-2'))).toBe(FOLDER_LIMIT);
    expect(placed.get(join('media', '2026/05-3'))).toBe(7);
    for (const [dir, n] of placed) expect(n + (onDisk.get(dir) ?? 0)).toBeLessThanOrEqual(FOLDER_LIMIT);
  });

  it('counts a folder on disk once, then what it handed out', () => {
    let reads = 0;
    const allocator = new FolderAllocator(() => (reads++, 0));
    for (let i = 0; i < 100; i++) allocator.place('content/a', '2026-01-02T00:00:00.000Z');
    expect(reads).toBe(1);
  });

  it('stays under the 3,000 entries GitHub advises', () => {
    expect(FOLDER_LIMIT).toBeLessThanOrEqual(3000);
  });
});
