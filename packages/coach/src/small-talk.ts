import { type Archetype, ARCHETYPE_LABEL } from '@areia/contracts'
import { firstName } from './profile'
import { at, words } from './text'
import type { CoachPersona, PlayerProfile } from './types'

/** What a message is when it is not (only) a beach tennis question. */
export type Chat =
  | 'EMOJI'
  | 'GREETING'
  | 'THANKS'
  | 'BYE'
  | 'LAUGH'
  | 'ACK'
  | 'ABOUT_COACH'
  | 'NONSENSE'
  | 'OFF_TOPIC'

const ENGLISH = new Set(
  'the is are how what my can you i do does improve please hello hi thanks thank help play game when why should'.split(
    ' ',
  ),
)
const PORTUGUESE = new Set(
  'o a os as de do da que e eu meu minha como voce vc nao sim para pra com um uma no na quando por mais'.split(
    ' ',
  ),
)

/** Mostly English words and hardly any Portuguese ones. */
export function isEnglish(normalized: string): boolean {
  const ws = words(normalized)
  const en = ws.filter((w) => ENGLISH.has(w)).length
  const pt = ws.filter((w) => PORTUGUESE.has(w)).length
  return en >= 2 && en > pt
}

const FOLLOW_UP =
  /(^e (como|se|quando|contra|depois|no|na|pra|para)\b|\bcomo assim\b|\b(treino|faco|fazer|treinar|aplico|aplicar) isso\b|\b(mais|outra|outro) (uma )?(dica|exercicio|treino|coisa)|\bexplica|\bdetalh|\bum exemplo\b|\bpor ?que isso\b|\bnao entendi\b|\bquant[ao]s? (vezes|series|repeticoes|minutos)\b)/

/** A short message that continues the previous topic ("e como treino isso?", "mais uma dica"). */
export function isFollowUp(normalized: string): boolean {
  return words(normalized).length <= 12 && FOLLOW_UP.test(normalized)
}

/** Classifies a message that matched no knowledge entry. */
export function classifyChat(raw: string, normalized: string, gibberish: boolean): Chat {
  if (!/[\p{L}\p{N}]/u.test(raw)) return 'EMOJI'
  const n = normalized
  if (
    /(quem (e|eh) (voce|vc)|(voce|vc) (e|eh) (humano|humana|uma pessoa|um robo|robo|uma ia|ia|bot|real|de verdade)|e (um robo|uma ia|um bot)|are you (human|a bot|real))/.test(
      n,
    )
  )
    return 'ABOUT_COACH'
  // "valeu, fui" thanks on the way out: the leaving decides.
  if (
    /\b(tchau|ate mais|ate logo|ate amanha|ate a proxima|falou|flw|bye|boa noite e ate|fui|vou nessa|vou la|(depois|amanha) (te |eu )?conto|te conto depois)\b/.test(
      n,
    )
  )
    return 'BYE'
  if (/\b(obrigad|brigad|valeu|vlw|obg|agradec|thanks|thank you|amei)/.test(n)) return 'THANKS'
  if (/^(k{3,}|(ha){2,}|(rs){1,}|(he){2,}|lol)\b/.test(n)) return 'LAUGH'
  const count = words(n).length
  if (
    count <= 6 &&
    /^(oi+|ola|opa|eai|e ai|fala|bom dia|boa tarde|boa noite|salve|hey|hello|hi|alo)\b/.test(n)
  )
    return 'GREETING'
  if (
    count <= 4 &&
    /^(ok|okay|beleza|blz|certo|entendi|show|top|massa|perfeito|combinado|fechado|pode deixar|sim|joia|legal|bacana)\b/.test(
      n,
    )
  )
    return 'ACK'
  return gibberish ? 'NONSENSE' : 'OFF_TOPIC'
}

