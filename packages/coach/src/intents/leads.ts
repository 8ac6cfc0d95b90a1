import { RETURN_TO_PLAY } from '../knowledge/return-to-play'
import type { AnswerInput } from './answer'
import { BODY_PLACE } from './slots'
import { chatText } from './normalize'
import { braceOrRest } from './others-pain'

/**
 * The first line of an answer when the situation, not the subject, decides it: an injury in the
 * talk, the partner serving, a racket the player just changed to.
 */

/** "posso fazer?", "de boa pra mim?", "posso continuar jogando?": asking leave to do something. */
const PERMISSION =
  /\b(posso|pode|da (?:pra|para)|consigo) (fazer|jogar|treinar|continuar|saltar|pular|sacar|voltar|correr)\b|\bde boa (pra|para) mim\b|\bde boa\s*(\?|$)|\btranquilo\s*(\?|$)|\b(ta|esta|estou) liberad[oa]\b|\bposso\s*(\?|$)|\bposso fazer\b|\bvale a pena\b/
/** "quanto tempo por dia é seguro?": how much, with the injury. */
const DOSE =
  /\b(quanto|qnto|quantas|quantos) (tempo|horas|minutos|dias|treinos?)\b[^?]{0,40}\b(seguro|posso|pode|da (?:pra|para)|consigo|ideal|recomendad\w*)\b|\b(seria|e|eh) seguro\b/
/** "raquete mais leve ajuda no punho?": the racket's weight, asked for the injured arm. */
const RACKET_FOR_ARM = /\braquete\b[^?]{0,30}\b(leve|pesad\w*|macia|dura|mole)\b/
const ARM = new Set(['punho', 'cotovelo', 'ombro'])
/** Strokes that load each injured part least: a short block, a lob, a soft touch. */
const LIGHT_FOR: Record<string, readonly string[]> = {
  punho: ['voleio', 'lob', 'curtinha'],
  cotovelo: ['voleio', 'lob', 'curtinha'],
  ombro: ['voleio', 'curtinha', 'devolucao'],
  lombar: ['voleio', 'curtinha'],
  joelho: ['saque', 'voleio'],
  tornozelo: ['saque', 'voleio'],
}
const STROKE_SAID: Record<string, string> = {
  saque: 'o saque',
  voleio: 'o voleio',
  smash: 'o smash',
  lob: 'o lob',
  curtinha: 'a curtinha',
  bandeja: 'a bandeja',
  devolucao: 'a devolução',
  forehand: 'o forehand',
  backhand: 'o backhand',
}
/** How long the player will be out: "quanto tempo fico parado?", "em quantos dias volto?". */
export const HOW_LONG_OUT =
  /\b(quanto tempo|qnt tempo|qto tempo|quantos dias|quantas semanas|em quanto tempo|qnd|quando)\b[^?]{0,40}\b(parad[oa]|fora|sem jogar|recuper\w*|volto|voltar|melhora|sara|cura)\b/
/** A fresh injury: swollen, bruised, or the foot that does not take the weight. */
const ACUTE =
  /\b(inchad[oa]|inchaco|inchou|inchando|roxo|hematoma|nao consigo (pisar|apoiar)|mal consigo (pisar|andar))\b/
/** The day the player hopes to play on. */
const SOON = /\b(hoje|amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|fim de semana)\b/
const DAY_SAID: Record<string, string> = {
  amanha: 'amanhã',
  terca: 'terça',
  sabado: 'sábado',
  'fim de semana': 'no fim de semana',
}
const capital = (t: string) => t.charAt(0).toUpperCase() + t.slice(1)

/** An injury of weeks ago the player already plays on: "mês passado", "já to voltando a jogar". */
const SOME_TIME_AGO =
  /\b(mes passado|semana passada|ha \d+ (dias|semanas|meses)|faz \d+ (dias|semanas|meses)|faz (uma|duas|tres) semanas|faz um mes|ja (to|estou|tô) (voltando|jogando)|ja voltei)\b/

/**
 * With an injury in the talk, the answer starts from it: leave asked for gets what can be done and
 * what waits; an injury of weeks ago the player already plays on gets the phase that comes now,
 * not first aid.
 */
