import { bestBySignature, bindFrame } from '../frames/bind'
import { signatureOf } from '../frames/signatures'
import { type Frame, readFrame } from '../frames/frame'
import { type Change, mergeFrames } from '../frames/dialogue'
import { type OwnQuestion, type OwnTopic, ownQuestion } from '../analysis/ask'
import { planInHistory, type PlanQuestion, planQuestion } from '../plans/questions'
import { opponentLefty } from './sides'
import { type Chat, classifyChat, isEnglish } from '../small-talk'
import { looksLikeGibberish, normalize } from '../text'
import type { ChatTurn } from '../types'
import { type Candidate, type Classification, IntentIndex } from './classifier'
import { chatText, plainText, terms } from './normalize'
import { type Intent, INTENTS, intentById } from './registry'
import { byNamedStroke } from './named-stroke'
import { bySlots, cued, GENERAL_OF, preferGeneral } from './preferences'
import { explainTerm, termQuestion } from './glossary'
import { extractSlots, type Slots } from './slots'
import {
  COMPLAINT,
  FIRST,
  FOLLOW,
  FROM_SCRATCH,
  HOW_ARE_YOU,
  INSULT,
  MORE,
  PRAISE,
  REPHRASE,
  SECOND,
  PARTNER_SUBJECT,
  WHY,
} from './wording'

/**
 * How a message relates to the conversation: a new question, a follow-up that only makes sense
 * with the previous one, "more on that", "explain it another way", a question already answered,
 * or a message too unclear to answer without asking.
 */
/** "direita dele ou minha?": a question about whose side the last answer meant. */
const WHOSE_SIDE =
  /\b(direit[oa]|esquerd[oa])\b[^?]{0,25}\b(dele|dela|minha|meu|de quem)\b|\b(dele|dela) ou (minha|meu|o meu|a minha)\b/

/** Strokes whose target changes with the opponent's hand. */
const STROKE_DOMAINS = new Set(['lob', 'smash', 'saque', 'devolucao', 'voleio', 'fundo', 'bandeja'])

export type Mode = 'NEW' | 'FOLLOWUP' | 'MORE' | 'REPHRASE' | 'WHY' | 'REPEAT' | 'CLARIFY'

export interface Understanding {
  mode: Mode
  /** The question first; a second one when the message asks two things. Empty for CLARIFY. */
  intents: Intent[]
  /** For CLARIFY: the readings to offer (none when nothing fits). */
  options: Intent[]
  slots: Slots
  /** Times the main intent was answered before in this conversation. */
  asked: number
  /** A reading almost as likely as the main one, from another area: offered in the answer. */
  alternative?: Intent
  /** What the message named; for a follow-up, the previous question's frame with its change. */
  frame: Frame
  /** For a follow-up: the parts of the frame it changed ("e no vento?" changes the conditions). */
  changed?: Change[]
  /** A question about the player's own reports: which figure or area. */
  own?: OwnQuestion
  /** A question about the saved plan: a day, the total, a day to add, time for a subject. */
  plan?: PlanQuestion
  /** The question before this one, what "isso" in "quanto tempo dedico a isso?" points at. */
  previous?: Intent
}

let index: IntentIndex | undefined
function intentIndex(): IntentIndex {
  index ??= new IntentIndex(INTENTS)
  return index
}

/** Classification of any text against the whole knowledge (for prompts and tools). */
export function classify(text: string): Classification {
  return intentIndex().classify(text)
}

/** Most words are a keyboard mash ("asdfgh", "qwpoeiru jjjkk"), judged word by word. */
function mashed(plain: string): boolean {
  const words = plain.split(' ').filter((w) => w.length >= 4)
  if (words.length === 0) return plain.trim() !== '' && looksLikeGibberish(plain)
  return words.filter((w) => looksLikeGibberish(w)).length * 2 > words.length
}

