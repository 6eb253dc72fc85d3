// The class merge cn() uses (apps/web/src/lib/utils.ts) is tailwind-merge with only the class groups apps/web/src
// uses: its default config is ~6 kB gzip of the entry every first visit loads (issue 15, decision 0092). This module
// finds those groups and writes them as TypeScript; apps/web/src/lib/class-merge.integration.test.ts proves the result merges
// every class the source holds as twMerge does, and fails while the committed file differs from a fresh one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTailwindMerge, getDefaultConfig, twMerge, validators } from 'tailwind-merge';

const WEB_SRC = path.resolve(import.meta.dirname, '../apps/web/src');
export const CLASS_MERGE_CONFIG_FILE = path.join(WEB_SRC, 'lib/class-merge-config.generated.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && p !== CLASS_MERGE_CONFIG_FILE ? [p] : [];
  });
}

/**
 * Every whitespace-separated word inside a string literal of apps/web/src: a superset of the classes (Tailwind
 * scans the same way; a class name is always written whole). Words that are no class are left alone by both merges.
 */
export function sourceClassTokens(): string[] {
  const tokens = new Set<string>();
  const literal = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
  for (const file of sourceFiles(WEB_SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(literal)) {
      for (const t of (m[1] ?? m[2] ?? m[3]).split(/\s+/)) if (t && t.length <= 120 && !t.includes('${')) tokens.add(t);
    }
  }
  return [...tokens].sort();
}

/** tailwind-merge recognises a class when it keeps one of two copies. */
export const recognises = (merge: (s: string) => string, token: string) => merge(`${token} ${token}`) === token;

/** tailwind-merge's config as data: its own types name every group, which a generator indexes by string. */
interface Config {
  cacheSize: number;
  theme: Record<string, unknown>;
  classGroups: Record<string, unknown>;
  conflictingClassGroups: Record<string, readonly string[]>;
  conflictingClassGroupModifiers: Record<string, readonly string[]>;
  postfixLookupClassGroups?: readonly string[];
  orderSensitiveModifiers: readonly string[];
}
const defaultConfig = () => getDefaultConfig() as unknown as Config;
const mergeWith = (config: Config) => createTailwindMerge(() => config as unknown as ReturnType<typeof getDefaultConfig>);

/** A validator's name in tailwind-merge's `validators`, or the theme key a fromTheme() getter reads. */
function describeFunction(f: (...a: never[]) => unknown): string {
  const name = Object.entries(validators).find(([, v]) => v === f)?.[0];
  if (name) return `v.${name}`;
  if ((f as { isThemeGetter?: boolean }).isThemeGetter) {
    let key = '';
    (f as unknown as (theme: object) => unknown)(new Proxy({}, { get: (_, k) => ((key = String(k)), []) }));
    return `t(${JSON.stringify(key)})`;
  }
  throw new Error(`tailwind-merge's config holds a function this generator does not know: ${String(f).slice(0, 80)}`);
}

function toSource(x: unknown, themeKeys: Set<string>): string {
  if (typeof x === 'function') {
    const s = describeFunction(x as () => unknown);
    if (s.startsWith('t(')) themeKeys.add(JSON.parse(s.slice(2, -1)) as string);
    return s;
  }
  if (Array.isArray(x)) return `[${x.map((e) => toSource(e, themeKeys)).join(', ')}]`;
  if (x && typeof x === 'object')
    return `{ ${Object.entries(x)
      .map(([k, v]) => `${JSON.stringify(k)}: ${toSource(v, themeKeys)}`)
      .join(', ')} }`;
  return JSON.stringify(x);
}

/** The class groups (in the default config's order) that recognise at least one of the tokens. */
export function usedClassGroups(tokens: readonly string[], config: Config = defaultConfig()): string[] {
  const only = (classGroups: Config['classGroups']) =>
    mergeWith({ ...config, classGroups, conflictingClassGroups: {}, conflictingClassGroupModifiers: {} });
  // Arbitrary properties ([mask-image:…]) are merged by their property, whatever the groups.
  const none = only({});
  const known = tokens.filter((t) => recognises(twMerge, t) && !recognises(none, t));
  return Object.keys(config.classGroups).filter((group) => {
    const alone = only({ [group]: config.classGroups[group] });
    return known.some((t) => recognises(alone, t));
  });
}

/** The TypeScript of apps/web/src/lib/class-merge-config.generated.ts for the source as it is now. */
export function generateClassMergeConfig(tokens: readonly string[] = sourceClassTokens()): string {
  const config = defaultConfig();
  const groups = usedClassGroups(tokens, config);
  const used = new Set(groups);
  const keep = (ids: readonly string[] | undefined) => (ids ?? []).filter((g) => used.has(g));
  const themeKeys = new Set<string>();
  const classGroups = groups.map((g) => `    ${JSON.stringify(g)}: ${toSource(config.classGroups[g], themeKeys)},`);
  const relation = (r: Record<string, readonly string[] | undefined>) =>
    groups
      .filter((g) => keep(r[g]).length)
      .map((g) => `    ${JSON.stringify(g)}: ${JSON.stringify(keep(r[g]))},`)
      .join('\n');
  // A theme value may itself read the theme: follow until no new key appears.
  const themeLines = new Map<string, string>();
  for (let before = -1; before !== themeKeys.size;) {
    before = themeKeys.size;
    for (const k of [...themeKeys].sort())
      if (!themeLines.has(k)) themeLines.set(k, `    ${JSON.stringify(k)}: ${toSource(config.theme[k], themeKeys)},`);
  }
  return `// Generated by \`npm run gen:class-merge\` (scripts/class-merge-config.ts): tailwind-merge's default config with only
// the ${groups.length} class groups apps/web/src uses, of ${Object.keys(config.classGroups).length}. Do not edit; regenerate after using a new kind of class
// (lib/class-merge.integration.test.ts fails until then). Decision 0092.
import { fromTheme as t, validators as v } from 'tailwind-merge';

export const classMergeConfig = {
  cacheSize: ${config.cacheSize},
  theme: {
${[...themeLines.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([, l]) => l)
  .join('\n')}
  },
  classGroups: {
${classGroups.join('\n')}
  },
  conflictingClassGroups: {
${relation(config.conflictingClassGroups)}
  },
  conflictingClassGroupModifiers: {
${relation(config.conflictingClassGroupModifiers)}
  },
  postfixLookupClassGroups: ${JSON.stringify(keep(config.postfixLookupClassGroups))},
  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
};
`;
}