export function injuryLead(input: AnswerInput): string | undefined {
  const part = input.ctx.injuryInTalk
  const rtp = part ? RETURN_TO_PLAY[part] : undefined
  if (!rtp) return undefined
  const text = chatText(input.message ?? input.frame?.text ?? '')
  const place = part ? BODY_PLACE[part] : ''
  if (part && ARM.has(part) && RACKET_FOR_ARM.test(text)) {
    const line = `Para poupar ${place.replace(/^n/, '')}: um pouco mais leve ajuda, porque cada golpe carrega menos ${place.replace(/^n/, '')}; leve demais vibra mais e pede mais braço. O que mais poupa é um núcleo macio (EVA soft), um overgrip mais grosso para apertar menos o cabo, e a troca testada nos treinos antes de ir para um jogo.`
    const fresh = input.said.fresh([line])[0]
    if (fresh) return fresh
  }
  if (DOSE.test(text)) {
    const line = `Com a lesão ${place} ${input.ctx.injuryCleared ? 'liberada' : 'ainda em recuperação'}, comece com sessões de 45 a 60 minutos em dias alternados, metade delas de golpes leves, e aumente uns 10 a 15 minutos por semana só se terminar e acordar no dia seguinte sem dor.`
    const fresh = input.said.fresh([line])[0]
    if (fresh) return fresh
  }
  // A part the player had operated on that hurts again: not the expected, and who to see.
  const operated = operatedOn(input, part)
  if (operated && /\b(doi|doendo|dor|incomod\w*)\b/.test(text)) {
    const line = `Num ${place.replace(/^n[oa] /, '')} operad${place.startsWith('na') ? 'a' : 'o'}, dor depois do jogo não é o esperado nem é para ignorar: pare agora com ${part === 'ombro' || part === 'cotovelo' || part === 'punho' ? 'saques por cima e smashes' : 'saltos e arrancadas'}, jogue leve ou descanse, e fale com o seu ortopedista ou fisioterapeuta nesta semana. Dor à noite, perda de força ou dor parada pedem consulta antes de voltar.`
    const fresh = input.said.fresh([line])[0]
    if (fresh) return fresh
  }
  // "melhor munhequeira ou parar uns dias?": rest treats it, the brace helps on the way back.
  const choice = braceOrRest(text, null)
  if (choice && !input.said.has(choice)) return choice
  // "quanto tempo vou ficar parado?": the usual range, and what decides it.
  if (HOW_LONG_OUT.test(text) && !input.said.has(rtp.howLong)) return rtp.howLong
  // "torci sábado, tá inchado, dá pra jogar quinta?": not yet, and what comes first.
  if (PERMISSION.test(text) && ACUTE.test(text) && !input.ctx.injuryCleared) {
    const day = SOON.exec(text.slice(text.search(PERMISSION)))?.[1]
    const line = `${day ? `${capital(DAY_SAID[day] ?? day)} ainda é cedo` : 'Ainda é cedo'}: com ${place.replace(/^n/, '')} ${place.startsWith('na') ? 'inchada' : 'inchado'}, jogar agora é arriscar piorar a lesão. Primeiro o inchaço sai (gelo, compressão, elevar e carga só até onde não doer); volte quando andar, correr e mudar de direção sem dor e sem inchar no dia seguinte.`
    const fresh = input.said.fresh([line])[0]
    if (fresh) return fresh
  }
  if (PERMISSION.test(text)) {
    const jumping = rtp.jump && /\b(salt\w*|pul\w*|tesoura)\b/.test(text) ? rtp.jump : undefined
    // Cleared by the physio, the answer is the way back, not "while it still hurts".
    const allowed = input.ctx.injuryCleared
      ? [
          rtp.returning,
          `Pode, já que o fisio liberou: comece com poucas repetições e sem força, e pare se doer ${place} durante o treino ou no dia seguinte.`,
        ]
      : [rtp.verdict]
    // Asked again for another stroke ("e o voleio bloqueado, de boa?"): that stroke's answer.
    const stroke = input.frame?.strokes.at(-1)
    const light = stroke && LIGHT_FOR[part ?? '']?.includes(stroke)
    const another = stroke
      ? `${light ? 'Pode' : 'Pode, com mais cuidado'}: ${light ? `${STROKE_SAID[stroke]} é dos golpes que menos carregam ${place.replace(/^n/, '')}, com a mão firme e sem apertar o cabo` : `${STROKE_SAID[stroke]} carrega mais ${place.replace(/^n/, '')}; faça poucos, a meia força, e só se os golpes leves já não doerem`}; pare se doer.`
      : undefined
    const order = input.ctx.injuryCleared
      ? [jumping, another, ...allowed]
      : [jumping, ...allowed, another]
    const verdict = input.said.fresh(order.filter((l) => l !== undefined))[0]
    if (verdict) return verdict
  }
  if (input.intent.health && input.ctx.injuryCleared && !input.said.has(rtp.returning))
    return rtp.returning
  if (input.intent.health && SOME_TIME_AGO.test(text) && !input.said.has(rtp.returning))
    return rtp.returning
  return undefined
}

