import { AGE_GROUP_LABEL, type PlayerProfile } from '../types'
import type { Recall } from '../frames/frame'
import { categoryText } from '../profile'
import { joinPt, normalize } from '../text'
import { BODY_PLACE, WEEKDAY_LABEL } from '../intents/slots'
import type { RememberedFact } from './types'

/**
 * The answer to "qual raquete eu falei?", "como chama minha parceira e qual a mão dela?", "o que
 * você sabe de mim?": what the player told the team, read from the memory, or an honest "you
 * have not told me yet" with the question that fills it.
 */

const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado']
const MEMORY_LINK = 'Tudo o que eu guardo fica em [Memória](/memoria), onde você corrige ou apaga.'

const of = (facts: readonly RememberedFact[], kind: RememberedFact['kind']) =>
  facts.filter((f) => f.kind === kind)

/** "14/12 (segunda), daqui a 7 dias" from an ISO day, counted from `now` in Brazil. */
export function dayText(iso: string, now: Date): string {
  const [y, m, d] = iso.split('-').map(Number)
  if (!y || !m || !d) return iso
  const day = new Date(Date.UTC(y, m - 1, d))
  const today = new Date(now.getTime() - 3 * 3_600_000)
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  const days = Math.round((day.getTime() - todayUtc) / 86_400_000)
  const when =
    days === 0
      ? 'hoje'
      : days === 1
        ? 'amanhã'
        : days > 1
          ? `daqui a ${days} dias`
          : `há ${-days} dias`
  return `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')} (${WEEKDAYS[day.getUTCDay()]}), ${when}`
}

/**
 * The partner a talk is about when the player has told of more than one: the one named in the
 * newest of `texts` (the message first, then the player's earlier messages, newest first), else
 * the one told last.
 */
/** Whether the text names this partner, as a whole word. */
function names(text: string, partner: RememberedFact): boolean {
  const name = partner.fields?.name
  return name !== undefined && ` ${normalize(text)} `.includes(` ${normalize(name)} `)
}

export function partnerInTalk(
  facts: readonly RememberedFact[] | undefined,
  texts: readonly string[],
): RememberedFact | undefined {
  const partners = of(facts ?? [], 'PARCEIRO')
  if (partners.length <= 1) return partners[0]
  for (const text of texts) {
    const named = partners.find((p) => names(text, p))
    if (named) return named
  }
  return partners.at(-1)
}

/**
 * "o Diego joga com qual mão?", "a Renata é canhota ou destra?": a question about a partner the
 * player named before, answered from the memory.
 */
export function asksAboutPartner(
  text: string,
  facts: readonly RememberedFact[] | undefined,
): boolean {
  const words = ` ${normalize(text)} `
  const named = of(facts ?? [], 'PARCEIRO').some((p) => names(text, p))
  return (
    named &&
    words.length < 80 &&
    /\b(qual|que) mao\b|\bmao d[oa]\b|\bcanhot[oa] ou destr[oa]\b|\bdestr[oa] ou canhot[oa]\b|\bquem e\b/.test(
      words,
    )
  )
}

/** The facts with only the partner this talk is about, for answers that use one partner. */
export function withPartnerInTalk(
  facts: readonly RememberedFact[] | undefined,
  texts: readonly string[],
): RememberedFact[] | undefined {
  if (!facts) return undefined
  const partner = partnerInTalk(facts, texts)
  return facts.filter((f) => f.kind !== 'PARCEIRO' || f === partner)
}

