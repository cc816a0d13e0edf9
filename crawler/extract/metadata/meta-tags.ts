// <meta> tags by name, property, itemprop or http-equiv (lower-cased keys; first value wins,
// except for keys that may repeat, whose values are all kept).

export interface MetaTags {
  get(...keys: string[]): string | null;
  all(key: string): string[];
}

export function readMetaTags(metas: Element[]): MetaTags {
  const values = new Map<string, string[]>();
  for (const meta of metas) {
    const content = meta.getAttribute('content') ?? meta.getAttribute('value');
    if (content == null) continue;
    const value = content.replace(/\s+/g, ' ').trim();
    if (!value) continue;
    for (const attr of ['property', 'name', 'itemprop', 'http-equiv']) {
      const raw = meta.getAttribute(attr);
      if (!raw) continue;
      // property="og:title twitter:title" is allowed by RDFa.
      for (const key of raw.toLowerCase().split(/\s+/)) {
        if (!key) continue;
        const list = values.get(key);
        if (list) list.push(value);
        else values.set(key, [value]);
      }
    }
  }
  return {
    get(...keys) {
      for (const key of keys) {
        const list = values.get(key);
        if (list) return list[0];
      }
      return null;
    },
    all(key) {
      return values.get(key) ?? [];
    },
  };
}
