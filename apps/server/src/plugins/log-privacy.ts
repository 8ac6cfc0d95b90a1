// Pino's own option types, as Fastify re-exports them: the app reaches pino only through Fastify.
import type { PinoLoggerOptions as LoggerOptions } from 'fastify/types/logger'

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g

/** `joana@exemplo.com` → `j***@exemplo.com`: enough to tell cases apart, not to write to them. */
export function maskEmails(text: string): string {
  return text.includes('@') ? text.replace(EMAIL, '$1***@$2') : text
}

const MAX_DEPTH = 6

function maskValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskEmails(value)
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value
  if (value instanceof Error) return value
  if (Array.isArray(value)) return value.map((v) => maskValue(v, depth + 1))
  if (Object.getPrototypeOf(value) !== Object.prototype) return value
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) out[key] = maskValue(v, depth + 1)
  return out
}

/** Fields of driver errors that name the table and constraint, not the values involved. */
const SAFE_ERROR_FIELDS = [
  'code',
  'severity',
  'table',
  'column',
  'constraint',
  'routine',
  'statusCode',
  'kind',
]

/**
 * An error as a log line without what the query carried: Drizzle puts every parameter (a
 * player's id, the text of a message) in its message, and PostgreSQL's `detail` repeats the
 * failing values; only the SQL text, the codes and the names of what failed are kept.
 */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: maskEmails(String(err)) }
  const fields = err as Error & Record<string, unknown>
  const isQuery = typeof fields.query === 'string' && 'params' in fields
  // PostgreSQL quotes the offending value in some messages (invalid input syntax for …: "x").
  const fromServer = typeof fields.severity === 'string' && typeof fields.code === 'string'
  const message = isQuery
    ? `Failed query: ${String(fields.query)}`
    : fromServer
      ? err.message.replace(/"[^"]*"/g, '"…"')
      : maskEmails(err.message)
  const frames = err.stack?.indexOf('\n    at ') ?? -1
  const out: Record<string, unknown> = {
    type: err.name,
    message,
    stack: `${err.name}: ${message}${frames >= 0 ? err.stack!.slice(frames) : ''}`,
  }
  for (const key of SAFE_ERROR_FIELDS) {
    if (fields[key] !== undefined) out[key] = maskValue(fields[key])
  }
  if (err.cause !== undefined && depth < 4) out.cause = serializeError(err.cause, depth + 1)
  return out
}

/**
 * Pino options every logger of the app uses: e-mail addresses masked wherever they appear in
 * a line, and errors serialised without query parameters.
 */
export const privateLogging: Pick<LoggerOptions, 'serializers' | 'formatters' | 'hooks'> = {
  serializers: { err: serializeError, error: serializeError },
  formatters: { log: (object) => maskValue(object) as Record<string, unknown> },
  hooks: {
    logMethod(args, method) {
      const masked = args.map((a: unknown) => (typeof a === 'string' ? maskEmails(a) : a))
      method.apply(this, masked as Parameters<typeof method>)
    },
  },
}
