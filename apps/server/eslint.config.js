// The server's own lint rules (module boundaries); the root config spreads this.
//
// A module keeps its SQL in its store files (`store.ts`, `*-store.ts`) and reaches another
// module only through what that module exports as a service or port, never through its store.
// Proved by apps/server/test/lint-boundaries.test.ts.

const modules = 'apps/server/src/modules'

/** `../videos/store` or `../auth/account-tokens-store` seen from inside another module. */
const otherModulesStore = {
  regex: '^\\.\\./[^/]+/([a-z-]+-)?store$',
  message:
    'Um módulo não usa o store de outro: receba o que precisa por uma porta (um serviço) ao ser criado.',
}

/**
 * The tables, from the index or a module's `tables.ts`; row types may still be shared
 * (`import type`).
 */
const tables = {
  regex: '(^|/)(db/schema|tables)$',
  allowTypeImports: true,
  message: 'Só os arquivos store de um módulo importam tabelas (db/schema ou tables).',
}

const restrict = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
})

// Existing code that breaks a rule, each file to be fixed and then removed from its list.
// Only shrink this list.
const tablesOutsideStores = [
  // Reads the plan and counts the day's messages for the chat allowance with its own SQL.
  `${modules}/billing/limits.ts`,
  // Reads the player's matches and where each analysis stands with its own SQL.
  `${modules}/analysis/facts.ts`,
]

export default [
  { files: [`${modules}/**/*.ts`], rules: restrict(otherModulesStore, tables) },
  {
    files: [`${modules}/**/store.ts`, `${modules}/**/*-store.ts`],
    rules: restrict(otherModulesStore),
  },
  // A module's tables point their foreign keys at the tables they hang from (users, videos).
  { files: [`${modules}/**/tables.ts`], rules: restrict(otherModulesStore) },
  { files: tablesOutsideStores, rules: restrict(otherModulesStore) },
]