/** "Sua parceira é a **Renata**, canhota." for each partner told, the one asked about first. */
export function partnerLine(facts: readonly RememberedFact[], asked?: string): string | null {
  const partners = of(facts, 'PARCEIRO')
  if (partners.length > 1) {
    const female = asked !== undefined && /\bparceira|\bela\b|\bdela\b/.test(normalize(asked))
    const male = asked !== undefined && /\bparceiro\b|\bele\b|\bdele\b/.test(normalize(asked))
    const byName = partners.filter((p) => names(asked ?? '', p))
    const first =
      byName.length > 0
        ? byName
        : partners.filter(
            (p) =>
              (female && p.fields?.gender === 'FEMALE') || (male && p.fields?.gender === 'MALE'),
          )
    const ordered = [...first, ...partners.filter((p) => !first.includes(p))]
    const lines = ordered.map((p) => onePartnerLine(p)).filter((l): l is string => l !== null)
    if (lines.length === 0) return null
    return lines.length === 1 ? lines[0]! : `${lines[0]} ${lines.slice(1).map(alsoLine).join(' ')}`
  }
  const partner = partners[0]
  return partner ? onePartnerLine(partner) : null
}

/** The second partner's line said as another one: "E você também joga com o **Diego**, canhoto." */
function alsoLine(line: string): string {
  return line.replace(/^(Sua parceira|Seu parceiro|Sua dupla) é /, 'E você também joga com ')
}

function onePartnerLine(partner: RememberedFact): string | null {
  const f = partner.fields ?? {}
  const female = f.gender === 'FEMALE'
  const who = female ? 'Sua parceira' : f.gender === 'MALE' ? 'Seu parceiro' : 'Sua dupla'
  const hand = f.hand
    ? f.hand === 'LEFT'
      ? female
        ? 'canhota'
        : 'canhoto'
      : female
        ? 'destra'
        : 'destro'
    : null
  const article = female ? 'a ' : f.gender === 'MALE' ? 'o ' : ''
  if (f.name) return `${who} é ${article}**${f.name}**${hand ? `, ${hand}` : ''}.`
  if (hand) return `${who} é ${hand}; o nome ${female ? 'dela' : 'dele'} você ainda não me disse.`
  return null
}

function racketLine(facts: readonly RememberedFact[]): string | null {
  const racket = of(facts, 'EQUIPAMENTO')[0]
  if (!racket) return null
  const f = racket.fields ?? {}
  const name = [f.brand, f.model].filter(Boolean).join(' ')
  const note = /\(([^)]+)\)/.exec(racket.text)?.[1]
  if (name) return `Você me contou que joga com uma **${name}**${note ? `, ${note}` : ''}.`
  return `Você me contou: ${racket.text.replace(/\.$/, '')}.`
}

function tournamentLines(
  facts: readonly RememberedFact[],
  now: Date,
  only?: RememberedFact,
): string[] {
  return (only ? [only] : of(facts, 'TORNEIO')).map((t) => {
    const f = t.fields ?? {}
    const gender = of(facts, 'PARCEIRO').find((p) => p.fields?.name === f.partner)?.fields?.gender
    const article = gender === 'FEMALE' ? 'a ' : gender === 'MALE' ? 'o ' : ''
    if (f.date)
      return `Seu torneio${f.partner ? ` com ${article}${f.partner}` : ''} é no dia **${dayText(f.date, now)}**.`
    return `${t.text.replace(/\.$/, '')} (você não me disse o dia exato).`
  })
}

function injuryLines(facts: readonly RememberedFact[]): string[] {
  return of(facts, 'LESAO').map((l) => {
    const f = l.fields ?? {}
    const place = f.bodyPart ? BODY_PLACE[f.bodyPart] : null
    return place && /^Dor\b/.test(l.text)
      ? `Dor ${place}${f.side ? ` (${f.side})` : ''}${f.since ? `, ${f.since}` : ''}.`
      : l.text
  })
}

