import { pathToFileURL } from 'node:url';
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { paths } from 'virtual:gleaner/config';
import { frontmatterSchema } from '../crawler/publish/frontmatter.ts';
import { bodiesInMemory } from './lib/article-loader.ts';

// YAML turns unquoted ISO timestamps into Dates; the frontmatter contract keeps them as strings.
function datesToStrings(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(datesToStrings);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, datesToStrings(v)]));
  }
  return value;
}

const articles = defineCollection({
  // Astro's glob loader, with the rendered bodies kept out of the data store (see lib/article-bodies.ts).
  loader: bodiesInMemory(
    glob({
      pattern: '*/*.md',
      base: pathToFileURL(`${paths.content}/`),
      // The id is exactly `<topic>/<slug>`, as frontmatter `related` refers to it.
      generateId: ({ entry }) => entry.replace(/\.md$/, ''),
      retainBody: false,
    }),
  ),
  schema: z.preprocess(datesToStrings, frontmatterSchema),
});

export const collections = { articles };
