// JSON that keeps shared objects shared. A page's props name articles and stories that other
// pages name too (a story's members, related articles, a list's cards): written as plain JSON,
// each would be copied into every page that shows it, and read back as so many distinct objects,
// while templates compare them by identity (`story.lead === article`). Here each object that
// `isShared` picks is written once, in a table on the first line, and referred to as {"$ref": n}
// elsewhere (the table's own entries included); reading gives back one object per entry.

interface Ref {
  $ref: number;
}

function isRef(value: unknown): value is Ref {
  return typeof value === 'object' && value !== null && typeof (value as Ref).$ref === 'number' && Object.keys(value).length === 1;
}

/** Two lines: the table of shared objects, then `value`. */
export function encodeShared(value: unknown, isShared: (value: object) => boolean): string {
  const ids = new Map<object, number>();
  const table: object[] = [];
  const replacerFor = (own: unknown) =>
    function (this: Record<string, unknown>, key: string, v: unknown): unknown {
      // The value as its holder has it: `v` is what its toJSON made, a new object each time.
      const held = this[key];
      if (typeof held !== 'object' || held === null || held === own || !isShared(held)) return v;
      let n = ids.get(held);
      if (n === undefined) {
        n = table.length;
        ids.set(held, n);
        table.push(held);
      }
      return { $ref: n };
    };
  const body = JSON.stringify(value, replacerFor(undefined));
  const entries: string[] = [];
  // The table grows while its entries are written (a story names its members).
  for (let i = 0; i < table.length; i++) entries.push(JSON.stringify(table[i], replacerFor(table[i])));
  return `[${entries.join(',')}]\n${body}`;
}

export function decodeShared<T>(text: string): T {
  const cut = text.indexOf('\n');
  const table = JSON.parse(text.slice(0, cut)) as unknown[];
  const link = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (isRef(child)) record[key] = table[child.$ref];
      else link(child);
    }
  };
  for (const entry of table) link(entry);
  return JSON.parse(text.slice(cut + 1), (_key, v: unknown) => (isRef(v) ? table[v.$ref] : v)) as T;
}