/** What the small-talk patterns call each kind of message. */
const CHAT_INTENT: Partial<Record<Chat, string>> = {
  EMOJI: 'emoji',
  GREETING: 'saudacao',
  THANKS: 'agradecimento',
  BYE: 'despedida',
  LAUGH: 'risada',
  ACK: 'concordancia',
  ABOUT_COACH: 'identidade-ia',
}

/** Below this share of known vocabulary a message is about something else. */
const MIN_KNOWN = 0.34
/** A reading this close to the runner-up (score ratio) is offered the other way too. */
const CLOSE = 1.08
/** Small talk needs a clear lead over the sport's intents to be taken as small talk. */
const CHAT_MARGIN = 1.15
/** A reading this far ahead of the next is clear even without a word of the sport. */
const CLEAR = 2

function ratio(c: Classification): number {
  const [top, second] = c.candidates
  return top && second ? top.score / second.score : Number.POSITIVE_INFINITY
}

/** Nothing in the message names the sport, and small talk does not clearly fit either. */
function vague(c: Classification): boolean {
  const top = c.candidates[0]
  if (!top) return true
  if (c.topical.length > 0 || (ratio(c) >= CLEAR && c.specific > 0)) return false
  return top.intent.domain !== 'conversa' || ratio(c) < CHAT_MARGIN
}

/** Within this factor of the best score, a reading close to the previous question wins. */
const CONTEXT = 0.8

/** The best reading in the previous question's area (same domain or related), if nearly as good. */
function nearLast(c: Classification, last: Intent, within = CONTEXT): Candidate | undefined {
  const [top] = c.candidates
  if (!top) return undefined
  const close = (i: Intent) =>
    i.id === last.id ||
    i.domain === last.domain ||
    (last.related ?? []).includes(i.id) ||
    (i.related ?? []).includes(last.id)
  if (close(top.intent)) return top
  return c.candidates.find(
    (cand) =>
      cand.intent.domain !== 'conversa' && close(cand.intent) && cand.score >= top.score * within,
  )
}

interface State {
  last?: Intent
  lastFrame?: Frame
  /** The area of the last question about the player's own reports, while the talk stays there. */
  lastOwn: OwnTopic | null
  /** The team already gave the player a plan in this conversation. */
  hasPlan: boolean
  /** The player's words that set `last`, to read a follow-up against. */
  lastText?: string
  asked: Map<string, number>
  /** The words of each earlier message, by the question it was read as. */
  askedWords: Map<string, string[][]>
  clarifying: Intent[]
}

/** The options a coach's clarifying question offered: its bold labels, in order. */
function clarifyOptions(text: string): Intent[] {
  if (!/\?\s*$/.test(text.trim()) || !/\bquer saber\b|\bfalando\b|\bseria\b/.test(text)) return []
  const labels = [...text.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1] ?? '')
  return labels.flatMap((label) => {
    const found = INTENTS.find((i) => i.label === label)
    return found ? [found] : []
  })
}

/** A trouble told is a question too ("fico muito nervosa antes dos jogos"); a setting is not. */
const TROUBLE =
  /\b(fico|sinto|nao consigo|sempre|nunca|travo|trava|erro|errando|dor|doi|medo|nervos\w*|ansios\w*|vai na|vao na|sai|saem)\b/

/** Words that make a clause a question even without its question mark. */
const ASKING =
  /\b(como|qual|quais|quando|onde|porque|por que|o que|quem|quant[oa]s?|sera|posso|pode|devo|vale|tem como|da pra|me (ajuda|explica|fala|diz|ensina)|preciso|e normal)\b/

/**
 * The questions inside a longer message: split at sentence ends and "e também", "e o que…";
 * a clause that only tells something ("vou jogar com a Carol") is not one.
 */
