import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns'
import { users } from '../users/tables'

/**
 * Every change made from the operations console: who (kept as text too, so the row outlives the
 * account), when, what and on which target. Rows are only ever inserted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
)
