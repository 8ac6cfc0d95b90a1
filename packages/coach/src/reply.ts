import type { AnalysisFacts, MatchStatus, Plan } from '@areia/contracts'
import { gameReply, matchesStatusReply, matchStatusText, newerMatch } from './analysis/matches'
import type { TrainingPlan } from './plans/plan'
import { planReply } from './plans/reply'
import type { PlanChange } from './plans/turn'
import { gameTopic } from './analysis/topic'
import { gameTopicOf } from './analysis/ask'
import { ownReply } from './analysis/own'
import { laterOwnQuestion } from './analysis/two-parts'
import type { OwnQuestion } from './analysis/ask'
import { asksAboutPartner, partnerGender, withPartnerInTalk } from './memory/recall'
import { answer } from './intents/answer'
import { chatReply, clarifyReply } from './intents/chat'
import type { Intent } from './intents/registry'
import { Said } from './intents/said'
import { partnerAgree } from './agreement'
import { acknowledgement, readBackIn } from './memory/acknowledge'
import { WEEKDAY_LABEL } from './intents/slots'
import { minutesText } from './plans/plan'
import { extractFacts } from './memory/extract'
import { recallReply } from './memory/recall'
import { plansReply } from './product/plans'
import { contextOf } from './profile'
import { routeDetailed } from './routing'
import { isEnglish } from './small-talk'
import type { RememberedFact } from './memory/types'
import type { Slots } from './intents/slots'
import { MAX_INPUT, normalize, stripHtml } from './text'
import type { ChatTurn, CoachPersona, CoachReply, PlayerProfile, Rng, Team } from './types'
import { chatText } from './intents/normalize'
import { HOW_LONG_OUT } from './intents/leads'
import { intentById } from './intents/registry'

export interface ReplyInput {
  text: string
  team: Team
  profile: PlayerProfile
  /** The conversation so far, oldest first, without `text` itself. */
  history: readonly ChatTurn[]
  rng: Rng
  /** Who answers, when the caller already routed (a group chat with partners); else `route`. */
  coachIds?: readonly string[]
  /** What the team remembers about the player; when given, it replaces old messages as the source of injuries. */
  memory?: readonly string[]
  /**
   * The same memory with each fact's kind and details; an answer on a topic it touches uses one.
   * Given without `memory`, its texts are the memory.
   */
  facts?: readonly RememberedFact[]
  /**
   * The player's newest published video analysis (null: none). The statistical coach answers
   * questions about their game with it; without it, it says there are no numbers yet.
   */
  analysis?: AnalysisFacts | null
  /**
   * The player's published analyses, newest first (the first is `analysis`): questions about a
   * figure are compared with the match before.
   */
  reports?: readonly AnalysisFacts[]
  /** The player's recent matches and where each analysis stands, newest first. */
  matches?: readonly MatchStatus[]
  /** The plans on sale now, for questions about prices and what each one includes. */
  plans?: readonly Plan[]
  /** The time the message is answered, for "due by" and "already past due". */
  now?: Date
  /** The player's saved training plan, as this message left it (see `planTurn`). */
  plan?: TrainingPlan | null
  /** What this message did to the plan, when anything. */
  planChange?: PlanChange | null
}

/** The partner the player told the team about, where the message itself does not say. */
function withRemembered(slots: Slots, facts: readonly RememberedFact[] | undefined): Slots {
  const told = facts?.find((f) => f.kind === 'PARCEIRO')?.fields
  if (!told) return slots
  // "meu parceiro" when the one remembered is a woman, or another name: someone else.
  const now = slots.partner
  if (
    (now?.gender && told.gender && now.gender !== told.gender) ||
    (now?.name && told.name && now.name !== told.name)
  )
    return slots
  return {
    ...slots,
    partner: {
      ...(told.hand ? { hand: told.hand } : {}),
      ...(told.gender ? { gender: told.gender } : {}),
      ...(told.name ? { name: told.name } : {}),
      ...slots.partner,
    },
  }
}

/** Does the message name the body part a health intent is about (one of its key words)? */
function namesPart(text: string, intent: Intent): boolean {
  return (intent.keywords ?? []).some((k) => text.includes(normalize(k)))
}

const ENGLISH_NOTE = 'Por aqui a gente conversa em português 🙂 Mas entendi a ideia, então lá vai:'

