// A player's account as the server runs it, without the server: onboarding answered step by
// step, the team and its introductions, then each message with the memory, the saved plan and the
// published reports the coaches would see. Used to read the replies to a set of player turns.
import type { AnalysisFacts, MatchStatus } from '@areia/contracts'
import {
  answerOnboarding,
  createTeam,
  HISTORY_FOR_ENGINE,
  introductions,
  planTurn,
  readPlan,
  rememberFacts,
  reply,
  routeDetailed,
  seededRng,
  startOnboarding,
  type ChatTurn,
  type OnboardingState,
  type PlayerProfile,
  type StoredFact,
  type Team,
} from '../src'
import type { TrainingPlan } from '../src/plans/plan'
import { LIVE_PLANS } from './players'

/** What the player answers at each onboarding step, as typed. */
export interface Answers {
  NAME: string
  CATEGORY: string
  AGE_GROUP: string
  HEIGHT: string
  HAND: string
  GENDER: string
  GOAL: string
  FREQUENCY: string
}

export interface Account {
  answers: Answers
  /** Published reports, newest first. */
  reports: AnalysisFacts[]
  seed: string
}

export interface SentReply {
  name: string
  archetype: string
  text: string
}

export interface TurnResult {
  id: string
  text: string
  replies: SentReply[]
  /** How the engine read the message: mode and questions, for finding why a reply missed. */
  reading: string
}

/** How much of the conversation the server hands the engine. */
const MAX_FACTS = 50
const HOST = 'areia'

const ARCHETYPE_NAME = { TECNICO: 'Técnico', MENTAL: 'Mental', ESTATISTICO: 'Estatístico' }

export class Conversation {
  readonly onboarding: Array<{ host: string[]; answer: string }> = []
  readonly intros: SentReply[] = []
  private history: ChatTurn[] = []
  private facts: StoredFact[] = []
  private nextFactId = 1
  private plan: TrainingPlan | null = null
  profile: PlayerProfile = {}
  team!: Team

  constructor(
    private readonly account: Account,
    private readonly now: Date,
  ) {}

  private get matches(): MatchStatus[] {
    return this.account.reports.map((r) => ({
      video_id: r.video_id,
      uploaded_at: r.published_at,
      status: 'READY' as const,
      stage: null,
      percent: null,
      due_at: null,
      failure_reason: null,
      game_date: r.game_date,
      game_outcome: r.game_outcome,
      game_score: r.game_score,
    }))
  }

  start(): this {
    const first = startOnboarding()
    let state: OnboardingState = first.state
    let host = first.messages.map((m) => m.text)
    for (let guard = 0; guard < 30 && state.step !== 'DONE'; guard++) {
      const answer = this.account.answers[state.step]
      this.history.push(...host.map((text) => ({ sender: HOST, text })))
      this.history.push({ sender: 'USER', text: answer })
      const turn = answerOnboarding(state, answer)
      this.onboarding.push({ host, answer })
      this.profile = { ...this.profile, ...turn.profilePatch }
      state = turn.state
      host = turn.messages.map((m) => m.text)
    }
    this.history.push(...host.map((text) => ({ sender: HOST, text })))
    this.team = createTeam({ profile: this.profile, rng: seededRng(this.account.seed) })
    for (const intro of introductions(this.team, this.profile)) {
      this.history.push({ sender: intro.coachId, text: intro.text })
      this.intros.push(this.sent(intro.coachId, intro.text))
    }
    return this
  }

  private sent(coachId: string, text: string): SentReply {
    const coach = this.team.coaches.find((c) => c.id === coachId)
    return {
      name: coach?.name ?? coachId,
      archetype: coach ? ARCHETYPE_NAME[coach.archetype] : '',
      text,
    }
  }

  say(id: string, text: string): TurnResult {
    const history = this.history.slice(-HISTORY_FOR_ENGINE)
    const changes = rememberFacts(this.facts, text, this.now, MAX_FACTS - this.facts.length)
    this.facts = this.facts.filter((f) => !changes.remove.includes(f.id))
    for (const u of changes.update)
      this.facts = this.facts.map((f) =>
        f.id === u.id ? { ...f, text: u.text, fields: u.fields } : f,
      )
    for (const f of changes.insert) this.facts.push({ id: this.nextFactId++, ...f })
    const facts = this.facts.map((f) => ({ kind: f.kind, text: f.text, fields: f.fields }))
    const memory = facts.map((f) => f.text)
    const planned = planTurn({
      text,
      history,
      profile: this.profile,
      memory,
      facts,
      current: this.plan,
      now: this.now,
    })
    if (planned.change && planned.plan) this.plan = readPlan(planned.plan)
    const replies = reply({
      text,
      team: this.team,
      profile: this.profile,
      history,
      rng: seededRng(`${this.account.seed}:${id}`),
      memory,
      facts,
      analysis: this.account.reports[0] ?? null,
      reports: this.account.reports,
      matches: this.matches,
      plans: LIVE_PLANS,
      now: this.now,
      ...(this.plan ? { plan: this.plan, planChange: planned.change } : {}),
    })
    const u = routeDetailed(text, this.team, history).understanding
    const reading = `${u.mode} ${u.intents.map((i) => i.id).join('+')}${u.changed?.length ? ` changed:${u.changed.join(',')}` : ''}`
    this.history.push({ sender: 'USER', text })
    for (const r of replies) this.history.push({ sender: r.coachId, text: r.text })
    return { id, text, replies: replies.map((r) => this.sent(r.coachId, r.text)), reading }
  }

  get memory(): string[] {
    return this.facts.map((f) => f.text)
  }
}
