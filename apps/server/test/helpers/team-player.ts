import type { TokenPair } from '@areia/contracts'
import * as coach from '@areia/coach'
import { eq } from 'drizzle-orm'
import { users } from '../../src/db/schema'
import { CoachingStore } from '../../src/modules/coaching/store'
import { signUpAndLogIn, type TestApp } from './app'
import { testDatabase } from './database'

/** A player past onboarding (Joana, category C) with a real team, as the engine builds it. */
export async function playerWithTeam(
  app: TestApp,
  email: string,
): Promise<{ tokens: TokenPair; userId: string }> {
  const tokens = await signUpAndLogIn(app, email)
  const user = await app.services.users.findByEmail(email)
  if (!user) throw new Error('user missing')
  const { db } = await testDatabase({ reset: false })
  const team = coach.createTeam({ profile: { category: 'C' }, rng: coach.seededRng(user.id) })
  await new CoachingStore().insertCoaches(
    db,
    user.id,
    team.coaches.map((c) => ({ name: c.name, archetype: c.archetype, persona: c })),
  )
  await db.update(users).set({ onboardingStatus: 'COMPLETED' }).where(eq(users.id, user.id))
  await app.services.users.updateProfile(user.id, { name: 'Joana', category: 'C' })
  return { tokens, userId: user.id }
}
