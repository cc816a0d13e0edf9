import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { buildSite, type BuildReport } from '../../scripts/build.ts';
import { syntheticConfig, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { listMediaAdded, listMediaWhole, type MediaFolder, type RecordedMedia } from '../../site/builder/media-listing.ts';

// A delta build (the hourly workflow's) reads only the media folders whose signature changed
// since the last build listed them, and takes their new files; anything but an addition lists
// media/ whole, as every build did before.

const LATER = 60_000;

function recordOf(read: Map<string, MediaFolder>): RecordedMedia {
  return { sigs: new Map([...read].map(([f, m]) => [f, { sig: m.sig, dirs: m.dirs }])), files: (f) => read.get(f)?.files ?? [] };
}

/** `recorded` with the folders of `read` recorded over it, as ManifestStore.recordMedia records them. */
function merged(recorded: RecordedMedia, read: Map<string, MediaFolder>): RecordedMedia {
  const all = new Map<string, MediaFolder>([...recorded.sigs].map(([f, s]) => [f, { ...s, files: recorded.files(f) }]));
  for (const [f, m] of read) all.set(f, m);
  return recordOf(all);
}

function put(media: string, file: string): void {
  mkdirSync(join(media, file, '..'), { recursive: true });
  writeFileSync(join(media, file), file);
}

describe('listing media/ by what was added', () => {
  let media: string;
  let recorded: RecordedMedia;
  const now = () => Date.now() + LATER;

  beforeAll(() => {
    media = join(mkdtempSync(join(tmpdir(), 'media-listing-')), 'media');
    for (const f of ['2026/01-1/a-320.webp', '2026/01-1/a-640.webp', '2026/02-1/b-320.webp', 'icons/x.png']) put(media, f);
    const whole = listMediaWhole(media, null, now());
    expect(whole.files).toEqual(['2026/01-1/a-320.webp', '2026/01-1/a-640.webp', '2026/02-1/b-320.webp', 'icons/x.png']);
    expect([...whole.read.keys()].sort()).toEqual(['', '2026', '2026/01-1', '2026/02-1', 'icons']);
    recorded = recordOf(whole.read);
  });
  afterAll(() => rmSync(join(media, '..'), { recursive: true, force: true }));

  it('reads no folder when nothing changed', () => {
    const added = listMediaAdded(media, recorded, now());
    expect(added).toMatchObject({ files: [], complete: false });
    expect(added!.read.size).toBe(0);
  });

  it('finds a file added to a folder, and a folder added with its files', () => {
    put(media, '2026/02-1/c-320.webp');
    put(media, '2026/03-1/d-320.webp');
    const added = listMediaAdded(media, recorded, now())!;
    expect(added.files).toEqual(['2026/02-1/c-320.webp', '2026/03-1/d-320.webp']);
    expect([...added.read.keys()].sort()).toEqual(['2026', '2026/02-1', '2026/03-1']);
    recorded = merged(recorded, added.read);
    expect(listMediaAdded(media, recorded, now())!.files).toEqual([]);
  });

  it('reads again a folder recorded within the clock tick of a write', () => {
    put(media, '2026/03-1/e-320.webp');
    const dir = join(media, '2026/03-1');
    const tick = new Date(Math.floor(Date.now() / 1000) * 1000 - 5000); // a whole second, so that it can be set again exactly
    utimesSync(dir, tick, tick);
    const racy = listMediaAdded(media, recorded, tick.getTime() + 100)!;
    expect(racy.files).toEqual(['2026/03-1/e-320.webp']);
    expect(racy.read.get('2026/03-1')!.sig).toBe('');
    const again = merged(recorded, racy.read);
    // A file written in that same tick: the folder's time has not moved.
    put(media, '2026/03-1/f-320.webp');
    utimesSync(dir, tick, tick);
    expect(listMediaAdded(media, again, now())!.files).toEqual(['2026/03-1/f-320.webp']);
    recorded = merged(again, listMediaAdded(media, again, now())!.read);
  });

  it('asks for the whole listing when a file or a folder is gone', () => {
    rmSync(join(media, '2026/01-1/a-640.webp'));
    expect(listMediaAdded(media, recorded, now())).toBeNull();
    rmSync(join(media, 'icons'), { recursive: true });
    expect(listMediaAdded(media, recorded, now())).toBeNull();
    expect(listMediaAdded(media, { sigs: new Map(), files: () => [] }, now())).toBeNull();
  });
});

describe('a delta build after images were added and after one was taken away', () => {
  let parent: string;
  let first: BuildReport;
  let added: BuildReport;
  let dropped: BuildReport;
  let site: string;
  let cold: BuildReport;
  let copied = '';
  let addedList: string[] = [];
  const fileList = (report: BuildReport) => Object.keys((JSON.parse(readFileSync(join(report.dist, '.gleaner', 'files.json'), 'utf8')) as { files: Record<string, unknown> }).files);

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'media-delta-'));
    site = join(parent, 'site');
    const config = parseConfig(syntheticConfig({ topics: 1, pageSize: 5 }));
    await writeSyntheticSite(site, { articles: 12, topics: 1, pageSize: 5, seed: 4 });
    // Folders written long ago, as a run an hour later finds them.
    const old = new Date(Date.now() - 3_600_000);
    const age = (dir: string) => utimesSync(dir, old, old);
    age(join(site, 'media'));
    first = await buildSite({ root: site, config, quiet: true });

    rmSync(join(site, 'dist'), { recursive: true, force: true });
    mkdirSync(join(site, 'media', 'extra'), { recursive: true });
    writeFileSync(join(site, 'media', 'extra', 'added-1-320.webp'), 'one');
    writeFileSync(join(site, 'media', 'extra', 'added-2-320.webp'), 'two');
    added = await buildSite({ root: site, config, quiet: true });
    copied = readFileSync(join(added.dist, 'media', 'added-1-320.webp'), 'utf8');
    addedList = fileList(added);

    rmSync(join(site, 'dist'), { recursive: true, force: true });
    rmSync(join(site, 'media', 'extra', 'added-1-320.webp'));
    dropped = await buildSite({ root: site, config, quiet: true });

    const reference = join(parent, 'reference');
    for (const dir of ['content', 'media']) cpSync(join(site, dir), join(reference, dir), { recursive: true });
    cold = await buildSite({ root: reference, config, quiet: true });
  }, 600_000);
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('copies the added files alone and lists them with every other', () => {
    expect(added.mode).toBe('delta');
    expect(added.mediaFiles).toBe(first.mediaFiles + 2);
    expect(copied).toBe('one');
    expect(addedList).toEqual(expect.arrayContaining(['media/added-1-320.webp', 'media/added-2-320.webp']));
  });

  it('drops the file taken away, and ends with the file list a cold build of the same media makes', () => {
    expect(dropped.mode).toBe('delta');
    expect(dropped.mediaFiles).toBe(first.mediaFiles + 1);
    const media = (report: BuildReport) => fileList(report).filter((f) => f.startsWith('media/')).sort();
    expect(media(dropped)).not.toContain('media/added-1-320.webp');
    expect(media(dropped)).toEqual(media(cold));
  });
});

