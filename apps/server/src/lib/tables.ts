import { pgTable, text } from 'drizzle-orm/pg-core'
import { bytea, createdAt } from '../db/columns'

/** Server-generated secrets (e.g. the JWT key when JWT_SECRET is unset), shared by every node. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: bytea('value').notNull(),
  createdAt: createdAt(),
})