function owns(coach: CoachPersona, intent: Intent | undefined): boolean {
  return intent !== undefined && intent.owner === coach.archetype
}

/**
 * How much of the conversation the engine should see when it replies: what follow-ups resolve
 * against, and every sentence a coach already said, so that none is said twice to the same player.
 */
export const HISTORY_FOR_ENGINE = 300

/**
 * The coaches' answers to a player's message, in speaking order. Pure: the same input and the
 * same random sequence give the same replies. Never empty, never throws on odd input.
 */
export function reply(input: ReplyInput): CoachReply[] {
  const { team, history, rng } = input
  // "agora to jogando 4x por semana", kept in the memory, is newer than the onboarding's answer.
  const perWeek = input.facts?.find((f) => f.fields?.perWeek !== undefined)?.fields?.perWeek
  const profile =
    perWeek !== undefined ? { ...input.profile, training_per_week: perWeek } : input.profile
  const raw = typeof input.text === 'string' ? input.text.slice(0, MAX_INPUT * 4) : ''
  const body = raw.replace(/@[\p{L}]+/gu, ' ')
  const routing = routeDetailed(raw, team, history)
  const u = routing.understanding
  const [read, named] = u.intents
  // A second body complaint only when the player named it: "agacho" is not a back pain.
  const second =
    named?.health && read?.health && !namesPart(normalize(body), named) ? undefined : named
  const english = isEnglish(normalize(body))
  const ctx = {
    ...contextOf(profile, history, body, input.memory ?? input.facts?.map((f) => f.text)),
    analysis: input.analysis ?? null,
  }
  // "qnt tempo vc acha q fico parado?" in a talk about an injury: that injury's question.
  const main =
    (!read || read.domain === 'conversa') && ctx.injuryInTalk && HOW_LONG_OUT.test(chatText(body))
      ? (intentById(`dor-${ctx.injuryInTalk}`) ?? read)
      : read
  // "meu aproveitamento de smash tá bom?": a question about the player's own figures.
  const game = gameTopic(body) ?? (main?.id === 'meu-ultimo-jogo' ? 'GAME' : null)
  const said = new Said(history)
  // What was said before this message: each answer below adds to `said` as it is built.
  const before = new Said(history)
  // "me manda meu plano de novo": what the player asks to see again is said again.
  const again = /\b(de novo|denovo|novamente|outra vez|repete|repita|reenvia|reenvie)\b/.test(
    normalize(body),
  )
  const matches = input.matches ?? []
  const reports = input.reports ?? (input.analysis ? [input.analysis] : [])
  // With two partners told, the one this talk names (the message, then the player's last ones).
  const talkTexts = [
    body,
    ...history
      .filter((t) => t.sender === 'USER')
      .slice(-6)
      .reverse()
      .map((t) => t.text),
  ]
  const facts = withPartnerInTalk(input.facts, talkTexts)
  // The partner this message speaks of: "meu parceiro" is a man whoever the team remembers.
  const partner = u.slots.partner?.gender ?? partnerGender(facts) ?? partnerSpokenOf(input.history)
  const now = input.now ?? new Date()
  const speakers = (input.coachIds ?? routing.coachIds)
    .map((id) => team.coaches.find((c) => c.id === id))
    .filter((c): c is CoachPersona => c !== undefined)

  // "anota aí: agora tô jogando 4x por semana": a note to keep, answered by reading it back.
  const note = noteReply(body, now, history, input.profile)
  const noter = speakers[0] ?? team.coaches[0]
  if (note && noter) return [{ coachId: noter.id, text: note }]

  // "o Diego joga com qual mão?": read from the memory, whatever else the words bring to mind.
  if (noter && asksAboutPartner(body, input.facts))
    return [
      {
        coachId: noter.id,
        text: recallReply({
          recall: 'PARCEIRO',
          question: body,
          facts: input.facts ?? [],
          profile,
          now,
        }),
      },
    ]

  const replies: CoachReply[] = []
  let previous: { coach: CoachPersona; text: string } | undefined
  let secondUsed = false
  for (const [i, coach] of speakers.entries()) {
    let text: string
    // Answers about the player's own figures recap a figure asked for again themselves, and an
    // answer given again on purpose says so: neither goes through the repeat filter.
    let selfChecked = false
    const statusReply =
      coach.archetype === 'ESTATISTICO' && main?.id === 'analise-prazo'
        ? matchesStatusReply(matches, now)
        : null
    const planned =
      coach.archetype === 'ESTATISTICO' && main
        ? planReply({
            intent: main,
            plan: input.plan ?? null,
            change: input.planChange ?? null,
            question: u.plan,
            previous: u.previous,
            planRequested: u.frame.planRequest,
            profile,
            level: ctx.level,
            now,
          })
        : null
    if (planned) {
      text = planned
      // The plan asked for again ("resume o plano") is shown whole, however much of it was said.
      if (
        u.plan?.kind === 'SHOW' ||
        u.plan?.kind === 'DAY' ||
        u.plan?.kind === 'TODAY' ||
        u.plan?.kind === 'MOVE' ||
        u.plan?.kind === 'RESIZE'
      )
        selfChecked = true
    } else if ((u.own || game) && coach.archetype === 'ESTATISTICO' && reports.length > 0) {
      const asked = (question: OwnQuestion, text: string) =>
        ownReply({
          question,
          reports,
          profile,
          text,
          partnerGender: partner,
          said: before,
          ...(u.slots.days ? { days: u.slots.days } : {}),
        })
      const first = u.own ?? { topic: game ?? 'GAME' }
      // "no total a gente ganhou qtos pontos? e em q set eu corri mais?": each part answered.
      const more = laterOwnQuestion(body, first)
      if (more) {
        const head = asked(more.head, more.before)
        // The second answer says only what the first did not (one match header, one figure).
        const tail = asked(more.question, more.text)
          .split('\n\n')
          .filter((part) => !head.includes(part))
          .join('\n\n')
        text = tail ? `${head}\n\n${tail}` : head
      } else text = asked(first, body)
      const newer = newerMatch(reports[0] ?? null, matches)
      if (newer) text = `${text}\n\n${matchStatusText(newer, now)}`
      selfChecked = true
    } else if ((game || u.own) && coach.archetype === 'ESTATISTICO') {
      text = gameReply({
        topic: game ?? gameTopicOf(u.own?.topic),
        ...(u.own
          ? { own: u.own.topic, ...(u.own.unmeasured ? { unmeasured: u.own.unmeasured } : {}) }
          : {}),
        partnerGender: partner,
        pointed: history.filter((t) => t.sender !== 'USER' && t.text.includes('**Enviar Vídeo**'))
          .length,
        facts: input.analysis ?? null,
        matches,
        now,
        profile,
        body,
        said,
        rng,
      })
      selfChecked = true
    } else if (statusReply) {
      text = statusReply
    } else if (!main) {
      // One question back is enough; a second coach has nothing to add to it.
      if (i > 0) continue
      text = clarifyReply(coach, u.options, said, rng)
    } else if (main.id === 'planos-precos' && input.plans?.length) {
      if (i > 0) continue
      text = plansReply(body, input.plans) ?? ''
    } else if (main.id === 'lembrar' && u.frame.recall) {
      if (i > 0) continue
      text = recallReply({
        recall: u.frame.recall,
        question: body,
        ...(u.frame.recallFirst ? { first: u.frame.recallFirst } : {}),
        facts: input.facts ?? [],
        profile,
        now,
        ...(input.plan
          ? {
              planDays: input.plan.sessions.map(
                (x) =>
                  `${WEEKDAY_LABEL[x.day]}${x.time ? ` às ${x.time}` : ''} (${minutesText(x.minutes)})`,
              ),
            }
          : {}),
      })
      // What the player asks back is said whole, however much of it was said before; only the
      // pointer to the Memória screen is not repeated.
      text = text
        .split('\n\n')
        .filter((part) => !(part.includes('(/memoria)') && before.has(part)))
        .join('\n\n')
      selfChecked = true
    } else if (main.domain === 'conversa') {
      if (i > 0 && routing.reason !== 'TEAM' && routing.reason !== 'MENTION') continue
      text = chatReply({ coach, team, intent: main, profile, said, rng, message: body })
    } else {
      const common = {
        coach,
        mode: main !== read ? 'NEW' : u.mode,
        slots: withRemembered(u.slots, facts),
        ctx,
        said,
        rng,
        facts: facts ?? [],
        frame: u.frame,
        message: body,
        now,
        ...(u.changed ? { changed: u.changed } : {}),
      }
      const isSecond = i > 0 && second !== undefined && !secondUsed && owns(coach, second)
      if (i === 0 || previous === undefined) {
        // A second question of the same coach's area goes in the same message.
        const appended = second !== undefined && !speakers.some((c, j) => j > 0 && owns(c, second))
        text = answer({
          ...common,
          intent: main,
          role: 'LEAD',
          ...(appended ? { continued: true } : {}),
          ...(u.alternative ? { alternative: u.alternative } : {}),
        })
        // Asked again after everything on it was said: the answer again, said to be one.
        if (text.trim() === '') {
          const repeated = answer({
            ...common,
            said: new Said([]),
            intent: main,
            mode: 'NEW',
            role: 'LEAD',
          })
          // The answer itself, not its tips and drill again.
          const core = repeated.split(/\n{2,}/)[0]?.trim() ?? ''
          if (core !== '') {
            text = `Retomando o que eu já te disse: ${core}`
            selfChecked = true
          }
        }
        if (second && appended) {
          const extra = answer({ ...common, intent: second, mode: 'NEW', role: 'SECOND' })
          if (extra) text = `${text}\n\n${extra}`
          secondUsed = true
        }
      } else if (isSecond && second) {
        text = answer({ ...common, intent: second, mode: 'NEW', role: 'SECOND' })
        secondUsed = true
      } else {
        text = answer({ ...common, intent: main, role: 'ANGLE', previous })
      }
      if (english && i === 0) text = `${ENGLISH_NOTE}\n\n${text}`
    }
    text = partnerAgree(stripHtml(text), partner).trim()
    // A sentence said in an earlier reply is not pasted again; a reply with nothing new keeps it.
    if (!selfChecked && !again) text = before.withoutRepeats(text) ?? text
    if (text === '') continue
    replies.push({ coachId: coach.id, text })
    previous = { coach, text }
  }
  // What the player just told the team, read back once, before the first answer.
  const told = acknowledgement(body, now, readBackIn(history))
  const first = replies[0]
  if (
    told &&
    !before.has(told) &&
    first &&
    !first.coachId.startsWith('partner:') &&
    main?.id !== 'lembrar' &&
    // A new plan reads the days back itself, whole.
    input.planChange !== 'CREATED'
  )
    first.text = `${told}\n\n${first.text}`
  if (replies.length === 0) {
    const coach = speakers[0] ?? team.coaches[0]
    replies.push({ coachId: coach.id, text: clarifyReply(coach, [], said, rng) })
  }
  return replies
}

