import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { serverBoundaries } from './eslint/server-boundaries.js';

/**
 * Import boundaries (DESIGN.md): the domain package is pure (no React, no Node, no server,
 * no database); the web app never imports server code (types only); in the web app a
 * feature never imports another feature — pages in app/routes compose them.
 */
const webFeaturesDir = path.resolve('apps/web/src/features');

const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(webFeaturesDir + path.sep)) return {};
    const ownFeature = path.relative(webFeaturesDir, file).split(path.sep)[0];
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (!source.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), source);
        if (!target.startsWith(webFeaturesDir + path.sep)) return;
        const targetFeature = path.relative(webFeaturesDir, target).split(path.sep)[0];
        if (targetFeature !== ownFeature) {
          context.report({
            node,
            message: `Feature "${ownFeature}" must not import feature "${targetFeature}"; compose them in app/routes.`,
          });
        }
      },
    };
  },
};

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
    plugins: { local: { rules: { 'feature-boundaries': featureBoundaries } } },
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
      'local/feature-boundaries': 'error',
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
