import type { KnipConfig } from 'knip';

// Unused files, exports and dependencies (`npx knip`, in `npm run lint` and the lint stage of `npm test`).
// Entries are what a command, a build or a person starts; a file run by hand is an entry with the usage in its header.
const config: KnipConfig = {
  // An export read in its own file is a module's inside, not dead code; knip still reports those read nowhere.
  ignoreExportsUsedInFile: true,
  // Follow CSS imports (`@import 'tailwindcss'`, the fonts' `url('@fontsource-variable/…')`) as module imports.
  compilers: {
    css: (text: string) =>
      [...text.matchAll(/@import\s+['"]([^'"]+)['"]|url\(['"]?(@[^'")]+)['"]?\)/g)]
        .map(([, imported, url]) => `import '${imported ?? url}';`)
        .join('\n'),
  },
  workspaces: {
    '.': {
      entry: [
        // started by the Dockerfile and the release scripts (scripts/*.sh, not read by knip)
        'scripts/healthcheck.mjs',
        'scripts/release-pack.mjs',
        // run by hand: the product pictures and the public pages' screenshots (docs/design.md)
        'scripts/product-shots.mjs',
        'scripts/screens-public.mjs',
        // run by hand: measurements (bench/README.md, docs/operations/data.md, decisions 0096 and 0094)
        'bench/move-to-postgres-seed.ts',
        'bench/server/profile-summary.ts',
        'bench/web/a11y-scores.ts',
        'bench/web/first-visit.ts',
        'bench/**/*.test.ts',
        'scripts/**/*.test.ts',
        // run by hand: screenshots of the account and passkey screens (usage in each file's header)
        'e2e/support/accounts-screenshots.ts',
        'e2e/support/passkey-screenshots.ts',
      ],
      // the hook script's types: tsc reads a .d.mts beside its .mjs, no import names it
      ignore: ['scripts/git-hooks/*.d.mts'],
    },
    server: {
      // scripts/build-server.mjs bundles main.ts, the PGlite worker thread (db/pglite/worker.ts) and each of src/scripts/*.ts
      entry: ['src/main.ts', 'src/db/pglite/worker.ts', 'src/scripts/*.ts', 'src/**/*.test.ts', 'test/**/*.test.ts'],
      // the output `supabase gen types` wrote for a fixed schema, compared as text by typescript-types.test.ts
      ignore: ['src/**/typegen-fixture/**'],
    },
    'apps/web': {
      // build.mjs builds src/main.tsx (index.html) and src/entry-server.tsx, which prerender.mjs renders
      entry: ['src/entry-server.tsx', 'prerender.mjs', 'src/**/*.test.{ts,tsx}'],
      // with the stylesheets, which import Tailwind and the fonts
      project: ['src/**/*.{ts,tsx,css}', '*.{mjs,ts}'],
    },
    'packages/shared': {
      entry: ['src/**/*.test.ts'],
    },
  },
};

export default config;
