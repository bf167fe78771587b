import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// One zone per page folder, read from the tree so that a new page is covered the day it is added: a page folder
// never imports another one (shared parts live in src/ui and src/app). Files directly in src/routes (the route
// table) may import every page.
const pageFolders = readdirSync(new URL('./src/routes', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const pageZones = pageFolders.map((page) => ({
  target: `./src/routes/${page}`,
  from: pageFolders.filter((other) => other !== page).map((other) => `./src/routes/${other}`),
  message: 'A page folder imports no other page folder: move what both need to src/ui, src/app or src/domain.',
}));

const uiZone = {
  target: './src/ui',
  from: ['./src/routes', './src/app', './src/api'],
  message: 'The design kit imports no page, app or API code: it takes domain or its own types.',
};

// Each eslint-disable must say why after `--`, so that the next reader can judge whether it still holds.
const disableSaysWhy = {
  meta: { type: 'suggestion', schema: [], messages: { why: 'Say why after `--`: {{comment}}' } },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value.trim();
          if (/^eslint-disable(-next-line|-line)?\b/.test(text) && !/\s--\s*\S/.test(text)) {
            context.report({ loc: comment.loc, messageId: 'why', data: { comment: text } });
          }
        }
      },
    };
  },
};

const serverZone = (except) => ({
  target: './server',
  from: './src',
  except,
  message: 'The server takes only the shared domain (src/domain) from the app.',
});

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'reports/',
      'data/',
      'coverage/',
      'machines-export/',
      '.stryker-tmp/',
      'bench/.work/',
      'tests/e2e/.artifacts/',
      'src/api/generated.d.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, local: { rules: { 'disable-says-why': disableSaysWhy } } },
    settings: {
      // Without the TypeScript extensions the import rules would not follow .ts and .tsx files at all.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.server.json', 'tsconfig.browser-tools.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'local/disable-says-why': 'error',
      // `_name` marks a parameter or binding kept for its position (xstate's (context, params), Fastify's
      // (request, reply)); catch bindings are often named for the reader.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Every control character in our patterns is meant: ANSI colours stripped from a child's output, control
      // characters refused in file names and tokens.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/**'],
    languageOptions: { globals: globals.browser },
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // These two judge code for the React Compiler, which the app does not use; they flag its deliberate
      // patterns: the latest-value ref (ref.current = value during render) and state reset when the route changes.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['src/**', 'server/**'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...pageZones, uiZone] }] },
  },
  {
    files: ['src/machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@xstate/react', '@xstate/react/*'],
              message: 'Machines import no React: components reach them through @xstate/react in src/app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    ignores: ['server/lib/login-first-paint.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [serverZone(['./domain'])] }] },
  },
  {
    // The sign-in first paint renders the real login form with the design kit on the server.
    files: ['server/lib/login-first-paint.tsx'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [serverZone(['./domain', './ui', './routes/login/login-form.tsx'])] },
      ],
    },
  },
  prettier,
);