function routineLine(facts: readonly RememberedFact[]): string | null {
  const routine = of(facts, 'ROTINA')[0]
  if (!routine) return null
  const schedule = routine.fields?.schedule
  if (schedule?.length) {
    const byActivity = new Map<string, string[]>()
    for (const { day, activity } of schedule)
      byActivity.set(activity, [...(byActivity.get(activity) ?? []), WEEKDAY_LABEL[day]])
    const parts = [...byActivity].map(
      ([activity, days]) => `${ACTIVITY_SAID[activity] ?? activity} ${joinPt(days)}`,
    )
    return `Você me contou da sua semana: ${joinPt(parts)}.`
  }
  const days = routine.fields?.days
  if (days?.length)
    return `Você me disse que joga ou treina ${joinPt(days.map((d) => WEEKDAY_LABEL[d]))}.`
  return `Você me contou: ${routine.text.charAt(0).toLowerCase()}${routine.text.slice(1)}`
}

const ACTIVITY_SAID: Record<string, string> = {
  treino: 'treino',
  jogo: 'jogo',
  aula: 'aula',
  fisico: 'físico',
}

function profileLines(profile: PlayerProfile): string[] {
  const lines: string[] = []
  const female = profile.gender === 'FEMALE'
  const category = categoryText(profile)
  if (category)
    lines.push(`Joga ${category.startsWith('categoria') ? `na ${category}` : `como ${category}`}.`)
  if (profile.age_group) lines.push(`Categoria por idade: ${AGE_GROUP_LABEL[profile.age_group]}.`)
  if (profile.dominant_hand)
    lines.push(
      profile.dominant_hand === 'LEFT'
        ? female
          ? 'Canhota.'
          : 'Canhoto.'
        : female
          ? 'Destra.'
          : 'Destro.',
    )
  if (profile.height_cm)
    lines.push(`${(profile.height_cm / 100).toFixed(2).replace('.', ',')} m de altura.`)
  if (profile.training_per_week !== null && profile.training_per_week !== undefined)
    lines.push(
      profile.training_per_week === 0
        ? 'Treina menos de uma vez por semana.'
        : `Treina ${profile.training_per_week}x por semana.`,
    )
  if (profile.goal) lines.push(`Objetivo: “${profile.goal}”.`)
  return lines
}

export interface RecallInput {
  recall: Recall
  /** With everything recalled, the one thing asked first, answered first. */
  first?: Recall
  facts: readonly RememberedFact[]
  profile: PlayerProfile
  now: Date
  /** The days of the saved plan, said when the player asks which days they told. */
  planDays?: readonly string[]
  /** The player's question: with two partners, the one it asks about ("minha parceira") first. */
  question?: string
}