function clauses(text: string): string[] {
  const out: string[] = []
  // Split at the question marks before the chat's normal form drops them.
  for (const sentence of text.split(/(?<=[?.!;])\s*/)) {
    const marked = sentence.includes('?')
    const pieces = chatText(sentence).split(
      /\b(?:e tambem|alem disso|outra coisa|e outra|tambem queria|e mais uma)\b|\s(?=e (?:o que|como|quando|qual|onde|porque|por que|quant[oa]s?|me (?:ajuda|explica|fala|diz|ensina))\b)/,
    )
    for (const piece of pieces) {
      const clause = piece?.trim() ?? ''
      if (clause === '') continue
      // A sentence that only describes a trouble is a question when it opens the message ("fico
      // nervosa antes dos jogos. e qual raquete?"); after one, it details it ("a minha sai sem corte").
      const asked = marked || ASKING.test(clause) || (out.length === 0 && TROUBLE.test(clause))
      // "como corto isso?" leans on the clause before it: not a question on its own.
      if (
        asked &&
        terms(clause).length >= 2 &&
        !/\b(isso|isto|disso|nisso|dele|dela)\b/.test(clause)
      )
        out.push(clause)
    }
  }
  return out
}

const READINGS = new Map<string, Classification>()
const READINGS_KEPT = 5000

/**
 * The message read against the knowledge, with the preferences above applied. Readings are kept:
 * every reply reads the conversation's earlier messages again.
 */
function read(text: string): Classification {
  const kept = READINGS.get(text)
  if (kept) return kept
  const plain = plainText(text)
  const reading = byNamedStroke(
    preferGeneral(
      bindFrame(
        bySlots(cued(intentIndex().classify(text), plain), extractSlots(text), plain),
        readFrame(text),
      ),
    ),
    plain,
  )
  if (READINGS.size >= READINGS_KEPT) READINGS.delete(READINGS.keys().next().value as string)
  READINGS.set(text, reading)
  return reading
}

/**
 * A clause's reading when it is a question of the sport on its own; close siblings are all
 * on topic, so a tie among them does not make it unclear.
 */
function clearReading(c: Classification): Intent | undefined {
  const top = c.candidates[0]
  if (!top || vague(c) || top.intent.domain === 'conversa' || top.coverage < 0.4) return undefined
  return top.intent
}

const PRODUCT_WORDS =
  /\b(plano|planos|assinatura|assinar|pro|ultra|areia|app|aplicativo|pix|cartao|ia|inteligencia artificial|robo|humano|analista|video)\b/
/** Who watches the video: "alguém de verdade assiste?", "uma pessoa olha o vídeo?". */
const WATCHES =
  /\b(assiste|assistem|olha|olham|ve o video|veem|analisa|analisam|confere|conferem)\b/

/**
 * The questions of a message with several clauses ("como melhoro o saque? e o que faço quando
 * fico nervoso?"), in the order asked; fewer than two when it asks one thing.
 */
function clauseIntents(text: string): Intent[] {
  const parts = clauses(text)
  if (parts.length < 2) return []
  const found: Intent[] = []
  for (const [i, part] of parts.entries()) {
    const reading = read(part)
    // "vale pagar mais caro numa 18k?", "perco muito?": a later clause with no subject of its
    // own asks more of the first question, not of whatever its verb brings to mind.
    if (i > 0 && found.length > 0 && reading.topical.length === 0) continue
    // A later question of the same area as the first ("bola na linha é dentro? e no 40 iguais tem
    // vantagem?") is asked on its own, even in fewer words than the knowledge's examples.
    const near = reading.candidates[0]
    const sameArea =
      i > 0 &&
      found[0] !== undefined &&
      near !== undefined &&
      near.intent.domain === found[0].domain &&
      near.intent.domain !== 'conversa' &&
      near.coverage >= 0.2
        ? near.intent
        : undefined
    const clear = clearReading(reading) ?? sameArea
    // "…e alguém de verdade assiste ou é só IA?" after a question on sending a video: the
    // analyst who watches it, not what the coach is.
    const watched =
      near?.intent.id === 'identidade-ia' && WATCHES.test(plainText(part))
        ? intentById('analista-humano')
        : undefined
    const intent = watched ?? clear
    // Its subject words must be that reading's own: "18k" is a racket's, not a private lesson's.
    if (i > 0 && intent && !watched && found.length > 0 && !ownsAny(intent, reading.topical))
      continue
    // "vale pagar o dobro?" after a racket question is about the racket, not the app's plans.
    if (intent?.domain === 'produto' && found.length > 0 && !PRODUCT_WORDS.test(plainText(part)))
      continue
    if (intent && !found.some((f) => f.id === intent.id)) found.push(intent)
  }
  return found.slice(0, 2)
}

