import fs from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const BOUNDARY_RULES = new Set([
  '@typescript-eslint/no-restricted-imports',
  'import-x/no-restricted-paths',
])

// The repository's own config, with only the boundary rules run: they need no type information,
// so the fixtures can be linted at paths where no file exists.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
})

/** The boundary errors of a fixture linted as if it were the file at `asPath`. */
async function lintAs(fixture: string, asPath: string) {
  const code = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/lint', fixture), 'utf8')
  const [result] = await eslint.lintText(code, { filePath: path.join(root, asPath) })
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, line: m.line, fatal: m.fatal }))
}

const inCoaching = 'apps/server/src/modules/coaching/example.ts'

describe('server module boundaries', () => {
  it("fails a module that imports another module's store", async () => {
    expect(await lintAs('other-modules-store.txt', inCoaching)).toEqual([
      { rule: '@typescript-eslint/no-restricted-imports', line: 1, fatal: undefined },
    ])
    expect(await lintAs('other-modules-secondary-store.txt', inCoaching)).toEqual([
      { rule: '@typescript-eslint/no-restricted-imports', line: 1, fatal: undefined },
    ])
  })

  it("fails a module's store that imports another module's store", async () => {
    expect(
      await lintAs('other-modules-store.txt', 'apps/server/src/modules/coaching/store.ts'),
    ).toHaveLength(1)
  })

  it('fails tables imported outside the store files, and lets the store import them', async () => {
    expect(await lintAs('tables-in-service.txt', inCoaching)).toEqual([
      { rule: '@typescript-eslint/no-restricted-imports', line: 1, fatal: undefined },
    ])
    expect(await lintAs('module-tables-in-service.txt', inCoaching)).toEqual([
      { rule: '@typescript-eslint/no-restricted-imports', line: 1, fatal: undefined },
    ])
    expect(
      await lintAs('store-with-tables.txt', 'apps/server/src/modules/coaching/store.ts'),
    ).toEqual([])
    expect(
      await lintAs('store-with-tables.txt', 'apps/server/src/modules/auth/account-tokens-store.ts'),
    ).toEqual([])
  })

  it("passes another module's service, the module's own store and row types", async () => {
    expect(await lintAs('clean-service.txt', inCoaching)).toEqual([])
  })
})

describe('web feature boundaries', () => {
  it('fails a feature that imports another feature, including the newer ones', async () => {
    expect(
      await lintAs('feature-into-feature.txt', 'apps/web/src/features/analyst/example.tsx'),
    ).toEqual([{ rule: 'import-x/no-restricted-paths', line: 1, fatal: undefined }])
  })

  it("passes a feature's own files", async () => {
    expect(
      await lintAs('feature-own-files.txt', 'apps/web/src/features/analyst/example.tsx'),
    ).toEqual([])
  })
})
