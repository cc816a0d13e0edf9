import type { Loader, LoaderContext } from 'astro/loaders';
import { articleBodies } from './article-bodies.ts';

type DataStore = LoaderContext['store'];
type Logger = LoaderContext['logger'];

/** An article the build left out because its Markdown did not render. */
export interface SkippedArticle {
  id: string;
  reason: string;
}

/** Where skipped articles are reported: the build's parent process when there is one (scripts/build.ts), else stderr. */
export function reportSkipped(article: SkippedArticle): void {
  if (process.send) process.send({ type: 'gleaner:skipped-article', ...article });
  else console.error(`skipped ${article.id}: ${article.reason}`);
}

/**
 * Wraps a loader (Astro's glob loader) so each entry's rendered HTML goes to the process's
 * body map (see article-bodies.ts) and the data store keeps only the frontmatter. Everything
 * else (file discovery, frontmatter parsing, schema validation, Markdown rendering, digests)
 * stays Astro's. An entry whose Markdown fails to render (glob logs the error and stores it
 * without a body) is left out of the site and reported, so one bad article cannot stop the build.
 */
export function bodiesInMemory(inner: Loader, bodies: Map<string, string> = articleBodies(), report: (article: SkippedArticle) => void = reportSkipped): Loader {
  return {
    ...inner,
    name: `${inner.name}+bodies-in-memory`,
    async load(context) {
      // An entry kept from an earlier sync (a persisted store, as in `astro dev` after a restart)
      // has no body in this process: forgetting it makes the inner loader render it again.
      for (const id of context.store.keys()) if (!bodies.has(id)) context.store.delete(id);
      const errors = new Map<string, string>();
      await inner.load({ ...context, logger: renderErrorsTo(context.logger, errors), store: storeWithBodiesInMemory(context.store, bodies, errors, report) });
    },
  };
}

const RENDER_ERROR = /^Error rendering (.+?)(?:\.md)?: ([\s\S]*)$/;

/** Glob reports a failed render only to its logger ("Error rendering <entry>: <message>"): keep the message for the report. */
function renderErrorsTo(logger: Logger | undefined, errors: Map<string, string>): Logger {
  if (!logger) return logger as unknown as Logger;
  return new Proxy(logger, {
    get(target, property, receiver) {
      if (property === 'error') {
        return (message: string) => {
          const m = RENDER_ERROR.exec(message);
          if (m) errors.set(m[1], m[2]);
          else target.error(message);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function storeWithBodiesInMemory(store: DataStore, bodies: Map<string, string>, errors: Map<string, string>, report: (article: SkippedArticle) => void): DataStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'set') {
        return ((entry) => {
          if (!entry.rendered && !entry.deferredRender) {
            bodies.delete(entry.id);
            target.delete(entry.id);
            report({ id: entry.id, reason: errors.get(entry.id) ?? 'its Markdown did not render' });
            return false;
          }
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
