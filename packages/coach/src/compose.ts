import { entryById, type KnowledgeEntry, type Level, type PlayerContext } from './knowledge'
import { categoryText, firstName } from './profile'
import { at, pick } from './text'
import type { CoachPersona, Rng } from './types'
import {
  CLOSERS,
  FOLLOW_ON,
  GENERIC_ANGLE,
  HEALTH_CAUTIONS,
  LEVEL_LINES,
  OPENERS,
  PAIN_OPENERS,
  REVISIT,
} from './voice'

export interface ComposeArgs {
  coach: CoachPersona
  entry: KnowledgeEntry
  ctx: PlayerContext
  /** How many times the player already asked about this entry: walks the content forward. */
  round: number
  /** Bumped when a draft equals an earlier message, to pick other wording. */
  variant: number
  rng: Rng
  /** The coach who answered just before, when this is the second reply to the same message. */
  after?: CoachPersona
  /** The player mentioned pain or an injury. */
  health: boolean
}

/** Where the technical coach takes a drill from when the topic is mental or about numbers. */
const TECHNICAL_FALLBACK: KnowledgeEntry[] = ['regras', 'saque', 'voleio', 'lob']
  .map((id) => entryById(id))
  .filter((e): e is KnowledgeEntry => e !== undefined)

const SCALE: Record<Level, number> = { BASE: 1, INTERMEDIARIO: 1.5, AVANCADO: 2 }

