import { readFileSync } from 'node:fs';

// Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by where the code
// lives (a package in node_modules, our own folders, Node internals, GC, idle).

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  totalMs: number;
  functions: Array<{ name: string; where: string; selfMs: number }>;
  areas: Array<{ area: string; selfMs: number }>;
}

/** Groups a script URL: "astro", "vite", "site/", "crawler/", "(gc)", "node:internal"… */
export function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  for (const dir of ['/site/', '/crawler/', '/commands/', '/deploy/', '/tools/', '/dist/.prerender/', '/.astro/']) {
    const at = url.indexOf(dir);
    if (at >= 0) return dir === '/dist/.prerender/' ? "prerender bundle (our pages, Astro's runtime)" : dir.slice(1);
  }
  return 'other';
}

export function summarizeCpuProfile(file: string, top = 25): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const functions = new Map<string, { name: string; where: string; selfMs: number }>();
  const areas = new Map<string, number>();
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const name = functionName || '(anonymous)';
    const short = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(site|crawler|commands|deploy|tools)\//, '$1/');
    const key = `${name}@${url}:${lineNumber}`;
    const entry = functions.get(key) ?? { name, where: url ? `${short}:${lineNumber + 1}` : '', selfMs: 0 };
    entry.selfMs += micros / 1000;
    functions.set(key, entry);
    const area = areaOf(url, name);
    areas.set(area, (areas.get(area) ?? 0) + micros / 1000);
  }
  return {
    totalMs: (profile.endTime - profile.startTime) / 1000,
    functions: [...functions.values()].sort((a, b) => b.selfMs - a.selfMs).slice(0, top),
    areas: [...areas].map(([area, selfMs]) => ({ area, selfMs })).sort((a, b) => b.selfMs - a.selfMs),
  };
}
