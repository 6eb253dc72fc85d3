import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const WEB = './apps/web/src';
const FEATURES = `${WEB}/features`;
// Read at config load, so a new feature folder is guarded the moment it exists (docs/decisions/0041).
const featureFolders = readdirSync(new URL(FEATURES, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const SONNER_ONLY_THROUGH_TOAST = {
  name: 'sonner',
  importNames: ['toast', 'Toaster'],
  message: "Use toast from '@/lib/toast' (sonner loads on demand).",
};
const PUBLIC_READS_ONLY_IN_CATALOGUE = {
  group: ['**/public-rest', '**/use-public-read'],
  message:
    'publicRest() and usePublicRead() are the first-visit catalogue reads only (docs/decisions/0204); read with supabase() and TanStack Query.',
};

const SERVER = './server/src';
// The leaf modules under every layer of the server: db/ may import these and nothing else outside db/.
const DB_MAY_IMPORT = ['./config.ts', './log.ts', './paths.ts', './metrics.ts', './data-dir-lock.ts'];
// auth/ is the /auth/v1 service; every other module reaches accounts (users, sessions, JWTs, factors) through the
// one in-process facade accounts/ (docs/decisions/0200). app.ts mounts the service, so it may import auth/index.ts.
const outsideAuth = readdirSync(new URL(SERVER, import.meta.url), { withFileTypes: true })
  .map((d) => d.name)
  .filter((name) => !['auth', 'accounts', 'app.ts'].includes(name))
  .map((name) => `${SERVER}/${name}`);
// Every folder of server/src is a service but the utilities under them, read at config load like the web's features.
const UTILITY_FOLDERS = new Set(['http', 'errors', 'db', 'site']);
const serviceFolders = readdirSync(new URL(SERVER, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !UTILITY_FOLDERS.has(d.name))
  .map((d) => d.name);

const serverZones = [
  { target: './server', from: './apps/web', message: 'The server never imports web code.' },
  // app.ts is the composition root; http/ and errors/ are utilities under the services (docs/decisions/0042).
  ...[`${SERVER}/http`, `${SERVER}/errors`].map((target) => ({
    target,
    from: [`${SERVER}/app.ts`, ...serviceFolders.map((f) => `${SERVER}/${f}`)],
    message: 'http/ and errors/ are utilities the services use; they never import a service (mount it in app.ts).',
  })),
  {
    target: [...outsideAuth, './bench', './scripts', './e2e'],
    from: `${SERVER}/auth`,
    message: 'Reach accounts through server/src/accounts (the in-process facade), not auth/ internals.',
  },
  { target: `${SERVER}/app.ts`, from: `${SERVER}/auth`, except: ['./index.ts'], message: 'app.ts mounts auth/index.ts only.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**', '.data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // One-way layers (docs/decisions/0041): app → pages → features → lib, components. Nothing imports upward,
      // features do not import each other, and no module cycle exists.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureFolders.map((f) => ({
              target: `${FEATURES}/${f}`,
              from: FEATURES,
              except: [`./${f}`],
              message: 'Features must not import each other; compose them in a page, or move the shared part to src/lib or src/components.',
            })),
            {
              target: FEATURES,
              from: [`${WEB}/app`, `${WEB}/pages`],
              message: 'Features must not import app/ or pages/; shared contexts live in src/lib.',
            },
            {
              target: [`${WEB}/lib`, `${WEB}/components`],
              from: [FEATURES, `${WEB}/app`, `${WEB}/pages`],
              message: 'src/lib and src/components are the low shared layer: they import no feature, page or app module.',
            },
            {
              target: `${WEB}/pages`,
              from: `${WEB}/app`,
              message: 'Pages must not import app/ (app/ is the composition root above them).',
            },
            { target: WEB, from: './server', message: 'The web app never imports server code.' },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Issue 15: sonner loads only when a toast is shown; toasts go through src/lib/toast (decision 0055). The
      // first-visit public reads stay in the catalogue's files (decision 0204).
      'no-restricted-imports': ['error', { paths: [SONNER_ONLY_THROUGH_TOAST], patterns: [PUBLIC_READS_ONLY_IN_CATALOGUE] }],
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
      // no-cycle follows only files import-x parses: without these, every .ts/.tsx module is skipped and no cycle is seen.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
  },
  {
    // the catalogue's first-visit reads and its size: the one place publicRest() and usePublicRead() are used
    files: ['apps/web/src/features/connect-anything/api/**', 'apps/web/src/lib/catalogue-size.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [SONNER_ONLY_THROUGH_TOAST] }] },
  },
  {
    // the two places that may touch sonner itself, and tests
    files: ['apps/web/src/lib/toast.ts', 'apps/web/src/app/page-toaster.tsx', 'apps/web/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Every TypeScript file outside the web app: no module cycle (issue 46; the web block above has its own).
    files: ['server/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'packages/**/*.ts', 'scripts/**/*.ts', '*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
    settings: {
      // the .js specifiers of these imports name .ts files: without the TypeScript resolver no zone would match and
      // no-cycle would follow nothing (docs/decisions/0200)
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['server/tsconfig.json', 'tsconfig.tools.json'], noWarnOnMultipleProjects: true }),
      ],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
  },
  {
    // One module reads the Authorization header (docs/decisions/0200): a second bearer parser is a lint error.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/http/bearer.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(header|get)$/][arguments.0.value=/^authorization$/i]',
          message: 'Read Authorization through server/src/http/bearer.ts (readAuthorization, authorizationHeader).',
        },
      ],
    },
  },
  {
    // db/ is the bottom layer: it imports only itself and the leaf modules below every service (docs/decisions/0200).
    files: ['server/src/db/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverZones,
            {
              target: './server/src/db',
              from: './server/src',
              except: ['./db', ...DB_MAY_IMPORT],
              message: `db/ imports no service: only db/ and ${DB_MAY_IMPORT.join(', ')}.`,
            },
          ],
        },
      ],
    },
  },
);
