import { inCategory } from '../agreement'
import { entryById, type PlayerContext } from '../knowledge'
import { joinPt, normalize } from '../text'
import { conditionLine } from './conditions'
import type { Intent } from './registry'
import { type Slots, WEEK, WEEKDAY_LABEL, type Weekday } from './slots'

/** The topic entry whose personal notes (hand, height, injuries) fit an intent's domain. */
const TOPIC_OF_DOMAIN: Partial<Record<Intent['domain'], string>> = {
  saque: 'saque',
  devolucao: 'devolucao',
  voleio: 'voleio',
  smash: 'smash',
  bandeja: 'smash',
  lob: 'lob',
  curtinha: 'curtinha',
  fundo: 'forehand-backhand',
}

const PLAN_INTENTS = new Set(['plano-semanal', 'frequencia-treino', 'treino-pre-torneio'])
export const HAND_INTENTS = new Set(['parceiro-canhoto', 'dupla-lados', 'bola-no-meio'])
/** Questions about the partner themselves: the advice names them when the player has. */
export const PARTNER_QUESTIONS = [
  'parceiro-nervoso',
  'parceiro-cobra',
  'conflito-parceiro',
  'comunicacao-dupla',
  'entrosamento-dupla',
  'parceiro-melhor',
]
const PARTNER_INTENTS = new Set(PARTNER_QUESTIONS)
const RACKET_INTENTS = new Set([
  'raquete-orcamento',
  'raquete-iniciante',
  'raquete-avancado',
  'raquete-modelo',
  'raquete-trocar',
])

function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function sessionsWord(n: number): string {
  return n === 1 ? '1 sessão' : `${n} sessões`
}

/** What each kind of day is for, with the player's focus when they named one. */
function dayLine(
  day: Weekday,
  activity: string | undefined,
  focus: string,
  tournament: boolean,
): string {
  const name = `**${cap(WEEKDAY_LABEL[day])}`
  switch (activity) {
    case 'aula':
      return `- ${name} (aula):** peça ao professor 15 minutos só de ${focus}, com alvo e contagem de acertos.`
    case 'jogo':
      return tournament
        ? `- ${name} (jogo):** jogue como no torneio: mesma rotina de aquecimento e um objetivo de ${focus} por set.`
        : `- ${name} (jogo):** jogue com um objetivo de ${focus} e anote como terminaram os pontos de ouro.`
    case 'fisico':
      return `- ${name} (físico):** pernas, core e ombro; sem treino de quadra pesado no mesmo dia.`
    default:
      return `- ${name} (treino):** 20 minutos de ${focus} com alvo, depois pontos com tema.`
  }
}

/** Generic sessions when the player gave a number but no days. */
const SESSION_PLAN = [
  (focus: string) =>
    `- **Sessão 1:** técnica de ${focus}: aquecimento, 30 minutos de repetição com alvo e 15 de situação de jogo.`,
  () => '- **Sessão 2:** jogo com tema: pontos começando do saque, com contagem de ponto de ouro.',
  () =>
    '- **Sessão 3:** físico na areia (deslocamento curto, saltos, core) e 20 minutos de voleio.',
  (focus: string) => `- **Sessão 4:** de novo ${focus}, agora sob pressão: séries valendo ponto.`,
  () => '- **Sessão 5:** jogo livre, com um objetivo mental (rotina entre pontos).',
  () => '- **Sessão 6:** recuperação ativa: mobilidade, bola leve, nada de intensidade.',
]

function weekPlan(intent: Intent, ctx: PlayerContext, slots: Slots): string[] {
  const focusList = slots.focus ?? []
  const focus = focusList.length > 0 ? joinPt(focusList) : 'fundamentos'
  const tournament = slots.event !== undefined
  const lines: string[] = []
  const activities = new Map((slots.dayActivities ?? []).map((a) => [a.day, a.activity]))
  const days = slots.days ?? []
  if (days.length > 0) {
    const header = `Com ${joinPt(days.map((d) => WEEKDAY_LABEL[d]))} na sua semana${
      focusList.length > 0 ? ` e foco em ${focus}` : ''
    }, eu organizaria assim:`
    const list = WEEK.filter((d) => days.includes(d)).map((d) =>
      dayLine(d, activities.get(d), focus, tournament),
    )
    lines.push([header, ...list].join('\n'))
  } else {
    const n = slots.sessionsPerWeek ?? ctx.profile.training_per_week ?? null
    if (n !== null && n >= 1 && intent.id !== 'treino-pre-torneio') {
      const shown = Math.min(n, SESSION_PLAN.length)
      const header =
        n > SESSION_PLAN.length
          ? `Com ${sessionsWord(n)} por semana, garanta pelo menos um dia inteiro de descanso; a base seria:`
          : `Com ${sessionsWord(n)} por semana${focusList.length > 0 ? ` e foco em ${focus}` : ''}, eu organizaria assim:`
      const list = SESSION_PLAN.slice(0, shown).map((line) => line(focus))
      lines.push([header, ...list].join('\n'))
      if (n <= 1)
        lines.push(
          'Com uma sessão só, ela precisa ter de tudo um pouco; se der para somar 20 minutos de físico em casa, a evolução acelera.',
        )
    }
  }
  if (slots.event)
    lines.push(
      `Com o torneio ${slots.event.startsWith('em ') || slots.event.startsWith('daqui') || slots.event.startsWith('na ') || slots.event.startsWith('no ') || slots.event === 'amanhã' ? slots.event : `no dia ${slots.event}`}, a última semana antes dele tem metade do volume e a mesma intensidade: treino curto, pontos com placar e descanso nos dois dias anteriores.`,
    )
  return lines
}