const NOTE_ONLY =
  /^(anota|anote|anotai|guarda|guarde|registra|registre|atualiza|atualize|lembra que|lembre que|so pra (vc|voce) saber|fica sabendo|pra constar)\b/

/** The reply to a message that only tells the team something to keep; null for anything else. */
function noteReply(
  body: string,
  now: Date,
  history: readonly ChatTurn[],
  profile: PlayerProfile,
): string | null {
  if (body.includes('?') || !NOTE_ONLY.test(normalize(body).trim())) return null
  const told = acknowledgement(body, now, readBackIn(history))
  if (!told) return null
  const perWeek = extractFacts(body, now).find((f) => f.fields.perWeek !== undefined)?.fields
    .perWeek
  if (perWeek === undefined) return `${told}\n\nVou levar isso em conta nas próximas respostas.`
  const before = profile.training_per_week
  return [
    told,
    `${before !== null && before !== undefined && before !== perWeek ? `Antes eram ${before}x; ` : ''}com ${perWeek}x por semana, deixe ao menos um dia leve ou de descanso entre os dias mais puxados, e o aquecimento vira obrigatório.`,
    'Se quiser, eu refaço o seu plano da semana com esse número.',
  ].join('\n\n')
}

/** "minha parceira" or "meu parceiro" in the player's recent messages, when nothing else says it. */
function partnerSpokenOf(history: readonly ChatTurn[]): 'MALE' | 'FEMALE' | null {
  for (const turn of history
    .filter((t) => t.sender === 'USER')
    .slice(-6)
    .reverse()) {
    const text = chatText(turn.text)
    const female = /\b(minha|nossa) parceira\b/.test(text)
    const male = /\b(meu|nosso) parceiro\b/.test(text)
    if (female !== male) return female ? 'FEMALE' : 'MALE'
  }
  return null
}
