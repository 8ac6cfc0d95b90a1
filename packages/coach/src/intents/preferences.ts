import type { Archetype } from '@areia/contracts'
import type { Classification } from './classifier'
import { terms } from './normalize'
import { type Intent, intentById } from './registry'
import type { Slots } from './slots'
import { APP_TROUBLE, PARTNER_SUBJECT } from './wording'

// General preferences between close readings, true of any message: the area's general question,
// words of feeling or measuring, who the question is about, and the details it states.

/**
 * The general question of each stroke or area: when a message only names the stroke ("como
 * melhorar meu smash?") its readings tie, and the general one is what was asked.
 */
const GENERAL = new Set([
  'saque-basico',
  'devolucao-basico',
  'voleio-basico',
  'smash-basico',
  'bandeja-o-que-e',
  'lob-basico',
  'curtinha-basico',
  'forehand',
  'backhand',
  'preparo-fisico',
  'empunhadura',
  'footwork-areia',
])
const TIE = 0.95

/** The general question of each domain that has one. */
export const GENERAL_OF = new Map<string, string>()
for (const id of GENERAL) {
  const intent = intentById(id)
  if (intent && !GENERAL_OF.has(intent.domain)) GENERAL_OF.set(intent.domain, id)
}

/**
 * Among readings that tie, or when the message names only the area ("como melhorar meu
 * saque?": nothing but the stroke), the general question of the area.
 */
export function preferGeneral(c: Classification): Classification {
  const [top] = c.candidates
  if (!top || GENERAL.has(top.intent.id))
    return { ...c, general: top !== undefined && GENERAL.has(top.intent.id) }
  const generalId = GENERAL_OF.get(top.intent.domain)
  const general =
    c.candidates.find((cand) => GENERAL.has(cand.intent.id) && cand.score >= top.score * TIE) ??
    (generalId && c.topical.length === 1 && c.topical.every((t) => areaTerms(generalId).has(t))
      ? {
          intent: intentById(generalId) as Intent,
          score: top.score,
          coverage: top.coverage,
          evidence: top.evidence,
        }
      : undefined)
  if (!general) return c
  return {
    ...c,
    general: true,
    candidates: [general, ...c.candidates.filter((cand) => cand.intent.id !== general.intent.id)],
  }
}

const AREA_TERMS = new Map<string, Set<string>>()
/** The words that name an area: its general intent's label and keywords. */
function areaTerms(id: string): Set<string> {
  let found = AREA_TERMS.get(id)
  if (!found) {
    const intent = intentById(id)
    found = new Set(intent ? terms([intent.label, ...(intent.keywords ?? [])].join(' ')) : [])
    AREA_TERMS.set(id, found)
  }
  return found
}

/**
 * Words of feeling and words of measuring say who the question is for more than the stroke it
 * names: "fico tensa quando tem gente assistindo" is for the mental coach, "qual meu percentual de
 * acerto no saque" for the statistical one.
 */
const CUES: Array<[Archetype, RegExp]> = [
  [
    'MENTAL',
    /\b(nervos|ansios|ansiedad|calm|tens[ao]\b|tensao|medo|vergonh|irrit|raiva|brav[oa]|paciencia|psicolog|cabeca|concentr|foco|focad|confian|insegur|abal|desanim|motivac|frustr|chatead|trist|pressao|tremo|trava|travo|positiv|emoc|mental|autoestima|esquec|me sentindo|sentindo um|um lixo|pessim[oa]|humilhad|vontade de (largar|parar|desistir))/,
  ],
  [
    'ESTATISTICO',
    /\b(percentual|porcentagem|taxa|media|estatistic|numeros?\b|aproveitamento|desempenho|evolucao|evolui|melhorei|melhorando|progress|quantos (pontos|jogos|saques|erros|games)|quantas (vezes|bolas)|meu nivel|ranking)|\d+ ?%/,
  ],
]
const CUE_BOOST = 1.25

export function cued(c: Classification, plain: string): Classification {
  const owners = CUES.filter(([, re]) => re.test(plain)).map(([owner]) => owner)
  const [owner] = owners
  if (owners.length !== 1 || !owner) return c
  const candidates = c.candidates
    .map((cand) =>
      cand.intent.owner === owner ? { ...cand, score: cand.score * CUE_BOOST } : cand,
    )
    .sort((a, b) => b.score - a.score)
  // "qual meu percentual de acerto": a figure about the player's own game, even when nothing in
  // the knowledge names the figure.
  const own = owner === 'ESTATISTICO' && /\b(meu|minha|meus|minhas|eu)\b/.test(plain)
  const stats = intentById('meu-ultimo-jogo')
  if (own && stats && candidates[0]?.intent.owner !== owner) {
    const score = candidates[0]?.score ?? 1
    return {
      ...c,
      topical: [...c.topical, 'numeros'],
      candidates: [{ intent: stats, score, coverage: 1, evidence: 0 }, ...candidates],
    }
  }
  return { ...c, candidates, topical: c.topical.length > 0 ? c.topical : [owner.toLowerCase()] }
}

