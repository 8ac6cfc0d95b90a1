import { createTeam, seededRng } from '@areia/coach'
import type { PGlite } from '@electric-sql/pglite'
import { SEEDED_ACCOUNTS } from './accounts'

/** Messages in the long conversation: more than one page of bubbles (MESSAGES_PAGE is 40). */
export const LONG_CHAT_MESSAGES = 90

/** The text of message `n` (1-based) of the long conversation. */
export function longChatText(n: number): string {
  return n % 2 === 1
    ? `Pergunta ${n}: como treino a devolução de saque?`
    : `Resposta ${n}: **posicione-se cedo** e devolva no corpo do sacador.\n\n- passo curto\n- raquete à frente`
}

/**
 * The long-conversation journey's player: a team of coaches, as onboarding makes it, and a
 * history of alternating questions and coach answers (markdown included), oldest first.
 */
export async function seedLongConversation(db: PGlite): Promise<void> {
  const { userId, coachIds } = await seedTeam(db, SEEDED_ACCOUNTS.longChat)
  for (let n = 1; n <= LONG_CHAT_MESSAGES; n++) {
    const fromCoach = n % 2 === 0
    await db.query(
      `INSERT INTO chat_messages (user_id, sender_type, coach_id, content, created_at)
       VALUES ($1, $2, $3, $4, now() - make_interval(mins => $5))`,
      [
        userId,
        fromCoach ? 'AI' : 'USER',
        fromCoach ? coachIds[n % coachIds.length] : null,
        longChatText(n),
        LONG_CHAT_MESSAGES - n,
      ],
    )
  }
}

/** A team of coaches for a seeded player, as onboarding makes it, so the coaches answer. */
export async function seedTeam(
  db: PGlite,
  email: string,
): Promise<{ userId: string; coachIds: string[] }> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email])
  const userId = rows[0]?.id
  if (!userId) throw new Error(`seeding: ${email} missing`)
  const team = createTeam({ profile: { category: 'C' }, rng: seededRng(email) })
  const coachIds: string[] = []
  for (const [position, coach] of team.coaches.entries()) {
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO coaches (user_id, name, archetype, persona, position)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [userId, coach.name, coach.archetype, JSON.stringify(coach), position],
    )
    coachIds.push(inserted.rows[0]!.id)
  }
  return { userId, coachIds }
}

/** The report message of the banners journey: the statistical coach's, with its heatmap. */
export const REPORT_MESSAGE = [
  'Sua análise está pronta! Você percorreu **1.234 m** no jogo.',
  '',
  '![Mapa de calor](/api/v1/videos/424242/report/heatmap.png)',
  '',
  '[Ver relatório completo e lances](/videos/424242)',
].join('\n')

/** The statistical coach posts a report with a heatmap into the player's conversation. */
export async function seedReportMessage(db: PGlite, email: string): Promise<void> {
  const { rows } = await db.query<{ user_id: string; id: string }>(
    `SELECT c.user_id, c.id FROM coaches c JOIN users u ON u.id = c.user_id
     WHERE u.email = $1 AND c.archetype = 'ESTATISTICO'`,
    [email],
  )
  const coach = rows[0]
  if (!coach) throw new Error(`seeding: ${email} has no statistical coach`)
  await db.query(
    `INSERT INTO chat_messages (user_id, sender_type, coach_id, content, created_at)
     VALUES ($1, 'AI', $2, $3, now() - interval '1 minute')`,
    [coach.user_id, coach.id, REPORT_MESSAGE],
  )
}
