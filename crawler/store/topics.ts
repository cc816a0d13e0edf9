import type { Config } from '../config/index.ts';
import type { Database } from './database.ts';

export interface TopicRow { id: number; slug: string; name: string; description: string }

/** Every topic's id and slug (topics are never deleted). */
export function topicSlugsById(db: Database): Map<number, string> {
  return new Map(db.all<{ id: number; slug: string }>('SELECT id, slug FROM topics').map((t) => [t.id, t.slug]));
}

/** Makes the topics table match the config (topics are never deleted: their articles stay published). */
export function syncTopics(db: Database, config: Config): Map<string, TopicRow> {
  for (const topic of config.topics) {
    db.run(
      `INSERT INTO topics (slug, name, description) VALUES (?, ?, ?)
       ON CONFLICT (slug) DO UPDATE SET name = excluded.name, description = excluded.description
       WHERE name != excluded.name OR description != excluded.description`,
      [topic.slug, topic.name, topic.description],
    );
  }
  return new Map(db.all<TopicRow>('SELECT id, slug, name, description FROM topics').map((t) => [t.slug, t]));
}