/** Whether any of these subject words is in how players ask the intent. */
function ownsAny(intent: Intent, words: readonly string[]): boolean {
  const said = plainText([...intent.examples, ...(intent.keywords ?? [])].join(' '))
  return words.some((w) => new RegExp(`\\b${w}`).test(said))
}

/** Words that say the body hurts. */
const PAIN_SAID =
  /\b(dor|dores|doi|doendo|tendinite|lesao|machuc\w*|inflam\w*|torci|operei|cirurgia)\b/

/** "vc é gente ou robô?", "é uma IA?", "tem alguém de verdade aí?": asking what the coach is. */
const WHO_ARE_YOU =
  /\b(voce|vc|voces|vcs) (e|sao|eh) (gente|humano|humana|humanos|pessoa|pessoas|robo|robos|bot|bots|uma ia|ia|de verdade)\b|\b(e|sao) (gente|pessoa|pessoas) de verdade\b|\bgente ou (robo|bot|ia|maquina)\b|\b(robo|bot|ia) ou (gente|humano|pessoa)\b/

/** Questions about the partner and how the two get on, where a pronoun keeps the thread. */
const PARTNER_THREAD = /parceir|dupla|comunicacao|conflito|cobra/

function resolve(text: string, state: State): Understanding {
  const slots = extractSlots(text)
  const frame = readFrame(text)
  const plain = plainText(text)
  const own = terms(text)
  const asked = (intent: Intent) => state.asked.get(intent.id) ?? 0
  // "Você já me perguntou" only when the player really asks the same thing again: most of this
  // message's words were in an earlier message read as the same question.
  const mine = new Set(terms(text))
  const again = (intent: Intent) =>
    mine.size > 0 &&
    (state.askedWords.get(intent.id) ?? []).some(
      (earlier) => earlier.filter((w) => mine.has(w)).length >= Math.max(2, mine.size * 0.6),
    )
  const make = (mode: Mode, intents: Intent[], options: Intent[] = []): Understanding => ({
    mode,
    intents,
    options,
    slots,
    asked: intents[0] ? asked(intents[0]) : 0,
    frame,
  })
  const conversa = (id: string) => {
    const intent = intentById(id)
    return intent ? make('NEW', [intent]) : make('CLARIFY', [])
  }

  // An answer to the question a coach just asked back ("a primeira", "sobre o saque").
  if (state.clarifying.length > 0 && own.length <= 6) {
    const [a, b] = state.clarifying
    if (a && FIRST.test(plain)) return make('NEW', [a])
    if (b && SECOND.test(plain)) return make('NEW', [b])
    const c = intentIndex().classify(text)
    const pick = c.candidates
      .slice(0, 3)
      .find((cand) => state.clarifying.some((o) => o.id === cand.intent.id))
    if (pick && pick.coverage >= 0.3)
      return make(again(pick.intent) ? 'REPEAT' : 'NEW', [pick.intent])
  }

  if (!/[\p{L}\p{N}]/u.test(text)) return conversa('emoji')
  // "qual raquete eu falei?", "o que você sabe de mim?": answered from what the player told us.
  if (frame.recall) return conversa('lembrar')
  // "46% no meio é ruim?", "e meu saque?", "melhorei?": the player's own reports.
  const report = ownQuestion(text, state.lastOwn)
  const stats = intentById('meu-ultimo-jogo')
  if (report && stats) return { ...make('NEW', [stats]), own: report }
  const c = read(text)
  const top = c.candidates[0]
  // A keyboard mash: no word the knowledge knows, and no word that reads like Portuguese.
  if ((mashed(plain) && c.known < 0.5) || (c.known === 0 && /^\S{6,}$/.test(plain.trim())))
    return conversa('sem-sentido')
  // An insult at the team is answered as one, whatever sport word it carries.
  if (INSULT.test(plain) && own.length <= 8) return conversa('ofensa')
  // "q q é 'fechar a paralela'?": the question the term belongs to, explained first.
  const termed = termQuestion(text)
  const termIntent = termed ? intentById(termed) : undefined
  if (termIntent) return make('NEW', [termIntent])
  // "…vi jogo no youtube kkk vc é gente ou robô?": who the player talks to, whatever came before.
  if (WHO_ARE_YOU.test(plain)) return conversa('identidade-ia')
  // "vcs são 3 treinadores? cada um faz oq": who does what in the team.
  if (
    /\b(cada um (faz|cuida de) (o que|oq|q)|quem (faz|cuida de) (o que|oq)|quem e quem|(voces|vcs) sao (3|tres) (treinadores|coaches|treinador\w*))\b/.test(
      plain,
    )
  )
    return conversa('quem-e-quem')
  // "como bato a bola alta de backhand? … to com tendinite no joelho": the question asked, with
  // the injury told beside it shaping the answer, not a lesson on the knee instead.
  if (frame.pain && top?.intent.domain === 'corpo') {
    const question = text
      .split(/(?<=\?)\s*/)
      .find((part) => part.includes('?') && !PAIN_SAID.test(chatText(part)))
    const asked = question ? clearReading(read(question)) : undefined
    if (asked && asked.domain !== 'corpo' && asked.domain !== 'conversa')
      return make(again(asked) ? 'REPEAT' : 'NEW', [asked])
  }
  // Two questions, each clear on its own ("tie break vai até quanto? e troca de lado?"): both,
  // in the order asked, before a follow-up reading can swallow the first.
  const both = clauseIntents(text)
  if (
    both.length === 2 &&
    (text.match(/\?/g)?.length ?? 0) >= 2 &&
    both.some((b) => b.owner === top?.intent.owner)
  )
    return make('NEW', both)
  // Said about the last answer, not a question: praise, or a complaint that it missed.
  if (own.length <= 8 && !text.includes('?')) {
    // "você já disse isso, queria algo diferente": another explanation of the same question.
    if (state.last && /\b(ja (me )?(falou|disse)|algo diferente|outra explicacao)\b/.test(plain))
      return make('REPHRASE', [state.last])
    if (COMPLAINT.test(plain)) return conversa('reclamacao-resposta')
    if (PRAISE.test(plain)) return conversa('elogio')
  }
  // "monta um treino de smash pra essa semana": a plan, whatever the stroke it is for; "um
  // treino de 40 min no paredão" is one session of it.
  const planning = intentById('plano-semanal')
  const asking = planQuestion(text)
  if (asking?.kind === 'SESSION' && planning) return { ...make('NEW', [planning]), plan: asking }
  if (frame.planRequest && planning) return make('NEW', [planning])
  if (asking) {
    const id =
      asking.kind === 'ALLOCATE'
        ? 'frequencia-treino'
        : asking.kind === 'TODAY' || asking.kind === 'TOMORROW' || state.hasPlan
          ? 'plano-hoje'
          : undefined
    const intent = id ? intentById(id) : undefined
    if (intent)
      return {
        ...make('NEW', [intent]),
        plan: asking,
        ...(state.last ? { previous: state.last } : {}),
      }
  }
  // "boa noite" late in a conversation takes leave.
  if (
    state.asked.size > 0 &&
    /^(boa noite|bom descanso)( (galera|pessoal|time|equipe|gente))?$/.test(plain)
  )
    return conversa('despedida')
  // "bom diaaa ☀️ tudo bem com vcs?": a greeting, whatever word of the sport an emoji brings.
  const greeting = /^(bom dia|boa tarde|boa noite|oi|ola|e ai|eai|fala|salve|opa)\b/.test(plain)
  if (greeting && own.length <= 6 && frame.strokes.length === 0 && !frame.recall) {
    if (
      /\b(tudo (bem|bom|certo|tranquilo|joia)|como (vai|voces estao|voce esta|estao|esta)|beleza)\b/.test(
        plain,
      )
    )
      return conversa('como-vai')
    if (c.topical.length <= 1 && !/\b(como|qual|quando|onde|porque|o que)\b/.test(plain))
      return conversa('saudacao')
  }
  // Short small talk ("kkkk", "blz", "valeu!") is read by its wording, not by retrieval.
  if ((c.topical.length === 0 && own.length <= 5) || own.length <= 2) {
    // "beleza?" asks how the coach is; "blz, vou fazer isso" agrees.
    const agreeing = /^beleza\b/.test(plain) && !text.trim().endsWith('?')
    if (HOW_ARE_YOU.test(plain) && !agreeing) return conversa('como-vai')
    const chat = CHAT_INTENT[classifyChat(text, normalize(text), false)]
    if (chat) return conversa(chat)
    if (c.topical.length === 0 && isEnglish(normalize(text))) return conversa('ingles')
  }
  if (!top) return make('CLARIFY', [])
  const unclear = vague(c)
  const extra = own.filter(
    (t) => !/^(nao|entend|explic|outr|jeit|form|manei|melhor|nov|assim|clar)/.test(t),
  )

  // "e se ele não mudar?", "como eu falo isso com ela?" right after a question about the
  // partner: the same partner, the same trouble, not whatever the verb brings to mind.
  if (
    state.last &&
    PARTNER_THREAD.test(state.last.id) &&
    // Sides and the middle ball are tactics: a new question after them is its own.
    state.last.domain !== 'tatica' &&
    frame.strokes.length === 0 &&
    frame.situations.length === 0 &&
    own.length <= 12 &&
    (/\b(ele|ela|dele|dela|pra ele|pra ela|com ele|com ela)\b/.test(plain) ||
      (own.length <= 6 && /\bisso\b/.test(plain))) &&
    // "e quando ela saca, eu fico onde?" is a question of play, whoever it names.
    !/\b(saca\w*|recebe\w*|devolv\w*|fico onde|onde (eu )?fico|posicion\w*|lado|lob|smash|voleio|rede)\b/.test(
      plain,
    ) &&
    // "dá pra treinar 3x com ela até o torneio?" is a question of training, not of the partner.
    !/\b(trein\w*|plano|prioriz\w*|torneio|campeonato|semana)\b/.test(plain) &&
    !(top && top.intent.domain !== 'conversa' && PARTNER_THREAD.test(top.intent.id))
  ) {
    if (WHY.test(plain)) return make('WHY', [state.last])
    return make('FOLLOWUP', [state.last])
  }

  if (state.last && REPHRASE.test(plain) && (extra.length <= 4 || explainTerm(text)))
    return make('REPHRASE', [state.last])
  // "não entendi, direita dele ou minha?": the last answer, with whose side it meant.
  if (state.last && WHOSE_SIDE.test(plain)) return make('REPHRASE', [state.last])
  // "e se o cara da rede for canhoto?" right after a stroke: the same stroke, against a lefty.
  if (
    state.last &&
    STROKE_DOMAINS.has(state.last.domain) &&
    own.length <= 12 &&
    // "e se o sacador for canhoto?" names the serve only as who hits it.
    frame.strokes.every((st) => st === 'saque' || st === state.last?.domain) &&
    opponentLefty(text)
  )
    return make('FOLLOWUP', [state.last])
  // "e contra canhoto, muda algo?" after any question of play: playing a left-hander.
  const lefty = intentById('contra-canhoto')
  if (
    state.last &&
    lefty &&
    own.length <= 10 &&
    /\bcontra (um |uma |o |a )?canhot[oa]s?\b/.test(plain) &&
    frame.strokes.length === 0
  )
    return make(again(lefty) ? 'REPEAT' : 'NEW', [lefty])
  // "por quê?", "mas pq isso acontece comigo?": the reason behind the last answer.
  // "mas pq eu não posso ficar no meio pra pegar tudo?": a longer why, opened as an objection.
  const objection = /^(mas|e|ta mas|tá mas) (pq|por que|porque)\b/.test(plain) && own.length <= 12
  if (
    state.last &&
    (objection || (WHY.test(plain) && own.length <= 6)) &&
    frame.strokes.length === 0 &&
    !frame.rule
  )
    return { ...make('WHY', [state.last]), ...(state.lastFrame ? { frame: state.lastFrame } : {}) }
  // "explica o movimento todo do zero": the area's general question, from the start.
  if (state.last && FROM_SCRATCH.test(plain) && own.length <= 6) {
    const general = intentById(GENERAL_OF.get(state.last.domain) ?? state.last.id) ?? state.last
    return make(again(general) ? 'REPEAT' : 'NEW', [general])
  }
  if (state.last && MORE.test(plain) && own.length <= 6 && c.topical.length === 0)
    return make('MORE', [state.last])

  // "tô chegando tarde com ela" right after the new racket: the same subject, seen from here.
  if (
    state.last?.domain === 'equipamento' &&
    state.lastText &&
    frame.strokes.length === 0 &&
    /\b(com ela|com ele|essa raquete|essa ai|ela pesa|com a nova|por causa dela|por causa dele)\b/.test(
      plain,
    )
  ) {
    const joined = intentIndex().classify(`${text} ${text} ${state.lastText}`)
    const same = joined.candidates.find((cand) => cand.intent.domain === 'equipamento')
    if (same) return make('FOLLOWUP', [same.intent])
  }

  const followUp =
    state.last !== undefined &&
    state.lastText !== undefined &&
    (frame.elliptical || (FOLLOW.test(plain) && own.length <= 6) || (unclear && own.length <= 4))
  if (followUp && state.last && state.lastText) {
    const { frame: merged, changed } = state.lastFrame
      ? mergeFrames(state.lastFrame, frame)
      : { frame, changed: [] }
    // A follow-up that clearly names something else ("e comer o que antes?") is that question.
    // "e quem saca primeiro no set?" opens like a follow-up but asks a whole question of its own.
    const whole =
      frame.elliptical &&
      own.length >= 4 &&
      top !== undefined &&
      top.coverage >= 0.9 &&
      ratio(c) >= 1.6 &&
      top.intent.id !== state.last.id
    const clearly =
      (!frame.elliptical || whole) && top && !unclear && c.topical.length > 0 && ratio(c) >= 1.5
        ? c.candidates[0]
        : undefined
    const follow = (intent: Intent): Understanding => ({
      ...make('FOLLOWUP', [intent]),
      frame: merged,
      changed,
    })
    if (clearly) return make(again(clearly.intent) ? 'REPEAT' : 'NEW', [clearly.intent])
    // The same question under another condition or for another level ("e no vento?", "e pra
    // iniciante?") is the same question, answered for the change.
    if (changed.length > 0 && changed.every((k) => k === 'conditions' || k === 'level')) {
      // A sibling made for that condition ("o saque no vento") answers it; else the same question.
      const sibling = bestBySignature(merged)
      const fits =
        sibling &&
        sibling.intent.domain === state.last.domain &&
        (signatureOf(sibling.intent).conditions ?? []).some((c) => merged.conditions.includes(c))
      return follow(fits ? sibling.intent : state.last)
    }
    const joined = bindFrame(intentIndex().classify(`${text} ${text} ${state.lastText}`), merged)
    const best =
      (changed.length > 0 ? joined.candidates[0] : undefined) ??
      nearLast(c, state.last, 0.5) ??
      nearLast(joined, state.last) ??
      joined.candidates[0]
    // "tá, mas o que eu faço na hora?": the same question, asked for something concrete.
    if (
      changed.length === 0 &&
      c.topical.length === 0 &&
      (frame.elliptical || (FOLLOW.test(plain) && !PARTNER_SUBJECT.test(plain)))
    )
      return make('MORE', [state.last])
    // "e se for minha parceira que trava?": the same trouble, now of the partner.
    if (changed.length === 0 && PARTNER_SUBJECT.test(plain) && state.last.domain === 'mental') {
      const helping = intentById('parceiro-nervoso')
      if (helping) return follow(helping)
    }
    if (best && (changed.length > 0 || !vague(joined))) return follow(best.intent)
  }

  if (top && !unclear) {
    // A short message in the middle of a topic most likely stays in it.
    const near = state.last && own.length <= 6 ? nearLast(c, state.last) : undefined
    if (near && near.intent.id !== top.intent.id)
      return make(again(near.intent) ? 'REPEAT' : 'NEW', [near.intent])
    if (c.known < MIN_KNOWN && c.unknown >= 2 && top.intent.domain !== 'conversa')
      return conversa('fora-do-assunto')
    const asked2 = clauseIntents(text)
    // Each clause's reading, when the whole message's reading falls to one of their coaches.
    const intents =
      asked2.length === 2 &&
      asked2.some((a) => a.owner === top.intent.owner) &&
      // A message about the partner ("ela fica nervosa… o que eu falo pra ela?") is one question.
      !(PARTNER_SUBJECT.test(plain) && PARTNER_THREAD.test(top.intent.id))
        ? asked2
        : [top.intent]
    const runnerUp = c.candidates[1]
    const named = frame.strokes.length > 0 || frame.situations.length > 0 || frame.rule
    const alternative =
      !named &&
      intents.length === 1 &&
      runnerUp &&
      // An offer to answer another subject only when the message says much of it.
      runnerUp.coverage >= 0.5 &&
      !c.general &&
      ratio(c) < CLOSE &&
      runnerUp.intent.domain !== top.intent.domain
        ? runnerUp.intent
        : undefined
    const main = intents[0] as Intent
    return {
      ...make(again(main) ? 'REPEAT' : 'NEW', intents),
      ...(alternative ? { alternative } : {}),
    }
  }
  // Two or more words the knowledge has never seen: another subject, not a vague question.
  if (c.known < MIN_KNOWN && c.unknown >= 2) return conversa('fora-do-assunto')
  return make('CLARIFY', [], [])
}

