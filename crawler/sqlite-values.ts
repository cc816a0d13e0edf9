import type { SQLInputValue } from 'node:sqlite';

// A value bound through node:sqlite the way sql.js binds it, so a row written by either is stored
// the same: a whole number in 32 bits is an INTEGER, any other number a REAL (node:sqlite binds
// every number as REAL), a boolean 1 or 0; undefined is refused by both.

export function sqlJsBinding(value: unknown): SQLInputValue {
  if (typeof value === 'number') return value === (value | 0) ? BigInt(value) : value;
  if (typeof value === 'boolean') return value ? 1n : 0n;
  return value as SQLInputValue;
}
