// The web app's own lint rules (React, feature boundaries); the root config spreads this.
import fs from 'node:fs'
import path from 'node:path'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const files = ['apps/web/**/*.{ts,tsx}']

/** Every folder of src/features, read from disk so a new feature is walled off from the start. */
const features = fs
  .readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const networkMessage = 'Só src/lib fala com a rede: use apiRequest de src/lib/api-client.'

export default [
  {
    files,
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Features talk to the server only through src/lib, and never reach into each other.
    files: [
      'apps/web/src/features/**/*.{ts,tsx}',
      'apps/web/src/app/**/*.{ts,tsx}',
      'apps/web/src/ui/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: networkMessage },
        { name: 'WebSocket', message: networkMessage },
        { name: 'XMLHttpRequest', message: networkMessage },
        { name: 'EventSource', message: networkMessage },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: networkMessage },
        { object: 'globalThis', property: 'fetch', message: networkMessage },
        { object: 'window', property: 'WebSocket', message: networkMessage },
        { object: 'globalThis', property: 'WebSocket', message: networkMessage },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      // The barrel would build every domain's zod schemas on the login page's first load.
      'no-restricted-imports': [
        'error',
        {
          name: '@areia/contracts',
          message:
            'Importe o domínio pelo caminho (@areia/contracts/auth): o barril monta todos os schemas no primeiro carregamento.',
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          // Zones are relative to the repository, wherever ESLint is started from.
          basePath: path.join(import.meta.dirname, '../..'),
          zones: [
            ...features.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Uma feature não importa outra; componha-as em src/app.',
            })),
            {
              target: ['./apps/web/src/lib', './apps/web/src/ui'],
              from: ['./apps/web/src/app', './apps/web/src/features'],
              message: 'src/lib e src/ui são compartilhados: não dependem de app nem de features.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'O web fala com o servidor só pela API.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
]