/**
 * The sides for this pair, when both hands are known: which side puts a forehand in the middle,
 * and who of the two should take it.
 */
export function handLines(ctx: PlayerContext, slots: Slots, message = ''): string[] {
  const partnerHand = slots.partner?.hand
  const me = ctx.lefty
  if (partnerHand === undefined || me === null) return []
  const partnerLefty = partnerHand === 'LEFT'
  const she = slots.partner?.gender === 'FEMALE'
  const who = slots.partner?.name ?? (she ? 'ela' : 'ele')
  // "ela joga na esquerda, eu fico na direita": the sides are chosen, so say who takes the middle.
  const mySide = sidesTaken(message)
  if (mySide) {
    const named = slots.partner?.name
    const partner = named ? `${she ? 'a' : 'o'} ${named}` : she ? 'ela' : 'ele'
    const of = named ? `${she ? 'da' : 'do'} ${named}` : she ? 'dela' : 'dele'
    const other = mySide === 'direita' ? 'esquerda' : 'direita'
    const mine = (mySide === 'direita') === me
    const theirs = (other === 'direita') === partnerLefty
    const line = mine
      ? theirs
        ? `Com você na ${mySide} e ${partner} na ${other}, os dois forehands ficam no meio: o meio é forte, mas combinem de quem é a bola do meio (em geral de quem está na diagonal de quem bateu, e quem chamar "minha" primeiro vai).`
        : `Com você na ${mySide}, o seu forehand fica no meio: **as bolas do meio e os lobs pelo meio são seus**; ${partner}, na ${other}, cobre a lateral e o lob do lado ${she ? 'dela' : 'dele'}.`
      : theirs
        ? `Com ${partner} na ${other}, o forehand ${of} fica no meio: **as bolas do meio são ${she ? 'dela' : 'dele'}**; você, na ${mySide}, cobre a sua lateral e o lob do seu lado.`
        : `Com você na ${mySide} e ${partner} na ${other}, os dois backhands ficam no meio, que vira o ponto fraco: definam uma pessoa para o meio (quem tem o backhand mais firme) e combinem quem cobre o lob por cima do meio.`
    return [line]
  }
  const both = ctx.profile.gender === 'FEMALE' && she ? 'duas' : 'dois'
  const canhotos = both === 'duas' ? 'canhotas' : 'canhotos'
  const destros = both === 'duas' ? 'destras' : 'destros'
  const taker =
    `Quem das ${both === 'duas' ? 'duas' : 'dois'} tem o smash mais forte e o forehand mais seguro fica desse lado e assume as bolas do meio; ${both === 'duas' ? 'a outra' : 'o outro'} cobre a lateral e o lob por cima.`.replace(
      'Quem das dois',
      'Quem dos dois',
    )
  if (me && partnerLefty)
    return [
      `Vocês ${both} são ${canhotos}: a dupla é o espelho de uma dupla de destros. Quem joga do **lado direito** da quadra fica com o forehand no meio e pega as bolas do meio; quem joga na esquerda tem o backhand no meio e o forehand na lateral.`,
      taker,
    ]
  if (!me && !partnerLefty)
    return [
      `Vocês ${both} são ${destros}: quem joga do **lado esquerdo** da quadra tem o forehand no meio e costuma ficar com as bolas do meio; quem joga na direita cobre a lateral com o forehand.`,
      taker,
    ]
  const lefty = me ? 'você' : who
  const righty = me ? who : 'você'
  return [
    `Com uma mão de cada, a formação mais usada é **${lefty} do lado direito e ${righty} do esquerdo**: os dois forehands ficam no meio, o meio fica forte e as laterais ficam com os backhands. A outra opção (invertendo) põe os forehands nas laterais e deixa o meio com dois backhands, que vocês precisam combinar quem pega.`,
  ]
}