/**
 * What the player's message asks, read against the conversation so far: the earlier turns are
 * replayed in order so that follow-ups, repeats and answers to a clarifying question resolve the
 * way they did when they were sent.
 */
export function understand(text: string, history: readonly ChatTurn[]): Understanding {
  const state: State = {
    asked: new Map(),
    askedWords: new Map(),
    clarifying: [],
    lastOwn: null,
    hasPlan: planInHistory(history),
  }
  // The last 40 turns are the conversation a player remembers; older ones do not change meaning.
  for (const turn of history.slice(-40)) {
    if (turn.sender !== 'USER') {
      const options = clarifyOptions(turn.text)
      if (options.length > 0) state.clarifying = options
      // A report just delivered in the chat: "o que treino por causa disso?" is about it.
      if (/\]\(\/videos\/\d+#report/.test(turn.text)) state.lastOwn ??= 'GAME'
      continue
    }
    const past = resolve(turn.text.replace(/@[\p{L}]+/gu, ' '), state)
    state.clarifying = []
    state.lastOwn = past.own?.topic ?? (past.mode === 'CLARIFY' ? state.lastOwn : null)
    const main = past.intents[0]
    if (!main || main.domain === 'conversa') continue
    state.asked.set(main.id, (state.asked.get(main.id) ?? 0) + 1)
    state.askedWords.set(main.id, [...(state.askedWords.get(main.id) ?? []), terms(turn.text)])
    for (const also of past.intents.slice(1))
      state.asked.set(also.id, (state.asked.get(also.id) ?? 0) + 1)
    if (past.mode === 'NEW' || past.mode === 'REPEAT' || past.mode === 'FOLLOWUP') {
      state.last = main
      state.lastFrame = past.frame
      state.lastText = past.mode === 'FOLLOWUP' ? `${turn.text} ${state.lastText ?? ''}` : turn.text
    }
  }
  return resolve(text, state)
}
