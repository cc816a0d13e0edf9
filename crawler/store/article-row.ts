import type { SqlValue } from 'sql.js';
import type { NormalizedUrl } from '../url/index.ts';
import { articleSchema, PLACEMENT_FIELDS, type ArticleFields, type ArticleRecord } from '../article/schema.ts';

// The one mapping between an article's fields (article/schema.ts) and its row in `articles`: each
// field's column is its name in snake_case, a few fields are kept as JSON text, tags have no column.

/** A field's column: its name in snake_case (urlId → url_id). */
type Column<F extends string> = F extends `${infer H}${infer T}` ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Column<T>}` : F;

export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Fields kept as JSON text in their column, with what a NULL column reads as. */
const JSON_FIELDS = { image: null, related: [], terms: [] } satisfies Partial<ArticleFields>;
type JsonField = keyof typeof JSON_FIELDS;

/** Fields with a column (tags are filed in article_tags). */
type ColumnField = Exclude<keyof ArticleFields, 'tags'>;

const COLUMN_FIELDS = (Object.keys(articleSchema.shape) as Array<keyof ArticleFields>).filter((field): field is ColumnField => field !== 'tags');

/** The columns insertArticle writes: every field of a stored article but its placement. */
export const RECORD_FIELDS = COLUMN_FIELDS.filter((field): field is ColumnField & keyof ArticleRecord => !PLACEMENT_FIELDS.has(field));

/** An article's row as the state returns it: each field under its column, JSON fields as text, addresses normalized. */
export type ArticleRow = {
  [F in ColumnField as Column<F>]: F extends JsonField ? string | null : F extends 'sourceUrl' | 'canonicalUrl' ? NormalizedUrl : ArticleFields[F];
};

/** A field's value as its column holds it. */
export function columnValue<F extends ColumnField>(field: F, value: ArticleFields[F]): SqlValue {
  if (!(field in JSON_FIELDS)) return value as SqlValue;
  return value == null ? null : JSON.stringify(value);
}

/** A row decoded into the article's fields; its tags are passed in (they live in article_tags). */
export function articleOfRow(row: ArticleRow, tags: string[]): ArticleFields {
  const columns = row as unknown as Record<string, SqlValue | undefined>;
  const fields = Object.fromEntries(
    COLUMN_FIELDS.map((field) => {
      const value = columns[columnOf(field)];
      if (!(field in JSON_FIELDS)) return [field, value ?? null];
      return [field, typeof value === 'string' && value ? JSON.parse(value) : JSON_FIELDS[field as JsonField]];
    }),
  );
  return { ...(fields as Omit<ArticleFields, 'tags'>), tags };
}
