import { readPlan } from '@areia/coach'
import type { ProgressGoal, ProgressMatch } from '@areia/contracts'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { Mail } from '../../adapters/mail'
import {
  addDays,
  lastPlannedDay,
  localMoment,
  plannedDays,
  startOfLocalDay,
  type LocalMoment,
} from './calendar'
import {
  chipOutcome,
  followUpAck,
  followUpQuestion,
  weeklyChatText,
  weeklyParagraphs,
  weeklySummary,
} from './messages'
import type { ProgressChat, ProgressPlans } from './service'
import type { ProgressStore } from './store'

/** The coaches write unprompted only in the player's day: not from this hour… */
export const NIGHT_FROM_HOUR = 21
/** …until this one. */
export const DAY_FROM_HOUR = 8
/** The weekly summary goes on Monday from the start of the day until noon. */
export const WEEKLY_UNTIL_HOUR = 12
/** A follow-up answered later than this is a new conversation, not its answer. */
const ANSWER_WINDOW_MS = 36 * 60 * 60 * 1000
/** Players read per query by the weekly sweep. */
const PAGE = 200

export interface CoachMessagesDeps {
  db: Db
  clock: Clock
  log: FastifyBaseLogger
  store: ProgressStore
  history: (userId: string) => Promise<ProgressMatch[]>
  chat: ProgressChat
  plans: Pick<ProgressPlans, 'get'>
  goal: (userId: string) => Promise<ProgressGoal | null>
  /** A page of the players past onboarding, by id after `afterId`. */
  players: (afterId: string | null, limit: number) => Promise<string[]>
  push: (
    userId: string,
    payload: { title: string; body: string; url: string; tag: string },
  ) => Promise<unknown>
  /** The summary e-mail for the player (null: no address to write to), sent through the outbox. */
  email: (userId: string, summary: { title: string; paragraphs: string[] }) => Promise<Mail | null>
  sendMail: (mail: Mail) => Promise<void>
}

const daytime = (m: LocalMoment) => m.hour >= DAY_FROM_HOUR && m.hour < NIGHT_FROM_HOUR
const weeklyWindow = (m: LocalMoment) =>
  m.weekday === 'segunda' && m.hour >= DAY_FROM_HOUR && m.hour < WEEKLY_UNTIL_HOUR

/**
 * What the coaches send the player without being asked: a question after a planned session day
 * and the Monday summary. At most one such message a day, never at night, each sent once (a row
 * claimed in the message's own transaction), and each one switched off by the player in Conta.
 */
export class CoachMessages {
  constructor(private readonly deps: CoachMessagesDeps) {}

  /**
   * The player opened the chat: the plan's coach asks how the latest planned session went, if
   * nobody asked yet, it is day time and nothing unprompted went out today.
   */
  async chatOpened(userId: string): Promise<void> {
    const { db, clock, store, chat } = this.deps
    const now = clock.now()
    const local = localMoment(now)
    // The Monday summary covers the last days of the week; the question waits for its turn.
    if (!daytime(local) || weeklyWindow(local)) return
    if (!(await store.preferences(db, userId)).followUps) return
    const plan = readPlan(await this.deps.plans.get(userId))
    if (!plan) return
    const planned = lastPlannedDay(plan, local.day)
    if (!planned) return
    const question = followUpQuestion(plan, planned.day, planned.sessions)
    const messageId = await db.transaction(async (tx) => {
      if ((await store.notesSince(tx, userId, startOfLocalDay(local.day))) > 0) return null
      if (!(await store.claimNote(tx, userId, 'follow_up', planned.day, now))) return null
      return chat.storeCoachMessage(tx, userId, question.text, question.suggestions)
    })
    if (messageId !== null) await chat.publishMessage(db, userId, messageId)
  }

  /**
   * A player's message: the answer to an open follow-up when it is one of its chips. The answer
   * is kept (the summary counts sessions from these answers only) and the coach acknowledges it.
   */
  async answer(userId: string, text: string): Promise<string | null> {
    const outcome = chipOutcome(text)
    if (!outcome) return null
    const { db, clock, store } = this.deps
    const since = new Date(clock.now().getTime() - ANSWER_WINDOW_MS)
    const day = await store.openFollowUp(db, userId, since)
    if (!day || !(await store.answerFollowUp(db, userId, day, outcome))) return null
    return followUpAck(outcome, day)
  }

  /**
   * The quarter-hourly sweep: on the player's Monday morning, the summary of the week that just
   * ended. Returns how many players got it now.
   */
  async weeklySweep(): Promise<number> {
    const local = localMoment(this.deps.clock.now())
    if (!weeklyWindow(local)) return 0
    let sent = 0
    let after: string | null = null
    for (;;) {
      const page = await this.deps.players(after, PAGE)
      for (const userId of page) {
        try {
          if (await this.weekly(userId, local.day)) sent++
        } catch (err) {
          // One player's failure (gone meanwhile) does not keep the summary from the others.
          this.deps.log.error({ err, userId }, 'progress: weekly summary failed')
        }
      }
      if (page.length < PAGE) return sent
      after = page.at(-1)!
    }
  }

  /** The summary of the week before `monday` for one player; false when nothing went out. */
  async weekly(userId: string, monday: string): Promise<boolean> {
    const { db, clock, store, chat } = this.deps
    const prefs = await store.preferences(db, userId)
    if (!prefs.weeklyChat && !prefs.weeklyPush && !prefs.weeklyEmail) return false
    const from = addDays(monday, -7)
    const to = addDays(monday, -1)
    const plan = readPlan(await this.deps.plans.get(userId))
    const days = plan ? plannedDays(plan, from, to).map((d) => d.day) : []
    const summary = weeklySummary(
      {
        from,
        to,
        matches: await this.deps.history(userId),
        plan,
        outcomes: await store.followUpOutcomes(db, userId, days),
        goal: await this.deps.goal(userId),
      },
      monday,
    )
    if (!summary) return false
    const claimed = await db.transaction(async (tx) => {
      if (!(await store.claimNote(tx, userId, 'weekly', monday, clock.now()))) return null
      return prefs.weeklyChat ? chat.storeCoachMessage(tx, userId, weeklyChatText(summary)) : 0
    })
    if (claimed === null) return false
    // After the commit, so a retry never sends them twice; a crash right here loses them.
    if (claimed > 0) await chat.publishMessage(db, userId, claimed)
    if (prefs.weeklyPush)
      await this.deps.push(userId, {
        title: summary.title,
        body: summary.short,
        url: prefs.weeklyChat ? '/chat' : '/evolucao',
        tag: 'weekly-summary',
      })
    if (prefs.weeklyEmail) {
      const mail = await this.deps.email(userId, {
        title: summary.title,
        paragraphs: weeklyParagraphs(summary),
      })
      if (mail) await this.deps.sendMail(mail)
    }
    return true
  }
}