const SIDE = '(?:n[ao]|do|pelo)? ?(?:lado )?(direit[oa]|esquerd[oa])'
const MY_SIDE = new RegExp(
  `\\beu (?:(?:fico|jogo|to|estou|vou ficar|vou jogar|jogo mais|fico mais) )?${SIDE}\\b`,
)
const PARTNER_SIDE = new RegExp(
  `\\b(?:ela|ele|a [a-z]{2,15}|o [a-z]{2,15})(?: (?:e|eh) (?:canhot[oa]|destr[oa]),? e)? (?:fica|joga|ta|esta|vai ficar|vai jogar|joga mais|fica mais) ${SIDE}\\b`,
)

/** The side the player said they play ("eu fico na direita", or the partner's "ela joga na esquerda"). */
function sidesTaken(message: string): 'direita' | 'esquerda' | undefined {
  const t = normalize(message)
  const mine = MY_SIDE.exec(t)?.[1]
  if (mine) return mine.startsWith('direit') ? 'direita' : 'esquerda'
  const theirs = PARTNER_SIDE.exec(t)?.[1]
  if (theirs) return theirs.startsWith('direit') ? 'esquerda' : 'direita'
  return undefined
}

/**
 * The pair's sides in one line, for the player who asks again ("qual lado ela deveria ficar?")
 * after the explanation was given: the choice itself, with the partner's name.
 */
export function sidesShort(ctx: PlayerContext, slots: Slots): string | null {
  const partnerHand = slots.partner?.hand
  const me = ctx.lefty
  if (partnerHand === undefined || me === null) return null
  const she = slots.partner?.gender === 'FEMALE'
  const name = slots.partner?.name
  const partner = name ? `${she ? 'a' : 'o'} ${name}` : she ? 'sua parceira' : 'seu parceiro'
  if (me !== (partnerHand === 'LEFT'))
    return me
      ? `Na prática: você do lado direito e ${partner} do esquerdo, com os dois forehands no meio.`
      : `Na prática: ${partner} do lado direito e você do esquerdo, com os dois forehands no meio.`
  const side = me ? 'direito' : 'esquerdo'
  return `Na prática: do lado ${side} fica quem tem o forehand mais seguro e o smash mais forte, você ou ${partner}; quem fica mais no fundo cobre o lob do outro lado.`
}

function racketLines(slots: Slots): string[] {
  const budget = slots.budget
  if (budget === undefined) return []
  const value = `R$ ${budget.toLocaleString('pt-BR')}`
  if (budget < 400)
    return [
      `Com até ${value}, o foco é uma raquete de entrada (fibra de vidro ou carbono de entrada), macia e leve: é o que faz sentido nessa faixa, e ela atende bem quem está começando.`,
    ]
  if (budget < 900)
    return [
      `Com até ${value}, dá para escolher entre boas raquetes de carbono intermediárias; priorize peso e rigidez adequados ao seu nível antes de qualquer modelo da moda.`,
    ]
  return [
    `Com ${value} você alcança os modelos de carbono mais rígidos; só vale a pena se o seu nível pede esse controle, então teste antes de comprar.`,
  ]
}

function scoreLines(slots: Slots): string[] {
  const score = slots.score
  if (!score) return []
  const [a, b] = score.games
  const text = `${a}/${b}`
  if (score.won === false)
    return [
      `Um ${text} contra mostra em quais games escapou: anote quantos pontos de ouro vocês jogaram e quantos venceram, e como terminaram os pontos perdidos (erro seu, erro forçado ou winner deles).`,
    ]
  if (score.won === true)
    return [
      `Boa vitória por ${text}! Para repetir, anote o que funcionou: saque em jogo, quem ganhou os pontos de ouro e de onde saíram os pontos vencedores.`,
    ]
  return [
    `Sobre o ${text}: o placar conta metade da história; a outra metade está em como os pontos terminaram.`,
  ]
}

