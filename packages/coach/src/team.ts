import { type Archetype } from '@areia/contracts'
import { FEMALE_NAMES, HOMETOWNS, MALE_NAMES, SURNAMES } from './names'
import { levelOf } from './profile'
import { normalize, pick, shuffle } from './text'
import {
  AGE_GROUP_LABEL,
  type CoachPersona,
  type PersonaTraits,
  type PlayerProfile,
  type Rng,
  type Team,
} from './types'

export const ARCHETYPE_ORDER = ['TECNICO', 'MENTAL', 'ESTATISTICO'] as const satisfies Archetype[]

type Sex = 'F' | 'M'

const VOICE: Record<Archetype, string> = {
  TECNICO:
    'Preciso e prático: fala em exercícios, repetições e dicas curtas de execução; corrige com calma e sempre dá um próximo passo concreto.',
  MENTAL:
    'Calmo e acolhedor: faz perguntas, fala de respiração, rotina e foco; transforma nervosismo em plano, sem clichês de autoajuda.',
  ESTATISTICO:
    'Objetivo e curioso com números: explica o que vai medir e por quê; nunca inventa estatística, separa dado do jogador de referência geral.',
}

const TRAITS: Record<Archetype, readonly string[]> = {
  TECNICO: [
    'detalhista',
    'paciente na correção',
    'exigente com o básico',
    'direto',
    'bem-humorado na quadra',
    'metódico',
  ],
  MENTAL: [
    'escuta antes de falar',
    'sereno',
    'empático',
    'provocador na medida',
    'prático',
    'otimista realista',
  ],
  ESTATISTICO: [
    'cético com achismos',
    'organizado',
    'curioso',
    'didático com números',
    'honesto',
    'objetivo',
  ],
}

const CATCHPHRASES: Record<Archetype, readonly string[]> = {
  TECNICO: [
    'Raquete na frente, sempre.',
    'Fundamento bem feito ganha jogo.',
    'Menos força, mais direção.',
    'Repetição com intenção.',
    'Pé na areia, olho na bola.',
  ],
  MENTAL: [
    'Esta bola, agora.',
    'Respira e volta pro ponto.',
    'Erro é informação, não sentença.',
    'O ponto de ouro é só mais um ponto.',
    'Rotina primeiro, resultado depois.',
  ],
  ESTATISTICO: [
    'Sem dado, é só opinião.',
    'Tendência vale mais que um jogo.',
    'O que a gente mede, a gente melhora.',
    'Número é bússola, não sentença.',
    'Primeiro o fato, depois a conclusão.',
  ],
}

function background(
  archetype: Archetype,
  sex: Sex,
  hometown: string,
  rng: Rng,
  profile: PlayerProfile,
): string {
  const o = sex === 'F' ? 'a' : 'o'
  const since = 2008 + Math.floor(rng() * 10)
  const years = 4 + Math.floor(rng() * 12)
  const extra: string[] = []
  switch (archetype) {
    case 'TECNICO': {
      const base = pick(
        [
          `Ex-jogador${sex === 'F' ? 'a' : ''} de tênis que migrou para o beach tennis em ${since}; treinador${sex === 'F' ? 'a' : ''} há ${years} anos em ${hometown}.`,
          `Começou na areia de ${hometown} em ${since}, jogou o circuito nacional e hoje é treinador${sex === 'F' ? 'a' : ''} há ${years} anos.`,
          `Professor${sex === 'F' ? 'a' : ''} de educação física, dá aulas de beach tennis em ${hometown} há ${years} anos, de iniciantes a atletas de torneio.`,
        ],
        rng,
      )
      if (profile.dominant_hand === 'LEFT')
        extra.push(`Também é canhot${o}, então conhece bem os ajustes de quem joga com a esquerda.`)
      if (profile.age_group?.startsWith('SUB_'))
        extra.push('Trabalha há anos com as categorias de base.')
      return [base, ...extra].join(' ')
    }
    case 'MENTAL':
      return pick(
        [
          `Psicólog${o} do esporte, joga beach tennis em ${hometown} desde ${since} e acompanha atletas em torneios há ${years} anos.`,
          `Ex-atleta de vôlei de praia que virou psicólog${o} do esporte; em ${hometown}, prepara jogadores de beach tennis para a pressão de torneio há ${years} anos.`,
          `Especialista em preparação mental, ${years} anos acompanhando duplas de beach tennis entre ${hometown} e o circuito nacional.`,
        ],
        rng,
      )
    case 'ESTATISTICO':
      return pick(
        [
          `Analista de desempenho formad${o} em estatística; mede jogos de beach tennis desde ${since} e joga nas horas vagas em ${hometown}.`,
          `Engenheir${o} que trocou planilhas de fábrica por súmulas de quadra: há ${years} anos analisa vídeos de beach tennis em ${hometown}.`,
          `Cientista de dados e jogador${sex === 'F' ? 'a' : ''} amador${sex === 'F' ? 'a' : ''} em ${hometown}; monta relatórios de desempenho para duplas de torneio há ${years} anos.`,
        ],
        rng,
      )
  }
}

