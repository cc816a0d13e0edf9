import { readFileSync } from 'node:fs';

export interface Payload {
  name: string;
  html: string;
}

export function loadPayloads(): Payload[] {
  const text = readFileSync(new URL('./fixtures/xss.txt', import.meta.url), 'utf8');
  return text
    .split(/^#### /m)
    .slice(1)
    .map((chunk) => {
      const newline = chunk.indexOf('\n');
      return { name: chunk.slice(0, newline).trim(), html: chunk.slice(newline + 1).replace(/\n$/, '') };
    });
}
