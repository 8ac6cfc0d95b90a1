import type { Archetype } from '@areia/contracts'
import { agree, roleWord } from '../agreement'
import { shuffle } from '../text'
import type { CoachPersona, PlayerProfile, Rng, Team } from '../types'
import type { Intent } from './registry'
import type { Said } from './said'

function take(lines: readonly string[], said: Said, rng: Rng): string | undefined {
  const line = shuffle(lines, rng).find((l) => !said.has(l))
  if (line !== undefined) said.add(line)
  return line
}

const AREA: Record<Archetype, string> = {
  TECNICO: 'golpes, tática, regras, corpo e equipamento',
  MENTAL: 'nervosismo, foco, confiança e a relação com a dupla',
  ESTATISTICO: 'números, análise dos seus vídeos e planejamento de treino',
}

function identity(coach: CoachPersona, said: Said, rng: Rng): string[] {
  const role = roleWord(coach)
  const human = coach.persona.pronoun === 'ela' ? 'humana' : 'humano'
  const lines = [
    `Não sou uma pessoa: sou ${coach.name}, coach ${role} de inteligência artificial da sua equipe exclusiva no Areia.`,
    `Resposta sincera: sou uma IA. Não sou ${human}; meu nome aqui é ${coach.name} e faço o papel de coach ${role} da sua equipe.`,
    `Sou uma inteligência artificial, sim. Não sou uma pessoa: aqui eu sou ${coach.name}, coach ${role} da sua equipe no Areia.`,
  ]
  const first = take(lines, said, rng)
  const rest = [
    'Os vídeos que você envia passam também por analistas humanos, que revisam a análise antes do relatório.',
    `Comigo o assunto é ${AREA[coach.archetype]}.`,
  ].filter((l) => !said.has(l))
  for (const l of rest) said.add(l)
  return [first, ...rest].filter((l): l is string => l !== undefined)
}

function whoIsWho(team: Team, said: Said): string[] {
  const list = team.coaches
    .map((c) => `- **${c.name}**, ${roleWord(c)}: ${AREA[c.archetype]}.`)
    .join('\n')
  const lines = [
    'A sua equipe tem três coaches de IA, cada um com a sua área:',
    list,
    'Para falar direto com alguém, escreva @ e o nome; para falar com todos, @equipe.',
  ].filter((l) => !said.has(l))
  for (const l of lines) said.add(l)
  return lines
}

/** "bom diaaa, segundona braba hj": the greeting returned, and the day when the player named it. */
function greetingInKind(message: string): string | undefined {
  const t = message
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
  const hello = /\bbo+m+ di+a+/.test(t)
    ? 'Bom dia!'
    : /\bbo+a+ ta+rde+/.test(t)
      ? 'Boa tarde!'
      : /\bbo+a+ no+i+te+/.test(t)
        ? 'Boa noite!'
        : undefined
  if (!hello) return undefined
  if (/\bsegund(a|ona)\b/.test(t))
    return `${hello} Segunda puxada, né? Bora fazer ela render: tem treino hoje? Me conta o que vai trabalhar.`
  if (/\bsexta|sextou\b/.test(t)) return `${hello} Sextou! Tem jogo no fim de semana?`
  return hello
}

/** A reply to greetings, thanks, identity, off-topic and the like: short, and never a lecture. */
export function chatReply(args: {
  coach: CoachPersona
  team: Team
  intent: Intent
  profile: PlayerProfile
  said: Said
  rng: Rng
  /** The player's message: a greeting is answered in kind. */
  message?: string
}): string {
  const { coach, team, intent, said, rng } = args
  let lines: string[]
  if (intent.id === 'saudacao' && args.message) {
    const inKind = greetingInKind(args.message)
    const line = take(intent.answers, said, rng) ?? take(intent.alt, said, rng)
    // Returned in kind, the greeting replaces the stock one ("Olá!") instead of doubling it.
    const rest = inKind && line ? line.replace(/^(Olá|Oi|E aí|Fala)[!,.]?\s*/, '') : line
    lines =
      inKind && inKind.length > 12
        ? [inKind]
        : [inKind, rest && rest.charAt(0).toUpperCase() + rest.slice(1)].filter(
            (l): l is string => l !== undefined && l !== '',
          )
  } else if (intent.id === 'identidade-ia') lines = identity(coach, said, rng)
  else if (intent.id === 'quem-e-quem') lines = whoIsWho(team, said)
  else {
    const line = take(intent.answers, said, rng) ?? take(intent.alt, said, rng)
    lines = line ? [line] : []
  }
  if (lines.length === 0)
    lines = [
      take(
        [
          'Estou por aqui. Me conta o que você quer trabalhar no seu jogo agora.',
          'Pode mandar a próxima pergunta sobre o seu jogo quando quiser.',
          'Seguimos juntos: qual é a próxima dúvida de quadra?',
          'Quando quiser, me diz o que está pegando nos seus jogos.',
        ],
        said,
        rng,
      ) ?? 'Estou por aqui.',
    ]
  return agree(lines.join('\n\n'), args.profile)
}

const ASK_TWO = [
  'Quero ter certeza de que entendi: você quer saber sobre {a} ou sobre {b}?',
  'Só para eu não responder outra coisa: você quer saber sobre {a} ou sobre {b}?',
  'Me ajuda a acertar a resposta: você quer saber sobre {a} ou sobre {b}?',
]
const ASK_ONE = [
  'Se entendi bem, você quer saber sobre {a}, certo?',
  'Você quer saber sobre {a}? Se for outra coisa, me conta com mais detalhes, certo?',
]
const ASK_OPEN: Record<Archetype, readonly string[]> = {
  TECNICO: [
    'Não quero te responder outra coisa: me conta um pouco mais. É sobre algum golpe, posicionamento, regra, corpo ou equipamento?',
    'Me dá mais um detalhe para eu acertar: qual golpe ou situação de jogo?',
  ],
  MENTAL: [
    'Me conta um pouco mais: em que momento do jogo isso aparece e o que você sente?',
    'Quero entender direito antes de responder: é algo de nervosismo, foco, confiança ou com a sua dupla?',
  ],
  ESTATISTICO: [
    'Me explica um pouco mais: é sobre números do seu jogo, um vídeo, planejamento de treino ou o seu plano no Areia?',
    'Para eu não chutar: você quer falar de evolução, de um vídeo ou da sua semana de treino?',
  ],
}

/** The question a coach asks back when a message could mean different things. */
export function clarifyReply(coach: CoachPersona, options: Intent[], said: Said, rng: Rng): string {
  const [a, b] = options
  const bold = (intent: Intent) => `**${intent.label}**`
  if (a && b)
    return (take(ASK_TWO, said, rng) ?? ASK_TWO[0] ?? '')
      .replace('{a}', bold(a))
      .replace('{b}', bold(b))
  if (a) return (take(ASK_ONE, said, rng) ?? ASK_ONE[0] ?? '').replace('{a}', bold(a))
  return take(ASK_OPEN[coach.archetype], said, rng) ?? ASK_OPEN[coach.archetype][0] ?? ''
}