/** Anger shown in play: swearing, a warning from the umpire, losing one's head. */
const ANGER =
  /\b(raiva|xing\w*|palavrao|palavroes|advertencia|perco a cabeca|perdi a cabeca|estour\w*|quebr\w* a raquete|jog\w* a raquete)\b/

/**
 * The subject decides between close readings: "meu parceiro abaixa a cabeça…" is about helping
 * the partner, "o app trava quando mando vídeo" is a problem for support, not a how-to.
 */
function aboutSomeone(c: Classification, plain: string): Classification {
  const [top] = c.candidates
  if (!top) return c
  const prefer = (pick: (i: Intent) => boolean, within: number) => {
    if (pick(top.intent)) return c
    const found = c.candidates.find((cand) => pick(cand.intent) && cand.score >= top.score * within)
    return found ? { ...c, candidates: [found, ...c.candidates.filter((x) => x !== found)] } : c
  }
  if (
    (APP_TROUBLE.test(plain) && top.intent.domain === 'produto') ||
    (APP_TROUBLE.test(plain) && top.intent.domain === 'numeros')
  )
    return prefer((i) => i.id === 'suporte', 0.5)
  if (PARTNER_SUBJECT.test(plain) && top.intent.owner === 'MENTAL')
    return prefer((i) => i.owner === 'MENTAL' && /parceir|dupla/.test(i.id), 0.6)
  // "eu xingo muito em quadra, como seguro a raiva?": anger in play, not nerves before it.
  if (ANGER.test(plain) && top.intent.owner === 'MENTAL' && top.intent.id !== 'tilt') {
    // Raised above the top's score, so the frame's reweighting that follows keeps it first.
    const tilt = c.candidates.find((cand) => cand.intent.id === 'tilt')
    if (tilt && tilt.score >= top.score * 0.3)
      return {
        ...c,
        candidates: [
          { ...tilt, score: top.score * 1.05 },
          ...c.candidates.filter((x) => x !== tilt),
        ],
      }
  }
  return c
}

/**
 * A partner's or an opponent's hand named in the message says which question it is: "meu
 * parceiro é canhoto" is about playing with a left-hander, not about being one.
 */
export function bySlots(c: Classification, slots: Slots, plain: string): Classification {
  const schedule =
    slots.dayActivities !== undefined ||
    (slots.days?.length ?? 0) >= 2 ||
    slots.sessionsPerWeek !== undefined
  // A result the player reports ("perdi de 6/3"), with no feeling in it, is a game to read.
  const feeling = CUES[0]?.[1].test(plain) ?? false
  const reported = slots.score?.won !== undefined && !feeling
  // A loss told with feeling ("perdi de 6/0, tô me sentindo um lixo") is about the loss.
  const hurt = slots.score?.won === false && feeling
  // "jogo sábado e domingo, o que faço à noite pra recuperar?": the days frame a recovery question.
  const recovering =
    /\b(recuper\w*|me recompor|nao morrer|pra aguentar)\b/.test(plain) &&
    !/\b(confian\w*|cabeca|mental|lesao|lesionad\w*|machuc\w*|ombro|joelho|punho|cotovelo|tornozelo|lombar|costas|entorse|tendinite|placar|set|vantagem)\b/.test(
      plain,
    )
  const wanted = hurt
    ? 'derrota'
    : recovering
      ? // Between games of one day, or a night before the next day's game.
        /\b(entre (um|os|uma)|um e outro|no mesmo dia|mesmo dia|intervalo|varios jogos|tres jogos|3 jogos)\b/.test(
          plain,
        ) && !/\b(noite|amanha|dia seguinte)\b/.test(plain)
        ? 'recuperacao-jogos'
        : 'recuperacao-pos-jogo'
      : schedule && /\b(mont|organiz|plano|planej|rotina|cronograma|divid)/.test(plain)
        ? 'plano-semanal'
        : reported
          ? 'resultado-jogo'
          : slots.partner?.hand
            ? /\b(adversari|contra)/.test(plain)
              ? 'contra-canhoto'
              : 'parceiro-canhoto'
            : undefined
  if (!wanted) return aboutSomeone(c, plain)
  const intent = intentById(wanted)
  const top = c.candidates[0]
  if (!intent || !top || top.intent.id === wanted || top.intent.domain === 'conversa') return c
  const rest = c.candidates.filter((cand) => cand.intent.id !== wanted)
  return {
    ...c,
    candidates: [
      { intent, score: top.score, coverage: top.coverage, evidence: top.evidence },
      ...rest,
    ],
  }
}
