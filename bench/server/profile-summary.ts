/**
 * Where a `--cpu-prof` profile's samples went, by owner (issue 16): `node --import tsx bench/server/profile-summary.ts
 * FILE.cpuprofile [--top N]`. Each sample goes to the nearest frame on its stack whose script names an owner: a
 * package in node_modules, a folder of server/src (rest, auth, db…), or node core (node:*); frames of no script
 * (GC, idle, program) are their own owners. Shares are of all samples and of the busy ones (not idle).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
}

function ownerOf(url: string, fn: string): string | undefined {
  if (!url) return fn.startsWith('(') ? fn : undefined;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const src = /server\/src\/([^/]+)(\/|\.ts)/.exec(url);
  if (src) return `server/${src[1]}`;
  if (url.startsWith('node:')) return 'node core';
  return url.replace(/^file:\/\//, '');
}

function summarise(p: Profile): Map<string, number> {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const owner = new Map<number, string>();
  const find = (id: number): string => {
    const known = owner.get(id);
    if (known) return known;
    const n = byId.get(id)!;
    const own = ownerOf(n.callFrame.url, n.callFrame.functionName);
    const up = parent.get(id);
    const result = own ?? (up === undefined ? '(no script)' : find(up));
    owner.set(id, result);
    return result;
  };
  const counts = new Map<string, number>();
  for (const s of p.samples) counts.set(find(s), (counts.get(find(s)) ?? 0) + 1);
  return counts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [--top N]');
  const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 15;
  const counts = summarise(JSON.parse(readFileSync(file, 'utf8')) as Profile);
  const all = [...counts.values()].reduce((a, b) => a + b, 0);
  const busy = all - (counts.get('(idle)') ?? 0);
  console.log(`${all} samples, ${busy} busy`);
  for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `${k.padEnd(28)} ${((100 * v) / all).toFixed(1).padStart(5)} %  ${k === '(idle)' ? '' : `${((100 * v) / busy).toFixed(1).padStart(5)} % of busy`}`,
    );
}
