import type { FoundSink } from '../discover/index.ts';
import type { Database } from '../store/database.ts';
import { upsertPost } from '../store/posts.ts';
import { addDiscoveredSource, recordSourceRead } from '../store/sources.ts';
import { admitLinks, type AdmitSettings } from './admit.ts';

/** Discovery's findings, kept in the state: links admitted to the URL queue, feeds as sources, posts, and each read on its source. */
export function discoverySink(db: Database, settings: AdmitSettings): FoundSink {
  return {
    links: (source, links, maxNew) => admitLinks(db, settings, source, links, maxNew),
    feed: (parent, url) => addDiscoveredSource(db, parent, 'feed', url),
    post: (source, post) => upsertPost(db, source.id, post, new Date(settings.nowMs()).toISOString()),
    read: (source, result) => recordSourceRead(db, source, result),
  };
}
