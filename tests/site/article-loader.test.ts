import type { Loader, LoaderContext } from 'astro/loaders';
import { describe, expect, it } from 'vitest';
import { articleBodies, articleBody } from '../../site/lib/article-bodies.ts';
import { bodiesInMemory } from '../../site/lib/article-loader.ts';

// The wrapper around Astro's glob loader that keeps rendered bodies out of the data store:
// tested with a Map-backed store and an inner loader that behaves like glob (skips entries it has).

type Entry = Parameters<LoaderContext['store']['set']>[0];

function memoryStore(): LoaderContext['store'] & { map: Map<string, Entry> } {
  const map = new Map<string, Entry>();
  return {
    map,
    get: (key) => map.get(key) as never,
    entries: () => [...map.entries()] as never,
    set: (entry) => (map.set(entry.id, entry), true),
    values: () => [...map.values()] as never,
    keys: () => [...map.keys()],
    delete: (key) => void map.delete(key),
    clear: () => map.clear(),
    has: (key) => map.has(key),
    addModuleImport: () => undefined,
  };
}

/** Renders every source it does not have yet, as glob does with unchanged digests. */
function fakeGlob(sources: Record<string, string>, rendered: string[]): Loader {
  return {
    name: 'fake-glob',
    async load({ store }) {
      for (const [id, html] of Object.entries(sources)) {
        if (store.has(id)) continue;
        rendered.push(id);
        store.set({ id, data: { id }, digest: id, rendered: { html } });
      }
      for (const id of store.keys()) if (!(id in sources)) store.delete(id);
    },
  };
}

/** The loaders under test use only the store; the rest of Astro's context is not needed. */
const only = (store: LoaderContext['store']) => ({ store }) as unknown as LoaderContext;

describe('bodiesInMemory', () => {
  it('keeps each rendered body in the body map and only the data in the store', async () => {
    const store = memoryStore();
    const bodies = new Map<string, string>();
    const rendered: string[] = [];
    await bodiesInMemory(fakeGlob({ 'science/a': '<p>A</p>', 'travel/b': '<p>B</p>' }, rendered), bodies).load(only(store));
    expect(rendered).toEqual(['science/a', 'travel/b']);
    expect(bodies.get('science/a')).toBe('<p>A</p>');
    expect(bodies.get('travel/b')).toBe('<p>B</p>');
    expect(store.map.get('science/a')?.rendered).toBeUndefined();
    expect(store.map.get('science/a')?.data).toEqual({ id: 'science/a' });
  });

  it('renders again the stored entries whose body this process does not have, and only those', async () => {
    const store = memoryStore();
    const sources = { 'science/a': '<p>A</p>', 'science/b': '<p>B</p>' };
    const bodies = new Map<string, string>();
    await bodiesInMemory(fakeGlob(sources, []), bodies).load(only(store));
    bodies.delete('science/b');
    const rendered: string[] = [];
    await bodiesInMemory(fakeGlob(sources, rendered), bodies).load(only(store));
    expect(rendered).toEqual(['science/b']);
    expect(bodies.get('science/b')).toBe('<p>B</p>');
  });

  it('forgets the body of an entry the inner loader deletes', async () => {
    const store = memoryStore();
    const bodies = new Map<string, string>();
    await bodiesInMemory(fakeGlob({ 'science/a': '<p>A</p>', 'science/b': '<p>B</p>' }, []), bodies).load(only(store));
    await bodiesInMemory(fakeGlob({ 'science/a': '<p>A</p>' }, []), bodies).load(only(store));
    expect(store.has('science/b')).toBe(false);
    expect(bodies.has('science/b')).toBe(false);
    expect(bodies.has('science/a')).toBe(true);
  });

  it('shares one process-wide map, which pages read bodies from', async () => {
    const store = memoryStore();
    await bodiesInMemory(fakeGlob({ 'test/shared-map': '<p>S</p>' }, [])).load(only(store));
    expect(articleBodies().get('test/shared-map')).toBe('<p>S</p>');
    expect(articleBody('test/shared-map')).toBe('<p>S</p>');
    expect(() => articleBody('test/never-loaded')).toThrow(/no rendered body for article test\/never-loaded/);
  });
});