/** Drill volume grows with level; small counts (one game, three lines) stay as written. */
export function drillText(entry: KnowledgeEntry, level: Level, index: number): string {
  const drill = at(entry.drills, index)
  const amount = drill.amount >= 5 ? Math.round(drill.amount * SCALE[level]) : drill.amount
  return `**Exercício: ${drill.name}.** ${capitalize(drill.how)}: **${amount} ${drill.unit}**.`
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function fill(line: string, vars: Record<string, string>): string {
  return line.replace(/\{(\w)\}/g, (_, k: string) => vars[k] ?? '')
}

/** `count` items of `items` from `start`, wrapping, without repeating an item. */
function window<T>(items: readonly T[], start: number, count: number): T[] {
  const n = Math.min(count, items.length)
  return Array.from({ length: n }, (_, i) => at(items, start + i))
}

function nameVar(ctx: PlayerContext, rng: Rng): string {
  const name = firstName(ctx.profile)
  return name && rng() < 0.6 ? `, ${name}` : ''
}

function opening(args: ComposeArgs, topic: string): string {
  const { coach, round, rng, after, ctx } = args
  if (after) return fill(pick(FOLLOW_ON[coach.archetype], rng), { p: after.name })
  if (round > 0) return fill(at(REVISIT, round + args.variant - 1), { t: `**${topic}**` })
  return fill(pick(OPENERS[coach.archetype], rng), { n: nameVar(ctx, rng) })
}

/** Lines that promise numbers "once a video arrives", false for a player who has an analysis. */
const WAITING_FOR_VIDEO = /quando chegar um vídeo|sem vídeo seu/i

function closing(coach: CoachPersona, args: ComposeArgs): string {
  const options = [...CLOSERS[coach.archetype], ...coach.persona.catchphrases].filter(
    (line) => !args.ctx.analysis || !WAITING_FOR_VIDEO.test(line),
  )
  return at(options, Math.floor(args.rng() * options.length) + args.variant)
}

function caution(args: ComposeArgs): string[] {
  return args.entry.health || args.health ? [at(HEALTH_CAUTIONS, args.round + args.variant)] : []
}

function goalLine(ctx: PlayerContext, rng: Rng): string[] {
  const goal = ctx.profile.goal?.trim()
  if (!goal || rng() < 0.4) return []
  const short = goal.length > 80 ? `${goal.slice(0, 77)}…` : goal
  return [`Isso conversa direto com o seu objetivo (“${short}”).`]
}

function levelLine(args: ComposeArgs, topic: string): string[] {
  const category = categoryText(args.ctx.profile)
  if (!category) return []
  return [
    fill(at(LEVEL_LINES[args.coach.archetype][args.ctx.level], args.round + args.variant), {
      c: `**${category}**`,
      t: topic,
    }),
  ]
}

/** The specialist's full answer: personal notes, tips, a drill, and for numbers what gets measured. */
function ownerReply(args: ComposeArgs): string {
  const { entry, ctx, round, variant, rng, coach } = args
  const topic = entry.title.toLowerCase()
  const personal = entry.personal?.(ctx) ?? []
  // A weekly plan is a header and a list that must stay together to render as one list.
  const list = personal.filter((l) => l.startsWith('- '))
  const notes =
    list.length > 1
      ? [
          [personal[0] ?? '', ...list].join('\n'),
          ...personal.slice(1).filter((l) => !l.startsWith('- ')),
        ]
      : window(personal, round + variant, 2)
  const parts: string[] = [opening(args, entry.title.toLowerCase())]
  if (args.health) parts.push(at(PAIN_OPENERS, round + variant))
  if (
    coach.archetype === 'ESTATISTICO' &&
    entry.id !== 'analise-video' &&
    entry.id !== 'planejamento'
  )
    parts.push(
      args.ctx.analysis
        ? 'Do seu último jogo analisado eu tenho posição em quadra (rede, meio e fundo), deslocamento, ralis e a distância da dupla; pergunte, por exemplo, “como foi meu último jogo?”. O resto abaixo é referência geral, não número seu.'
        : 'Ainda não tenho números do seu jogo: eles só existem depois que um vídeo seu for analisado. Até lá, nada de estatística inventada.',
    )
  // A second coach on the same message keeps it short: the first one already set the scene.
  const second = args.after !== undefined
  parts.push(...(second ? notes.slice(0, 1) : notes))
  if (!second) parts.push(...levelLine(args, topic), ...(round === 0 ? goalLine(ctx, rng) : []))
  parts.push(
    window(entry.tips, round * 2 + variant, second ? 2 : 3)
      .map((t) => `- ${t}`)
      .join('\n'),
  )
  if (coach.archetype === 'ESTATISTICO')
    parts.push(
      `**O que eu vou medir:**\n${window(entry.metrics, round + variant, 3)
        .map((m) => `- ${m}`)
        .join('\n')}`,
    )
  parts.push(drillText(entry, ctx.level, round + variant))
  parts.push(...caution(args), closing(coach, args))
  return parts.join('\n\n')
}

/** Another coach's shorter take on the same topic, from its own speciality. */
function angleReply(args: ComposeArgs): string {
  const { entry, coach, ctx, round, variant } = args
  const topic = entry.title.toLowerCase()
  const parts = [opening(args, topic)]
  switch (coach.archetype) {
    case 'TECNICO':
      parts.push(
        at(GENERIC_ANGLE.TECNICO, round + variant),
        ...window(entry.personal?.(ctx) ?? [], round, 1).filter((l) => !l.startsWith('- ')),
        // The entry's own drills belong to another speciality; a technical one fits the voice.
        drillText(at(TECHNICAL_FALLBACK, round + variant), ctx.level, round + variant),
      )
      break
    case 'MENTAL':
      parts.push(
        ...window(entry.mind, round + variant, 1),
        at(GENERIC_ANGLE.MENTAL, round + variant),
      )
      break
    case 'ESTATISTICO':
      parts.push(
        `Em ${topic}, o que eu vou medir:\n${window(entry.metrics, round + variant, 3)
          .map((m) => `- ${m}`)
          .join('\n')}`,
        at(
          GENERIC_ANGLE.ESTATISTICO.filter((l) => !ctx.analysis || !WAITING_FOR_VIDEO.test(l)),
          round + variant,
        ),
      )
      break
  }
  parts.push(...caution(args), closing(coach, args))
  return parts.join('\n\n')
}

export function composeTopic(args: ComposeArgs): string {
  return args.coach.archetype === args.entry.owner ? ownerReply(args) : angleReply(args)
}
