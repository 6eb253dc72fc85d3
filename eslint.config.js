import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const FEATURES = 'apps/web/src/features';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**', '.data/**'] },
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
      // Features do not reach into each other; pages compose them (ARCHITECTURE.md).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...[
              'auth', 'onboarding', 'voice', 'consent', 'session-timeout', 'landing', 'pricing', 'booking', 'site-chrome',
              'waitlist', 'analytics', 'plans', 'dashboard', 'connect-anything', 'admin', 'content', 'profile', 'contact', 'security', 'coach',
            ].map((f) => ({
              target: `./${FEATURES}/${f}`,
              from: `./${FEATURES}`,
              except: [`./${f}`],
              message: 'Features must not import each other; compose them in a page, or move the shared part to src/lib or src/app.',
            })),
            { target: `./${FEATURES}`, from: './apps/web/src/pages', message: 'Features must not import pages.' },
            { target: './apps/web/src', from: './server', message: 'The web app never imports server code.' },
          ],
        },
      ],
    },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })] },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './server', from: './apps/web', message: 'The server never imports web code.' },
            // app.ts is the composition root; http/ and errors/ are utilities under the services (docs/decisions/0042).
            ...['./server/src/http', './server/src/errors'].map((target) => ({
              target,
              from: ['./server/src/app.ts', './server/src/auth', './server/src/rest', './server/src/api', './server/src/functions', './server/src/coach'],
              message: 'http/ and errors/ are utilities the services use; they never import a service (mount it in app.ts).',
            })),
          ],
        },
      ],
    },
    // the .js specifiers of server imports name .ts files: without the TypeScript resolver no zone would match
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'server/tsconfig.json' })] },
  },
);
