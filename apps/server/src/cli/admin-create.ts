/**
 * `npm run admin:create -- --email x@y --password ...`: creates the first admin, or promotes an
 * existing account. Safe to run again. Uses the same configuration as the server (DATA_DIR for
 * the embedded database, DATABASE_URL for PostgreSQL).
 */
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { Email, Password } from '@areia/contracts'
import { eq } from 'drizzle-orm'
import type { Db } from '../adapters/db'
import { bootstrap } from '../bootstrap'
import { auditLog, profiles, users } from '../db/schema'
import { PasswordHasher } from '../modules/auth/passwords'

export type AdminCreateOutcome = 'created' | 'promoted' | 'already-admin'

export class CliError extends Error {}

const firstIssue = (issues: { message: string }[]) => issues[0]?.message ?? 'Valor inválido.'

/** Validates the arguments; every message is the operator's to read, in pt-BR. */
export function parseAdminArgs(argv: string[]): { email: string; password: string | undefined } {
  let values: { email?: string; password?: string }
  try {
    values = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' } },
      strict: true,
    }).values
  } catch (err) {
    throw new CliError(`Argumentos inválidos: ${(err as Error).message}`)
  }
  if (!values.email) {
    throw new CliError(
      'Informe o e-mail: npm run admin:create -- --email voce@exemplo.com --password <senha>',
    )
  }
  const email = Email.safeParse(values.email)
  if (!email.success) throw new CliError(firstIssue(email.error.issues))
  if (values.password === undefined) return { email: email.data, password: undefined }
  const password = Password.safeParse(values.password)
  if (!password.success) throw new CliError(firstIssue(password.error.issues))
  return { email: email.data, password: password.data }
}

/**
 * A new account needs a password; an existing one is promoted and keeps its password, so running
 * the command twice (or on someone who signed up with Google) never locks anyone out.
 */
export async function createAdmin(
  db: Db,
  hasher: PasswordHasher,
  args: { email: string; password: string | undefined },
): Promise<AdminCreateOutcome> {
  const [existing] = await db.select().from(users).where(eq(users.email, args.email))
  if (existing?.role === 'ADMIN') return 'already-admin'
  if (!existing && !args.password) {
    throw new CliError('Conta nova: informe também a senha com --password <senha>.')
  }
  const hash = existing ? null : await hasher.hash(args.password ?? '')
  return db.transaction(async (tx) => {
    let id: string
    if (existing) {
      await tx
        .update(users)
        .set({ role: 'ADMIN', updatedAt: new Date() })
        .where(eq(users.id, existing.id))
      id = existing.id
    } else {
      const [row] = await tx
        .insert(users)
        .values({ email: args.email, passwordHash: hash, role: 'ADMIN' })
        .returning()
      if (!row) throw new Error('insert into users returned nothing')
      await tx.insert(profiles).values({ userId: row.id })
      id = row.id
    }
    await tx.insert(auditLog).values({
      actorId: null,
      actorEmail: 'npm run admin:create',
      action: existing ? 'player.role' : 'admin.create',
      targetType: 'user',
      targetId: id,
      details: existing
        ? { email: args.email, from: existing.role, to: 'ADMIN' }
        : { email: args.email },
    })
    return existing ? 'promoted' : 'created'
  })
}

const MESSAGES: Record<AdminCreateOutcome, (email: string) => string> = {
  created: (email) => `Administrador ${email} criado. Entre com este e-mail e abra /admin.`,
  promoted: (email) =>
    `A conta ${email} agora é administradora (a senha não foi alterada). Entre e abra /admin.`,
  'already-admin': (email) => `A conta ${email} já é administradora. Nada foi alterado.`,
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseAdminArgs>
  try {
    args = parseAdminArgs(process.argv.slice(2))
  } catch (err) {
    console.error(err instanceof CliError ? err.message : err)
    process.exit(1)
  }
  let opened: Awaited<ReturnType<typeof bootstrap>>
  try {
    opened = await bootstrap()
  } catch (err) {
    console.error(
      'Não foi possível abrir o banco de dados. No modo embutido, pare o servidor antes (o banco aceita um processo por vez).',
    )
    console.error((err as Error).message)
    process.exit(1)
  }
  const { config, database } = opened
  try {
    const outcome = await createAdmin(database.db, new PasswordHasher(config.auth.argon2), args)
    console.log(MESSAGES[outcome](args.email))
  } catch (err) {
    console.error(err instanceof CliError ? err.message : err)
    process.exitCode = 1
  } finally {
    await database.close()
  }
}

// Imported by tests for its functions; run as a command only when it is the entry point.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