function focus(archetype: Archetype, profile: PlayerProfile): string {
  const level = levelOf(profile.category)
  switch (archetype) {
    case 'TECNICO':
      return level === 'BASE'
        ? 'fundamentos: voleio, saque consistente e deslocamento na areia'
        : level === 'INTERMEDIARIO'
          ? 'saque com alvo, smash e posicionamento em dupla'
          : 'variação de golpes, disfarce e jogo tático sob pressão'
    case 'MENTAL':
      return profile.goal_focus === 'COMPETIR' || profile.goal_focus === 'SUBIR_CATEGORIA'
        ? 'rotina entre pontos e pressão de torneio'
        : profile.goal_focus === 'LAZER'
          ? 'prazer de jogar, confiança e constância'
          : 'rotina entre pontos, confiança depois de erros e foco'
    case 'ESTATISTICO':
      return profile.training_per_week !== null && profile.training_per_week !== undefined
        ? `medir a evolução e ajustar a carga de ${profile.training_per_week} treino(s) por semana`
        : 'medir a evolução a partir dos vídeos dos jogos'
  }
}

function slug(name: string): string {
  return normalize(name).replace(/[^a-z]/g, '')
}

/** Three genders with both present, so every team mixes women and men. */
function sexes(rng: Rng): [Sex, Sex, Sex] {
  const patterns: [Sex, Sex, Sex][] = [
    ['F', 'M', 'F'],
    ['M', 'F', 'M'],
    ['F', 'F', 'M'],
    ['M', 'M', 'F'],
    ['F', 'M', 'M'],
    ['M', 'F', 'F'],
  ]
  return pick(patterns, rng)
}

export interface CreateTeamInput {
  profile: PlayerProfile
  rng: Rng
  /** Names already given to other players' teams; avoided while the pools allow. */
  avoid?: readonly string[]
}

/** The player's exclusive team: técnico, mental and estatístico, with distinct names. */
export function createTeam({ profile, rng, avoid = [] }: CreateTeamInput): Team {
  const taken = new Set(avoid.map((n) => slug(n.split(' ')[0] ?? n)))
  if (profile.name) taken.add(slug(profile.name.split(' ')[0] ?? ''))
  const used = new Set<string>()
  const order = sexes(rng)
  const coaches = ARCHETYPE_ORDER.map((archetype, i): CoachPersona => {
    const sex = order[i] ?? 'F'
    const pool = sex === 'F' ? FEMALE_NAMES : MALE_NAMES
    const fresh = pool.filter((n) => !taken.has(slug(n)) && !used.has(slug(n)))
    // When every name was avoided (a very large user base), uniqueness inside the team still holds.
    const name = pick(fresh.length > 0 ? fresh : pool.filter((n) => !used.has(slug(n))), rng)
    used.add(slug(name))
    const hometown = pick(HOMETOWNS, rng)
    const persona: PersonaTraits = {
      fullName: `${name} ${pick(SURNAMES, rng)}`,
      pronoun: sex === 'F' ? 'ela' : 'ele',
      age: 27 + Math.floor(rng() * 22),
      hometown,
      background: background(archetype, sex, hometown, rng, profile),
      voice: VOICE[archetype],
      traits: shuffle(TRAITS[archetype], rng).slice(0, 3),
      catchphrases: shuffle(CATCHPHRASES[archetype], rng).slice(0, 2),
      focus: focus(archetype, profile),
    }
    if (profile.age_group && !profile.age_group.startsWith('SUB_') && archetype === 'MENTAL')
      persona.background += ` Conhece bem a rotina de quem joga a categoria ${AGE_GROUP_LABEL[profile.age_group]}: conciliar treino, trabalho e família.`
    return { id: `${archetype.toLowerCase()}-${slug(name)}`, name, archetype, persona }
  })
  const [tecnico, mental, estatistico] = coaches
  if (!tecnico || !mental || !estatistico) throw new Error('a team has three coaches')
  return { version: 1, coaches: [tecnico, mental, estatistico] }
}

export function coachByArchetype(team: Team, archetype: Archetype): CoachPersona {
  const coach = team.coaches.find((c) => c.archetype === archetype)
  return coach ?? team.coaches[0]
}

export function coachById(team: Team, id: string): CoachPersona | undefined {
  return team.coaches.find((c) => c.id === id)
}
