import type { z } from 'zod';

// A JSON document's fields as a table for readers, read from its zod schema (each field's
// `.describe()`), so the page that documents a format and the code that writes it cannot disagree.

export interface FieldRow {
  /** Its path: "articles[].story.id". */
  field: string;
  type: string;
  about: string;
}

type Node = z.ZodType & { description?: string };

function typeName(schema: Node): string {
  switch (schema.type) {
    case 'nullable':
      return `${typeName((schema as unknown as z.ZodNullable<Node>).unwrap() as Node)} or null`;
    case 'literal':
      return JSON.stringify((schema as unknown as z.ZodLiteral).value);
    case 'array':
      return 'list';
    case 'string': {
      const format = (schema as unknown as { format?: string | null }).format;
      return format === 'url' ? 'URL' : format === 'datetime' ? 'time' : 'text';
    }
    case 'number':
      return (schema as unknown as { isInt?: boolean }).isInt ? 'integer' : 'number';
    default:
      return schema.type;
  }
}

/** The object or list a field holds, to walk into: its own fields are rows after it. */
function inner(schema: Node): { node: Node; path: string } | null {
  if (schema.type === 'nullable') return inner((schema as unknown as z.ZodNullable<Node>).unwrap() as Node);
  if (schema.type === 'array') return { node: (schema as unknown as z.ZodArray<Node>).element, path: '[]' };
  if (schema.type === 'object') return { node: schema, path: '' };
  return null;
}

/** Every field of an object schema, depth first, in the schema's order. */
export function schemaFields(schema: z.ZodObject, prefix = ''): FieldRow[] {
  const rows: FieldRow[] = [];
  for (const [key, value] of Object.entries(schema.shape) as Array<[string, Node]>) {
    const field = `${prefix}${key}`;
    rows.push({ field, type: typeName(value), about: value.description ?? '' });
    const nested = inner(value);
    if (nested?.node.type === 'object') rows.push(...schemaFields(nested.node as unknown as z.ZodObject, `${field}${nested.path}.`));
  }
  return rows;
}