/** The player's own numbers, read back where the intent can use them. */
function quantityLines(intent: Intent, slots: Slots): string[] {
  const lines: string[] = []
  if (slots.clock && (intent.id === 'calor-hidratacao' || intent.id === 'protecao-sol')) {
    const hour = Number.parseInt(slots.clock, 10)
    lines.push(
      hour >= 10 && hour <= 16
        ? `Jogando às ${slots.clock}, você pega o sol mais forte do dia: beba 500 ml nas duas horas antes, leve água com sais para cada troca de lado e procure sombra entre os games.`
        : `Às ${slots.clock} o sol pesa menos, mas a hidratação começa antes: 500 ml nas duas horas anteriores e goles a cada troca de lado.`,
    )
  }
  if (
    slots.minutes !== undefined &&
    (intent.id === 'recuperacao-jogos' || intent.id === 'alimentacao-jogo')
  )
    lines.push(
      slots.minutes < 30
        ? `Com só ${slots.minutes} minutos entre os jogos: sombra, água com sais e algo leve (uma fruta) nos primeiros 5 minutos, depois 5 minutos de movimento antes de voltar.`
        : `Com ${slots.minutes} minutos entre os jogos: nos primeiros 10, sombra, água com sais e um lanche leve; depois descanse e, nos últimos 10, reaqueça com deslocamentos e bola leve.`,
    )
  if (slots.kilos !== undefined && intent.id === 'emagrecer')
    lines.push(
      `Perder ${slots.kilos} kg é um objetivo possível com o beach tennis como parte da rotina, mas o resultado vem da soma com a alimentação; um nutricionista ajuda a definir um ritmo seguro.`,
    )
  if (slots.grams !== undefined && intent.id.startsWith('raquete'))
    lines.push(
      slots.grams >= 350
        ? `${slots.grams} g está na faixa das raquetes pesadas: dá estabilidade e potência, mas cansa o braço e pesa no ombro e no cotovelo de quem está começando.`
        : slots.grams >= 320
          ? `${slots.grams} g é um peso médio, que equilibra controle e estabilidade para a maioria dos jogadores.`
          : `${slots.grams} g é uma raquete leve: rápida na rede e gentil com o braço, com um pouco menos de peso na bola.`,
    )
  if (
    slots.outOf &&
    (intent.id === 'meta-numerica' ||
      intent.id === 'medir-evolucao' ||
      intent.id === 'estatisticas-manuais')
  ) {
    const [hit, total] = slots.outOf
    lines.push(
      `Para chegar a ${hit} de ${total}: faça uma série de ${total} no começo de cada treino, anote os acertos com a data e olhe a média de cada semana; quando passar de ${hit} em três semanas seguidas, suba o desafio.`,
    )
  }
  if (slots.sessionsPerWeek !== undefined && intent.id === 'mudar-perfil')
    lines.push(
      `Anotado aqui na conversa: ${slots.sessionsPerWeek} ${slots.sessionsPerWeek === 1 ? 'treino' : 'treinos'} por semana. Para ficar no seu perfil, corrija também no perfil do app.`,
    )
  return lines
}

/**
 * Lines built from what this message says (sessions, days, a partner's hand, a budget, a score)
 * and from the profile where the intent's topic has notes for it (a left-hander's serve).
 */
export function personalLines(
  intent: Intent,
  ctx: PlayerContext,
  slots: Slots,
  message = '',
): string[] {
  const lines: string[] = []
  if (PLAN_INTENTS.has(intent.id)) lines.push(...weekPlan(intent, ctx, slots))
  if (HAND_INTENTS.has(intent.id)) lines.push(...handLines(ctx, slots, message))
  if (RACKET_INTENTS.has(intent.id)) lines.push(...racketLines(slots))
  if (intent.id === 'resultado-jogo') lines.push(...scoreLines(slots))
  if (intent.id === 'subir-categoria') {
    const where = inCategory(ctx.profile)
    if (where)
      lines.push(
        `Para quem está ${where}, o próximo passo costuma vir de errar menos nas bolas fáceis e ganhar mais pontos de ouro, não de golpes novos.`,
      )
  }
  lines.push(...quantityLines(intent, slots))
  const name = slots.partner?.name
  if (name && PARTNER_INTENTS.has(intent.id)) {
    const who =
      `${slots.partner?.gender === 'MALE' ? 'o' : slots.partner?.gender === 'FEMALE' ? 'a' : ''} ${name}`.trim()
    lines.push(
      `Com ${who}, combinem fora da quadra, com calma, duas frases que ajudam no jogo e uma que só atrapalha; em quadra, usem só as que ajudam.`,
    )
  }
  const topic = TOPIC_OF_DOMAIN[intent.domain]
  const entry = topic ? entryById(topic) : undefined
  if (entry?.personal) {
    // What the player said about an injury comes before hand and height: it changes the advice.
    const plain = entry.personal({ ...ctx, mentionedInjuries: [] })
    const all = entry.personal(ctx).filter((l) => !l.startsWith('- '))
    lines.push(...all.filter((l) => !plain.includes(l)), ...all.filter((l) => plain.includes(l)))
  }
  // An injury the player told changes the advice, so its line comes first.
  const condition = conditionLine(intent.domain, ctx)
  if (condition && !lines.some((l) => /\b(ombro|cotovelo|joelho|lombar|tornozelo)\b/.test(l)))
    lines.unshift(condition)
  return lines
}