/** The answer, first sentence first; never a fact the memory does not hold. */
export function recallReply({
  recall,
  first,
  facts,
  profile,
  now,
  planDays,
  question,
}: RecallInput): string {
  if (recall === 'TUDO' && first && first !== 'TUDO') {
    const answer =
      recallReply({ recall: first, facts, profile, now, ...(question ? { question } : {}) }).split(
        '\n\n',
      )[0] ?? ''
    const rest = recallReply({
      recall,
      facts: facts.filter((f) => f.kind !== first),
      profile,
      now,
    })
    return `${answer}\n\n${rest}`
  }
  switch (recall) {
    case 'PARCEIRO': {
      const line = partnerLine(facts, question)
      if (!line)
        return `Você ainda não me contou quem é a sua dupla. Me diz o nome e com qual mão joga, que eu guardo e uso nas dicas de posicionamento.\n\n${MEMORY_LINK}`
      // "E o torneio de vocês" only of the partner named first, or of the only one.
      const firstName = /\*\*([^*]+)\*\*/.exec(line)?.[1]
      const more = of(facts, 'TORNEIO').map((t) => {
        const [text = ''] = tournamentLines(facts, now, t)
        const theirs = t.fields?.partner
          ? t.fields.partner === firstName
          : of(facts, 'PARCEIRO').length === 1
        return theirs
          ? text.replace(/^Seu torneio( com (a |o )?\S+)?/, 'E o torneio de vocês')
          : text
      })
      return [line, ...more].join(' ').concat(`\n\n${MEMORY_LINK}`)
    }
    case 'RAQUETE':
      return `${racketLine(facts) ?? 'Você ainda não me contou qual raquete usa. Me diz a marca e o modelo, que eu guardo.'}\n\n${MEMORY_LINK}`
    case 'TORNEIO': {
      const lines = tournamentLines(facts, now)
      return `${lines.length > 0 ? lines.join(' ') : 'Você ainda não me contou de nenhum torneio marcado. Quando for, me diz a data que eu monto a preparação até lá.'}\n\n${MEMORY_LINK}`
    }
    case 'LESAO': {
      const lines = injuryLines(facts)
      return lines.length > 0
        ? `Você me contou de: ${lines.map((l) => l.replace(/\.$/, '')).join('; ')}. Eu levo isso em conta nos exercícios e nos planos.\n\n${MEMORY_LINK}`
        : `Você não me contou de nenhuma dor ou lesão. Se aparecer alguma, me diz onde e desde quando.\n\n${MEMORY_LINK}`
    }
    case 'ROTINA': {
      const line = routineLine(facts)
      const plan = planDays?.length ? `No plano que montamos: ${joinPt([...planDays])}.` : null
      return `${line ?? plan ?? 'Você ainda não me disse em que dias joga ou treina.'}${line && plan ? ` ${plan}` : ''}\n\n${MEMORY_LINK}`
    }
    case 'OBJETIVO': {
      const goals = [
        ...(profile.goal ? [profile.goal] : []),
        ...of(facts, 'OBJETIVO').map((f) => f.text),
      ]
      return goals.length > 0
        ? `Seu objetivo, do jeito que você me contou: “${goals[0]?.replace(/\.$/, '')}”.${goals.length > 1 ? ` E também: ${goals.slice(1).join('; ')}.` : ''} É por ele que eu escolho o que priorizar nos treinos.\n\n${MEMORY_LINK}`
        : `Você ainda não me contou um objetivo. Me diz o que quer alcançar (um torneio, subir de categoria, jogar sem dor) que eu guardo e monto os treinos em cima disso.\n\n${MEMORY_LINK}`
    }
    case 'FREQUENCIA': {
      const told = facts.find((f) => f.fields?.perWeek !== undefined)?.fields?.perWeek
      const n = told ?? profile.training_per_week
      const days = routineLine(facts.filter((f) => f.fields?.perWeek === undefined))
      return n !== null && n !== undefined
        ? `${n === 0 ? 'Menos de uma vez por semana' : `**${n}x por semana**`}, ${told !== undefined ? 'como você me contou por último' : 'como você me disse no começo'}.${days ? ` ${days}` : ''}\n\n${MEMORY_LINK}`
        : `Você ainda não me disse quantas vezes joga por semana. Me conta que eu guardo.\n\n${MEMORY_LINK}`
    }
    case 'TUDO': {
      const perWeek = facts.find((f) => f.fields?.perWeek !== undefined)?.fields?.perWeek
      const about = [
        ...profileLines(
          perWeek !== undefined ? { ...profile, training_per_week: perWeek } : profile,
        ),
        partnerLine(facts),
        racketLine(facts),
        ...tournamentLines(facts, now),
        ...injuryLines(facts).map((l) => l),
        routineLine(facts.filter((f) => f.fields?.perWeek === undefined)),
        ...of(facts, 'OBJETIVO').map((f) => f.text),
        ...of(facts, 'RESULTADO').map((f) => f.text),
        ...of(facts, 'OUTRO').map((f) => f.text),
      ].filter((l): l is string => l !== null && l !== '')
      const name = profile.name?.split(' ')[0]
      return `O que eu sei de você${name ? `, ${name}` : ''}:\n${about.map((l) => `- ${l}`).join('\n')}\n\n${MEMORY_LINK}`
    }
  }
}

/** The partner's gender as the player spoke of them, when the memory holds it. */
export function partnerGender(
  facts: readonly RememberedFact[] | undefined,
  texts: readonly string[] = [],
): 'MALE' | 'FEMALE' | null {
  return partnerInTalk(facts, texts)?.fields?.gender ?? null
}