const TEXTS: Record<Exclude<Chat, 'ABOUT_COACH'>, Record<Archetype, readonly string[]>> = {
  EMOJI: {
    TECNICO: [
      '👊 Valeu pela energia{n}! Quer treinar o quê hoje: saque, voleio, smash ou posicionamento?',
      'Recebido{n}! 😄 Me conta em palavras o que você quer ajustar no seu jogo.',
      '🎾 Bora! Qual golpe está te incomodando mais{n}?',
    ],
    MENTAL: [
      '🙂 Gostei{n}. Como você está se sentindo com o seu jogo hoje?',
      'Recebido{n}! Se quiser, me conta em palavras o que está passando pela cabeça.',
      '😊 Estou por aqui{n}. Nervosismo, foco, confiança: é só falar.',
    ],
    ESTATISTICO: [
      '📊 Recebido{n}! Quer falar de números, evolução ou da análise de um vídeo?',
      '👍 Anotado{n}. Quando quiser, me conta do seu último jogo.',
      '🙂 Por aqui{n}! Me diz em palavras o que você quer medir.',
    ],
  },
  GREETING: {
    TECNICO: [
      'Fala{n}! 👋 Pronto para treinar? Me conta o que quer melhorar: saque, devolução, voleio, smash, lob, posicionamento…',
      'Oi{n}! Bora evoluir na areia? Qual golpe vamos trabalhar hoje?',
      'E aí{n}! Me fala o que tem dado trabalho nos seus jogos que a gente monta um treino.',
    ],
    MENTAL: [
      'Oi{n}! Que bom te ver por aqui. Como você está chegando para os treinos esta semana?',
      'Olá{n} 🙂 Como anda a cabeça no jogo? Nervosismo, foco, confiança?',
      'Oi{n}! Me conta: como foi a sua última vez na quadra?',
    ],
    ESTATISTICO: [
      'Olá{n}! Quando quiser, a gente fala de números, evolução ou da análise dos seus vídeos.',
      'Oi{n}! Jogou recentemente? Me conta o placar e como terminaram os pontos de ouro.',
      'Olá{n} 📊 Quer ver como medir a sua evolução?',
    ],
  },
  THANKS: {
    TECNICO: [
      'Por nada{n}! Agora é areia e repetição. 💪',
      'Tamo junto{n}! Qualquer dúvida no treino, é só chamar.',
      'Imagina{n}! Me conta depois como foi o exercício.',
    ],
    MENTAL: [
      'Eu que agradeço a confiança{n}. 🙂',
      'Por nada{n}! Lembra: rotina primeiro, resultado depois.',
      'Sempre que precisar{n}, estou aqui.',
    ],
    ESTATISTICO: [
      'Por nada{n}! Quando tiver dados novos, me traz.',
      'Disponha{n}! Manda um vídeo quando puder que a gente mede.',
      'Valeu você{n}! Tendência se constrói jogo a jogo.',
    ],
  },
  BYE: {
    TECNICO: [
      'Até mais{n}! Bom treino. 🎾',
      'Falou{n}! Raquete na frente, sempre.',
      'Até a próxima{n}! Me conta do treino depois.',
    ],
    MENTAL: [
      'Até logo{n}! Cuida do descanso também. 🙂',
      'Tchau{n}! Respira e aproveita o jogo.',
      'Até mais{n}! Estou por aqui quando precisar.',
    ],
    ESTATISTICO: [
      'Até mais{n}! Anota o placar do próximo jogo.',
      'Tchau{n}! Manda o vídeo quando der.',
      'Até a próxima{n}! 📊',
    ],
  },
  LAUGH: {
    TECNICO: [
      'Haha 😄 Bom humor ajuda, mas o saque não se treina sozinho{n}!',
      'Kkk boa{n}! Bora voltar para a areia?',
      '😂 Gostei{n}. E aí, o que vamos treinar?',
    ],
    MENTAL: [
      'Haha, rir também é ótimo para soltar a tensão{n} 😄',
      'Bom ver você leve assim{n}! Leva isso para a quadra.',
      '😄 Humor é uma ótima ferramenta mental{n}.',
    ],
    ESTATISTICO: [
      'Haha 😄 Isso eu não sei medir{n}!',
      'Kkk anotado{n}. Algum número sério para a gente olhar?',
      '😄 Boa{n}!',
    ],
  },
  ACK: {
    TECNICO: [
      'Fechado{n}! Qualquer coisa, estou aqui.',
      'Combinado{n}. Depois me conta como foi.',
      'Isso aí{n}! Bom treino.',
    ],
    MENTAL: [
      'Combinado{n} 🙂',
      'Ótimo{n}. Vai no seu ritmo.',
      'Certo{n}! Me conta como você se sentiu depois.',
    ],
    ESTATISTICO: [
      'Anotado{n}.',
      'Certo{n}! Quando tiver dados, a gente olha junto.',
      'Combinado{n} 📊',
    ],
  },
  NONSENSE: {
    TECNICO: [
      'Hmm, não consegui entender{n} 😅 Pode escrever de outro jeito? Por exemplo: "como melhorar meu saque?" ou "como me posicionar na dupla?".',
      'Acho que o teclado escorregou{n}! Me conta em palavras: qual golpe você quer treinar?',
      'Não peguei essa{n}. Quer falar de saque, voleio, smash, lob ou posicionamento?',
    ],
    MENTAL: [
      'Não consegui entender{n} 🙂 Me conta com outras palavras: é algo de nervosismo, foco ou confiança?',
      'Hmm, essa eu não entendi{n}. Pode tentar de novo?',
      'Acho que a mensagem saiu embaralhada{n}. O que você queria dizer?',
    ],
    ESTATISTICO: [
      'Não consegui interpretar essa{n}. Pode reformular? Por exemplo: "como medir minha evolução?".',
      'Hmm, dado ilegível{n} 😅 Me manda de novo com outras palavras.',
      'Essa eu não entendi{n}. Quer falar de números, do seu último jogo ou de vídeo?',
    ],
  },
  OFF_TOPIC: {
    TECNICO: [
      'Não sei se peguei a sua ideia{n}. Meu forte é beach tennis: saque, devolução, voleio, smash, lob, curtinha, posicionamento, físico e equipamento. Qual golpe ou situação de jogo você quer trabalhar?',
      'Não tenho certeza se entendi{n}. Se for sobre o seu jogo, me conta o golpe ou a situação que eu te passo um treino.',
      'Disso eu não entendo muito{n} 😅 Mas de beach tennis, sim: quer uma dica de saque ou de posicionamento?',
    ],
    MENTAL: [
      'Não sei se entendi bem{n}. Se tiver a ver com como você se sente no jogo (nervosismo, foco, confiança, motivação), me conta mais.',
      'Esse tema foge um pouco do meu campo{n} 🙂 Eu cuido da cabeça na quadra: pressão, rotina, confiança. Quer falar disso?',
      'Me conta mais{n}: isso aparece no seu jogo de alguma forma?',
    ],
    ESTATISTICO: [
      'Não sei se entendi{n}. Eu cuido dos números: evolução, análise dos vídeos e planejamento de treino. Quer começar por algum?',
      'Esse assunto está fora do meu placar{n} 😅 Posso te ajudar a medir a sua evolução ou a planejar a semana.',
      'Hmm, isso eu não sei medir{n}. Quer falar do seu último jogo?',
    ],
  },
}

