import { randomBytes } from 'node:crypto'
import pg from 'pg'

/**
 * Every worker of this run creates its database under one run prefix; the teardown drops them
 * all, since worker processes are ended without a chance to clean up after themselves.
 */
export default function setup() {
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) throw new Error('the server-pg project needs DATABASE_URL')
  const run = randomBytes(4).toString('hex')
  process.env.AREIA_TEST_RUN = run
  return async () => {
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`areia_test_${run}_%`],
    )
    for (const { datname } of rows)
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
    await admin.end()
  }
}