const SURGERY = /\b(operei|operou|operad[oa]|cirurgia|cirurgias|reconstrucao)\b/

/** Whether the player told of an operation on this part (onboarding's goal or the memory). */
function operatedOn(input: AnswerInput, part: string | null | undefined): boolean {
  if (!part) return false
  const told = [input.ctx.profile.goal ?? '', ...(input.facts ?? []).map((f) => f.text)]
  return told.some((t) => {
    const plain = chatText(t)
    return SURGERY.test(plain) && new RegExp(`\\b${part}`).test(plain)
  })
}

/** "posso fazer?", "quanto tempo por dia é seguro?": the player asks leave, so the verdict leads. */
export function asksLeave(message: string): boolean {
  // Only what is asked: "não posso pular" told beside a question does not ask leave.
  const asked = message.includes('?')
    ? message
        .split(/(?<=\?)/)
        .filter((part) => part.includes('?'))
        .join(' ')
    : message
  const text = chatText(asked)
  return PERMISSION.test(text) || DOSE.test(text)
}

/** "quando ela saca, eu fico onde?": the partner serves, the player is the one at the net. */
const PARTNER_SERVES =
  /\b(ela|ele|minha parceira|meu parceiro|minha dupla|a \w+|o \w+) (vai )?(saca|sacar|sacando|for sacar)\b/

export function partnerServes(input: AnswerInput): string | undefined {
  const text = input.frame?.text ?? ''
  if (input.intent.id !== 'posicao-sacando' || !PARTNER_SERVES.test(text)) return undefined
  if (/\beu (saco|sacar|vou sacar)\b/.test(text)) return undefined
  const she = input.slots.partner?.gender !== 'MALE'
  const name = input.slots.partner?.name
  const partner = name ? `${she ? 'a' : 'o'} ${name}` : she ? 'sua parceira' : 'seu parceiro'
  const line = `Quando ${partner} saca, você fica na rede, do seu lado da quadra, a uns dois passos da fita, com a raquete alta e um pé mais para o meio: a devolução que vier no meio ou na sua direção é sua. Se vier lob por cima de você, ${she ? 'ela' : 'ele'} cruza para buscar e vocês trocam de lado.`
  return input.said.has(line) ? undefined : line
}

/** "comprei uma raquete nova", "troquei pela de 340 g": a racket the player changed to. */
const CHANGED_RACKET = /\b(mais pesad[ao]|anterior tinha|mais leve que a anterior)\b/
const SYMPTOM = /\b(cans\w*|doi|doendo|dor|fadiga|incomod\w*)\b/
const JUST_CHANGED = /\b(comprei|troquei|estreei|peguei|ganhei)\b/
const LATE = /\b(tarde|atrasad\w*|lent[oa]|demor\w*)\b/
const WHICH_ONE = /\b(uso ela|uso a nova|ou a antiga|ou a velha|qual (eu )?uso|levo qual)\b/

/**
 * "comprei uma raquete nova, 18k, 355g, achei pesada, é normal? vou acostumar?": a racket just
 * bought, judged by how it feels; the answer is about that racket and this player, not buying.
 */