describe('a delta build reads media/ by its folders\' signatures', () => {
  let parent: string;
  const lists: string[][] = [];
  const counts: number[] = [];

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'media-signature-'));
    const site = join(parent, 'site');
    const media = join(site, 'media');
    const config = parseConfig(syntheticConfig({ topics: 1, pageSize: 5 }));
    await writeSyntheticSite(site, { articles: 8, topics: 1, pageSize: 5, seed: 6 });
    // A whole second an hour ago, so that the folder's time can be set back to it exactly.
    const tick = new Date(Math.floor((Date.now() - 3_600_000) / 1000) * 1000);
    const build = async () => {
      const report = await buildSite({ root: site, config, quiet: true });
      lists.push(Object.keys((JSON.parse(readFileSync(join(report.dist, '.gleaner', 'files.json'), 'utf8')) as { files: Record<string, unknown> }).files).filter((f) => f.startsWith('media/')));
      counts.push(report.mediaFiles);
      rmSync(join(site, 'dist'), { recursive: true, force: true }); // the next run's fresh checkout
    };
    utimesSync(media, tick, tick);
    await build();
    // A file slipped in with the folder's time set back: its signature is as recorded, so the build does not read it.
    writeFileSync(join(media, 'slipped-in-320.webp'), 'x');
    utimesSync(media, tick, tick);
    await build();
    // The folder's time moves (as any write moves it): read again, the file is found.
    const later = new Date(tick.getTime() + 1000);
    utimesSync(media, later, later);
    await build();
  }, 600_000);
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('skips a folder whose signature is as recorded, and reads it once the signature changes', () => {
    expect(lists[1]).toEqual(lists[0]);
    expect(lists[1]).not.toContain('media/slipped-in-320.webp');
    expect(counts[1]).toBe(counts[0]);
    expect(lists[2]).toContain('media/slipped-in-320.webp');
    expect(counts[2]).toBe(counts[0]! + 1);
  });
});