/** "técnica", "mental", "estatístico": the archetype agreeing with the coach's gender. */
function roleWord(coach: CoachPersona): string {
  const label = ARCHETYPE_LABEL[coach.archetype].toLowerCase()
  return coach.persona.pronoun === 'ela' && label.endsWith('o') ? `${label.slice(0, -1)}a` : label
}

/** A friendly reply to a message that is not a beach tennis question; `variant` picks wording. */
export function smallTalk(
  kind: Chat,
  coach: CoachPersona,
  profile: PlayerProfile,
  variant: number,
  useName: boolean,
): string {
  const name = firstName(profile)
  const n = name && useName ? `, ${name}` : ''
  if (kind === 'ABOUT_COACH') {
    const o = coach.persona.pronoun === 'ela' ? 'a' : 'o'
    const role = roleWord(coach)
    const intro = at(
      [
        `Sou ${coach.name}, coach ${role} de inteligência artificial da sua equipe exclusiva no Areia. Não sou uma pessoa: sou uma IA treinada para conversar sobre o seu jogo como um coach.`,
        `Eu sou ${coach.name}, ${o} coach ${role} da sua equipe de coaches de IA. Não sou human${o}, mas conheço beach tennis e conheço o seu perfil.`,
      ],
      variant,
    )
    return `${intro}\n\nMinha persona: ${coach.persona.background}\n\nCom você, meu foco é **${coach.persona.focus}**.`
  }
  return at(TEXTS[kind][coach.archetype], variant).replace('{n}', n)
}
