// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import { importX } from 'eslint-plugin-import-x'
import globals from 'globals'
import server from './apps/server/eslint.config.js'
import web from './apps/web/eslint.config.js'
import e2e from './e2e/eslint.config.js'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/.tmp/**',
      'coverage/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        (await import('eslint-import-resolver-typescript')).createTypeScriptImportResolver({
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      // Import direction: contracts know nothing of web or server; packages know nothing of apps;
      // the web app and the server never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          // Zones are relative to the repository, wherever ESLint is started from.
          basePath: import.meta.dirname,
          zones: [
            { target: './packages', from: './apps', message: 'Pacotes não importam apps.' },
            { target: './packages/contracts', from: './packages/coach' },
            { target: './packages/contracts', from: './packages/vision' },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'O web fala com o servidor só pela API.',
            },
            { target: './apps/server', from: './apps/web' },
            // Adapters know nothing of modules.
            { target: './apps/server/src/adapters', from: './apps/server/src/modules' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  ...server,
  ...web,
  ...e2e,
)
