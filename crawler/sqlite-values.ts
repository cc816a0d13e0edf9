import type { SQLInputValue } from 'node:sqlite';

// How a JavaScript value is bound to SQLite, the way sql.js binds it, so a row written through
// node:sqlite is stored as sql.js would store it: a whole number in 32 bits is an INTEGER, any
// other number a REAL (node:sqlite binds every number as REAL), a boolean 1 or 0. The state's
// engines (crawler/store/engine-node.ts) and the site's download files both write this way.

export function boundAsSqlJs(value: unknown): SQLInputValue {
  if (typeof value === 'number') return value === (value | 0) ? BigInt(value) : value;
  if (typeof value === 'boolean') return value ? 1n : 0n;
  return value as SQLInputValue;
}