export function boughtRacket(input: AnswerInput): string | undefined {
  const text = chatText(input.message ?? '')
  if (!JUST_CHANGED.test(text) || !/\braquete\b/.test(text)) return undefined
  if (!/\b(pesad\w*|leve|acostum\w*|normal|estranh\w*|adapt\w*|dur[oa]|rigid\w*)\b/.test(text))
    return undefined
  const grams = Number(/\b(\d{3}) ?(g|gr|gramas)\b/.exec(text)?.[1] ?? 0)
  const stiff = /\b(18 ?k|24 ?k|carbono 3k|3k|12k|rigid\w*|dur[oa])\b/.exec(text)?.[1]
  const weight =
    grams >= 350
      ? `${grams} g está no lado pesado (a maioria fica entre 310 e 360 g), então estranhar no começo é normal`
      : grams > 0 && grams < 320
        ? `${grams} g é uma raquete leve; a sensação de peso costuma vir do equilíbrio (cabeça pesada), não do total`
        : grams > 0
          ? `${grams} g está no meio da faixa (310 a 360 g); a sensação de peso costuma vir do equilíbrio`
          : 'Estranhar uma raquete nova é normal'
  const face = stiff
    ? ` A face de ${stiff.toUpperCase().replace(/ /g, '')} é mais rígida: mais controle, mas passa mais vibração para o braço.`
    : ''
  const arm = input.ctx.mentionedInjuries.find(
    (p) => p === 'ombro' || p === 'cotovelo' || p === 'punho',
  )
  const care = arm
    ? ` Com o seu ${arm}, vá com calma: use a nova em sessões curtas e volte à antiga ao primeiro incômodo ${arm === 'ombro' ? 'no ombro' : arm === 'cotovelo' ? 'no cotovelo' : 'no punho'}; se o incômodo voltar sempre, uma mais leve ou mais macia é a troca certa.`
    : ' Se depois de umas semanas o braço ainda cansar ou doer, ela é pesada demais para você, e a troca por uma mais leve é a decisão certa.'
  const line = `${weight}, e em geral o braço se acostuma em duas a três semanas: use-a primeiro nos treinos, com menos golpes fortes.${face}${care}`
  return input.said.has(line) ? undefined : line
}

/**
 * After a change of racket the player told the team about, a question on the arm, on timing, or
 * on which racket to take answers from that change, not from how to buy one.
 */
export function gearLead(input: AnswerInput): string | undefined {
  const text = input.frame?.text ?? ''
  const racket = input.facts?.find((f) => f.kind === 'EQUIPAMENTO' && CHANGED_RACKET.test(f.text))
  const talksOfIt = /\b(raquete|ela|nova)\b/.test(text) || input.intent.domain === 'equipamento'
  if (!racket || !talksOfIt) return undefined
  const heavier = /mais pesad|anterior tinha/.test(racket.text)
  const change = heavier ? 'uma raquete mais pesada' : 'uma raquete nova'
  let line: string | undefined
  if (JUST_CHANGED.test(text) && !SYMPTOM.test(text) && !LATE.test(text))
    line = `Com ${change}, conte com duas a três semanas de adaptação: use-a primeiro nos treinos, com menos volume de golpes fortes, e repare no braço no fim do treino. Se cansar demais ou doer, a antiga continua sendo a sua raquete de jogo até a nova ficar natural.`
  else if (WHICH_ONE.test(text))
    line = `No torneio, vá com a raquete que o seu braço já conhece: ${change} pede umas semanas de adaptação, e a semana de competição não é hora de trocar. Use a nova nos treinos até ela ficar natural.`
  else if (SYMPTOM.test(text))
    line = `Pode ser ela, sim: ${change} exige mais do antebraço e do ombro, e o cansaço no fim do treino é o sinal mais comum. Dê duas a três semanas de adaptação com menos volume, segure o cabo mais solto e, se virar dor, volte à antiga e converse com um fisioterapeuta.`
  else if (LATE.test(text))
    line = `É normal nas primeiras semanas com ${change}: ela chega um pouco mais tarde na bola até o braço se acostumar. Prepare a raquete mais cedo, encurte o movimento no voleio e dê umas semanas antes de julgar.`
  if (!line || input.said.has(line)) return undefined
  return line
}

/** "posso treinar todo dia?", "dá pra jogar todos os dias nas férias?": daily play, asked leave for. */
const EVERY_DAY =
  /\b(posso|pode|da (?:pra|para)|devo|e bom|faz mal)\b[^?]{0,25}\b(trein\w*|jog\w*)\b[^?]{0,20}\b(todo dia|todos os dias|diariamente|dia sim e dia tambem)\b/

export function everyDayLead(input: AnswerInput): string | undefined {
  if (!EVERY_DAY.test(input.frame?.text ?? '')) return undefined
  const line =
    'Pode, mas não forte todo dia: alterne um dia intenso (pontos, físico) com um leve (técnica, mobilidade) e deixe pelo menos um dia inteiro de descanso a cada seis ou sete; se o corpo acordar dolorido, o dia vira leve.'
  return input.said.fresh([line])[0]
}
