import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { serverBoundaries } from './eslint/server-boundaries.js';

/**
 * Import boundaries (docs/decisions/0025-architecture-and-workspaces.md): the domain package is pure (no React, no
 * Node, no server, no database); the web app never imports server code (types only). The web app's own one-way zones
 * are in their block below.
 */

// ---- Web app (apps/web): rules of hooks, one-way import zones, no cycles ----------------------
// Pages in src/app compose features; a feature never imports another feature nor the app; shared
// code (src/lib, src/components) imports neither features nor the app. Each feature folder is a
// zone of its own, read from disk, so a new feature is fenced in without touching this file.
const web = 'apps/web/src';
const webFeatures = readdirSync(`${import.meta.dirname}/${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./${web}/features/${feature}`,
    from: `./${web}/features`,
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: compose them in src/app, or move what they share to src/lib or src/components.',
  })),
  {
    target: `./${web}/features`,
    from: `./${web}/app`,
    message: 'A feature never imports the app: the page passes what the feature needs.',
  },
  {
    target: [`./${web}/lib`, `./${web}/components`],
    from: [`./${web}/features`, `./${web}/app`],
    message: 'Shared code never imports a feature or the app.',
  },
];

const webConfig = [
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript parser for the modules an import leads to (no-cycle follows them).
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
// ---- end of the web app's block ------------------------------------------------------------

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.tools/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto'], message: 'The domain package is pure: no Node APIs.' },
            { group: ['react', 'react-*', '@tanstack/*'], message: 'The domain package is pure: no React.' },
            {
              group: ['fastify*', '@fastify/*', 'pg', 'drizzle-orm*'],
              message: 'The domain package is pure: no server or database code.',
            },
            {
              group: ['@invoicer/server*', '@invoicer/web*', '**/apps/**'],
              message: 'The domain package imports neither app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@invoicer/server*', '**/server/src/**', '**/apps/server/**'],
              message: 'The web app may import server code with "import type" only.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  ...webConfig,

  // ---- Server and domain (kept apart from the web blocks above) ----------------------------------
  {
    // Floors of apps/server/src: features never import each other, nothing imports upwards
    // (eslint/server-boundaries.js says which floor is where).
    files: ['apps/server/**/*.ts'],
    plugins: { server: { rules: { boundaries: serverBoundaries } } },
    rules: { 'server/boundaries': 'error' },
  },
  {
    // No import cycles in the server or the domain: a cycle makes module order (and so what is
    // initialised when) depend on which file is loaded first.
    files: ['apps/server/**/*.ts', 'packages/domain/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
);
