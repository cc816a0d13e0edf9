import type { Loader, LoaderContext } from 'astro/loaders';
import { articleBodies } from './article-bodies.ts';

type DataStore = LoaderContext['store'];

/**
 * Wraps a loader (Astro's glob loader) so each entry's rendered HTML goes to the process's
 * body map (see article-bodies.ts) and the data store keeps only the frontmatter. Everything
 * else (file discovery, frontmatter parsing, schema validation, Markdown rendering, digests)
 * stays Astro's.
 */
export function bodiesInMemory(inner: Loader, bodies: Map<string, string> = articleBodies()): Loader {
  return {
    ...inner,
    name: `${inner.name}+bodies-in-memory`,
    async load(context) {
      // An entry kept from an earlier sync (a persisted store, as in `astro dev` after a restart)
      // has no body in this process: forgetting it makes the inner loader render it again.
      for (const id of context.store.keys()) if (!bodies.has(id)) context.store.delete(id);
      await inner.load({ ...context, store: storeWithBodiesInMemory(context.store, bodies) });
    },
  };
}

function storeWithBodiesInMemory(store: DataStore, bodies: Map<string, string>): DataStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'set') {
        return ((entry) => {
          if (entry.rendered) bodies.set(entry.id, entry.rendered.html);
          return target.set({ ...entry, rendered: undefined });
        }) satisfies DataStore['set'];
      }
      if (property === 'delete') {
        return ((key) => {
          bodies.delete(key);
          target.delete(key);
        }) satisfies DataStore['delete'];
      }
      if (property === 'clear') {
        return (() => {
          for (const key of target.keys()) bodies.delete(key);
          target.clear();
        }) satisfies DataStore['clear'];
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
