// @ts-check
/**
 * ESLint for the whole monorepo (`npm run lint`). typescript-eslint's recommended rules (syntax only: no type
 * information, so a full run stays in seconds) plus the rules that keep the house's shape (../shared/guides/STYLE.md):
 * no web feature importing another, server lib/ and plugins/ never importing modules/, no import cycles, `import type`,
 * files under 300 lines. typescript-eslint parses with the TypeScript 6 API (`typescript` is aliased to
 * @typescript/typescript6 in package.json); `tsc` is TypeScript 7 (@typescript/native).
 */
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
const WEB_FEATURES = 'apps/web/src/features';

/** One zone per web feature: it may import from features/ only inside its own folder (compose in app/ instead). */
const featureZones = fs
  .readdirSync(path.join(ROOT, WEB_FEATURES), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map(({ name }) => ({
    target: `./${WEB_FEATURES}/${name}`,
    from: `./${WEB_FEATURES}`,
    except: [`./${name}`],
    message: `A web feature does not import another feature (${name} is the importer): move the shared piece to components/ or lib/, or compose in app/.`,
  }));

const TESTS = ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'apps/server/test/**/*.ts'];

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'dist-test-*/',
    'coverage/',
    'test-results/',
    'playwright-report/',
    'e2e/.artifacts/',
    'data/',
    '.reference/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'provisio/all',
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'apps/web/tsconfig.json', 'e2e/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports', disallowTypeAnnotations: true },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-non-null-assertion': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      // Runtime cycles only: import-x skips `import type` edges (scripts/check-cycles.mjs sees those too).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: ['./apps/server/src/lib', './apps/server/src/plugins'],
              from: './apps/server/src/modules',
              message: 'Server lib/ and plugins/ are below the modules: pass what they need in, or move it to lib/.',
            },
            {
              target: './packages/contract',
              from: './apps',
              message: 'The contract is shared by both apps and imports neither.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app talks to the server through the contract.',
            },
            { target: './apps/server', from: './apps/web', message: 'The server does not import the web app.' },
          ],
        },
      ],
    },
  },
  {
    name: 'provisio/web',
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    name: 'provisio/tests',
    files: TESTS,
    // Tests go through the real app and read top to bottom by scenario: twice the code's limit (once formatted, the
    // longest test today counts about 550 lines).
    rules: { 'max-lines': ['error', { max: 600, skipBlankLines: true, skipComments: true }] },
  },
  {
    name: 'provisio/catalogues',
    // The server's message catalogues are data, not code: one flat object of messages per language, which every
    // language must match key for key (a test checks it). Splitting them would only scatter one language's wording.
    files: ['packages/contract/src/catalogues/*.ts'],
    rules: { 'max-lines': ['error', { max: 600, skipBlankLines: true, skipComments: true }] },
  },
);
