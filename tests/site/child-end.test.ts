import { describe, expect, it } from 'vitest';
import { fatalEndHint } from '../../site/builder/child-process.ts';

// A build child that V8 or Node ended (a failed check, a fatal error) while Node's compile cache
// was on: the build's error says how to rule the cache out, since a bad entry would recur every run.

describe("a build child's fatal end", () => {
  const cache = { NODE_COMPILE_CACHE: '/site/node_modules/.cache/node-compile-cache' };

  it('names the compile cache and the switch that turns it off', () => {
    for (const signal of ['SIGTRAP', 'SIGILL', 'SIGABRT', 'SIGSEGV', 'SIGBUS'] as const) {
      const hint = fatalEndHint(signal, cache);
      expect(hint, signal).toContain('NODE_DISABLE_COMPILE_CACHE=1');
      expect(hint, signal).toContain(cache.NODE_COMPILE_CACHE);
    }
  });

  it('says nothing of it for an exit code, a kill, or with the cache off', () => {
    expect(fatalEndHint(null, cache)).toBe('');
    expect(fatalEndHint('SIGKILL', cache)).toBe('');
    expect(fatalEndHint('SIGTERM', cache)).toBe('');
    expect(fatalEndHint('SIGABRT', {})).toBe('');
    expect(fatalEndHint('SIGABRT', { ...cache, NODE_DISABLE_COMPILE_CACHE: '1' })).toBe('');
  });
});
