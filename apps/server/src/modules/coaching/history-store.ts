import {
  ARCHETYPE_LABEL,
  type Archetype,
  archetypeLabel,
  PARTNER_CATEGORY_LABEL,
} from '@areia/contracts'
import { and, asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type Db, preparedPerDatabase } from '../../adapters/db'
import { chatMessages, coaches, partnerAgents } from '../../db/schema'
import { partnerSender } from './frames'

/**
 * A page of the chat history written by the database itself, as the JSON text the API answers:
 * one keyset read on (user_id, id) in either direction, each row turned into its wire item by
 * `json_build_object`, the page by `json_agg`. Reading a long conversation then costs the server
 * one string instead of a row object, a Date and a label per message, which on the embedded
 * database (the same thread as every request) is most of a history request's time.
 *
 * The item is the one `toHistoryItem` makes from a stored message; the labels come from the same
 * tables of the contracts, written into the statement as constants.
 */

const m = alias(chatMessages, 'm')
const c = alias(coaches, 'c')
const p = alias(partnerAgents, 'p')

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

/** `archetypeLabel` of every archetype, for a coach whose persona is `ela` or not. */
const archetypeCase = sql.raw(
  `CASE ${(Object.keys(ARCHETYPE_LABEL) as Archetype[])
    .map(
      (a) =>
        `WHEN c.archetype = ${literal(a)} THEN CASE WHEN c.persona->'persona'->>'pronoun' = 'ela' ` +
        `THEN ${literal(archetypeLabel(a, 'ela'))} ELSE ${literal(archetypeLabel(a))} END`,
    )
    .join(' ')} END`,
)

/** A partner's category label; a category the contracts do not know is shown as stored. */
const categoryCase = sql.raw(
  `CASE p.category ${Object.entries(PARTNER_CATEGORY_LABEL)
    .map(([category, label]) => `WHEN ${literal(category)} THEN ${literal(label)}`)
    .join(' ')} ELSE p.category END`,
)

const partnerPrefix = partnerSender('')

/** The keys and values of one message as `ChatHistoryItem`. */
const fields = sql`
  'id', m.id,
  'content', m.content,
  'sender_type', m.sender_type,
  'coach_id', CASE WHEN p.slug IS NOT NULL THEN ${partnerPrefix} || p.slug ELSE m.coach_id::text END,
  'coach_assigned_name', COALESCE(c.name, p.name, m.sender_name),
  'coach_archetype_name', ${archetypeCase},
  'created_at', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'actions', m.actions,
  'suggestions', m.suggestions,
  'partner', CASE WHEN p.slug IS NOT NULL THEN json_build_object(
    'slug', p.slug, 'avatar', p.avatar, 'category_label', ${categoryCase}) END`

/** `client_id` only on a message a device gave an id, as `toHistoryItem` leaves it out. */
const item = sql`CASE WHEN m.client_id IS NULL THEN json_build_object(${fields})
  ELSE json_build_object(${fields}, 'client_id', m.client_id) END`

function page(db: Db, name: string, where: SQL | undefined, newestFirst: boolean) {
  const rows = db
    .select({ id: m.id, item: item.as('item') })
    .from(m)
    .leftJoin(c, eq(c.id, m.coachId))
    .leftJoin(p, eq(p.id, m.partnerId))
    .where(where)
    .orderBy(newestFirst ? desc(m.id) : asc(m.id))
    .limit(sql.placeholder('limit'))
    .as('page')
  return db
    .select({ json: sql<string>`COALESCE(json_agg(page.item ORDER BY page.id), '[]')::text` })
    .from(rows)
    .prepare(name)
}

const userIs = eq(m.userId, sql.placeholder('userId'))

/** The latest `limit` messages, oldest first. */
const latest = preparedPerDatabase((db) => page(db, 'chat_history_latest', userIs, true))

/** The first `limit` messages after `after`, oldest first (a client catching up). */
const following = preparedPerDatabase((db) =>
  page(db, 'chat_history_after', and(userIs, gt(m.id, sql.placeholder('after'))), false),
)

/** The history page as JSON text, oldest first. */
export async function historyPageJson(
  db: Db,
  userId: string,
  opts: { after?: number | undefined; limit: number },
): Promise<string> {
  const [row] =
    opts.after !== undefined
      ? await following(db).execute({ userId, after: opts.after, limit: opts.limit })
      : await latest(db).execute({ userId, limit: opts.limit })
  return row?.json ?? '[]'
}
