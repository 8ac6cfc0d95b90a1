import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildWebIfStale } from './build-web'
import { CHROMIUM_PATH } from './paths'
import { markSeededAccountsOnboarded, registerSeededAccounts } from './seed'
import { startLocalOidcProvider } from '../../apps/server/src/dev/local-oidc-provider'
import { GOOGLE_TEST_ACCOUNTS } from './accounts'
import { freePort, startServer, type RunningServer } from './server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

let server: RunningServer | undefined
let oidc: Awaited<ReturnType<typeof startLocalOidcProvider>> | undefined
let dataDir: string | undefined

export async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium não encontrado em ${CHROMIUM_PATH}. Rode "node scripts/ensure-chromium.mjs" ` +
        `(como root) ou "apt-get install -y chromium", ou defina CHROMIUM_PATH.`,
    )
  }
  buildWebIfStale()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-e2e-'))

  // First run: accounts through the API. Then, server stopped, their onboarding marked done.
  const seeding = await startServer(dataDir)
  try {
    await registerSeededAccounts(seeding.url)
  } finally {
    await seeding.stop()
  }
  await markSeededAccountsOnboarded(dataDir)

  // A local OpenID provider stands in for Google; the app's origin is fixed first so the
  // provider knows the one callback it may send players back to.
  const port = await freePort()
  const callback = `http://127.0.0.1:${port}/login`
  oidc = await startLocalOidcProvider({
    clientId: 'areia-e2e',
    clientSecret: 'areia-e2e-secret',
    redirectUris: [callback],
    accounts: GOOGLE_TEST_ACCOUNTS,
  })
  server = await startServer(dataDir, {
    port,
    env: {
      // Videos identified in other journeys stay QUEUED, as those journeys check: the analysis
      // journey runs the pipeline on a server of its own (harness/analysis.ts).
      RUN_ANALYSIS: '0',
      GOOGLE_CLIENT_ID: 'areia-e2e',
      GOOGLE_CLIENT_SECRET: 'areia-e2e-secret',
      OIDC_ISSUER: oidc.issuer,
      OIDC_REDIRECT_URIS: callback,
    },
  })
  project.provide('baseURL', server.url)
}

export async function teardown() {
  await server?.stop()
  await oidc?.close()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
}
