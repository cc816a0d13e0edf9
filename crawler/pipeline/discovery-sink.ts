import type { Config } from '../config/index.ts';
import type { FoundSink } from '../discover/index.ts';
import type { Database } from '../store/database.ts';
import { upsertPost } from '../store/posts.ts';
import { addDiscoveredSource, recordSourceRead } from '../store/sources.ts';
import type { UrlPolicy } from '../url/index.ts';
import { admitLinks } from './admit.ts';

/** Discovery's findings, kept in the state: links admitted to the URL queue, feeds as sources, posts, and each read on its source. */
export function discoverySink(db: Database, settings: { config: Config; policy: UrlPolicy; nowMs: () => number }): FoundSink {
  return {
    links: (source, links, maxNew) => admitLinks(db, settings, source, links, maxNew),
    feed: (parent, url) => addDiscoveredSource(db, parent, 'feed', url),
    post: (source, post) => upsertPost(db, source.id, post, new Date(settings.nowMs()).toISOString()),
    read: (source, result) => recordSourceRead(db, source, result),
  };
}
