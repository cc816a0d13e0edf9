import { readFileSync, readdirSync } from 'node:fs';

// Peak memory of a process tree: the build spawns children (Pagefind's binary, esbuild), so the
// RSS of one process says too little. Linux only: reads /proc/<pid>/status (VmRSS) for the
// process and every descendant found through /proc/<pid>/task/<tid>/children.

function children(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tasks) {
    try {
      for (const child of readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ')) if (child.trim()) out.push(Number(child));
    } catch {
      // The task ended while we looked.
    }
  }
  return out;
}

/** The pid and all its descendants, alive now. */
export function processTree(pid: number): number[] {
  const seen: number[] = [];
  const stack = [pid];
  while (stack.length) {
    const next = stack.pop()!;
    seen.push(next);
    stack.push(...children(next));
  }
  return seen;
}

/** Resident memory of one process in bytes (0 when it is gone). */
export function rssBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export function treeRssBytes(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + rssBytes(p), 0);
}

export interface TreeMemorySampler {
  /** Stops sampling; the highest sum seen, and the most processes seen at once. */
  stop(): { peakBytes: number; maxProcesses: number; samples: number };
}

/** Samples the tree's summed RSS every `intervalMs` (default 100 ms) until stopped. */
export function sampleTreeMemory(pid: number, intervalMs = 100): TreeMemorySampler {
  let peakBytes = 0;
  let maxProcesses = 0;
  let samples = 0;
  const sample = () => {
    const pids = processTree(pid);
    const sum = pids.reduce((s, p) => s + rssBytes(p), 0);
    samples++;
    if (sum > peakBytes) peakBytes = sum;
    if (pids.length > maxProcesses) maxProcesses = pids.length;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakBytes, maxProcesses, samples };
    },
  };
}
