import type { BundleRow } from '../lib/types.js';

/** The parts of Vite's .vite/manifest.json this report reads. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  bytes: number;
  gzip: number;
}

/** Manifest keys reachable through static imports (what loads together with `key`). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const k of manifest[key].imports ?? []) closure(manifest, k, seen);
  return seen;
}

function sumRow(manifest: Manifest, keys: Iterable<string>, sizeOf: (file: string) => FileSize, alreadyCss: Set<string>) {
  const row = { jsBytes: 0, jsGzip: 0, cssBytes: 0, cssGzip: 0, chunks: 0 };
  for (const k of keys) {
    const c = manifest[k];
    const js = sizeOf(c.file);
    row.jsBytes += js.bytes;
    row.jsGzip += js.gzip;
    row.chunks++;
    for (const css of c.css ?? []) {
      if (alreadyCss.has(css)) continue;
      const s = sizeOf(css);
      row.cssBytes += s.bytes;
      row.cssGzip += s.gzip;
    }
  }
  return row;
}

/**
 * Per-route bundle: the entry (what every page loads first) and, for each lazily loaded module, what it adds on top
 * of the entry. `routeOf` names the route a module serves; modules no route names are shared lazy chunks.
 */
export function bundleReport(
  manifest: Manifest,
  routeOf: ReadonlyMap<string, string>,
  sizeOf: (file: string) => FileSize,
): { entry: BundleRow | null; routes: BundleRow[] } {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) return { entry: null, routes: [] };
  const entryKeys = closure(manifest, entryKey);
  const entryCss = new Set([...entryKeys].flatMap((k) => manifest[k].css ?? []));
  const entry: BundleRow = {
    route: routeOf.get(entryKey) ?? 'entry (every page)',
    module: entryKey,
    ...sumRow(manifest, entryKeys, sizeOf, new Set()),
  };
  const routes = Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry)
    .map((k): BundleRow => {
      const own = [...closure(manifest, k)].filter((x) => !entryKeys.has(x));
      return { route: routeOf.get(k) ?? '(shared, loaded on demand)', module: k, ...sumRow(manifest, own, sizeOf, entryCss) };
    })
    .sort((a, b) => (a.route.startsWith('(') ? 1 : 0) - (b.route.startsWith('(') ? 1 : 0) || a.route.localeCompare(b.route));
  return { entry, routes };
}

/**
 * Which route each page module serves, read from the app's route table (`path: paths.x, ...import('@/pages/y')`)
 * and path constants (`x: '/route'`). A module this cannot place keeps its file name in the report.
 */
export function routesFromSource(routerSource: string, pathsSource: string): Map<string, string> {
  const pathOf = new Map([...pathsSource.matchAll(/^\s*(\w+):\s*'([^']+)'/gm)].map((m) => [m[1], m[2]]));
  const out = new Map<string, string>();
  for (const m of routerSource.matchAll(/path:\s*(?:paths\.(\w+)|'([^']+)')[^\n]*?import\(\s*'@\/pages\/([\w./-]+)'\s*\)/g)) {
    const route = m[1] ? pathOf.get(m[1]) : m[2];
    if (route) out.set(`src/pages/${m[3]}.tsx`, route);
  }
  // the eagerly imported page lives in the entry chunk
  const eager = /import\s*\{\s*Component as \w+\s*\}\s*from\s*'@\/pages\/([\w./-]+)'/.exec(routerSource);
  if (eager) {
    const key = [...routerSource.matchAll(/path:\s*paths\.(\w+),\s*Component:/g)][0]?.[1];
    const route = key ? pathOf.get(key) : undefined;
    if (route) out.set('index.html', `entry (every page; includes ${route})`);
  }
  return out;
}
