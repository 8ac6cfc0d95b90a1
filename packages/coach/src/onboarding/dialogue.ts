import { type DominantHand, type Gender, type PlayerCategory } from '@areia/contracts'
import { at, formatHeight, normalize } from '../text'
import { AGE_GROUP_LABEL, type AgeGroup, type GoalFocus } from '../types'
import {
  declines,
  MAX_HEIGHT,
  MIN_HEIGHT,
  ageGroupForYears,
  parseAgeGroup,
  parseAgeYears,
  parseCategory,
  parseFrequency,
  parseGender,
  parseGoal,
  parseHand,
  parseHeight,
  parseName,
} from './parse'

export const ONBOARDING_STEPS = [
  'NAME',
  'CATEGORY',
  'AGE_GROUP',
  'HEIGHT',
  'HAND',
  'GENDER',
  'GOAL',
  'FREQUENCY',
  'DONE',
] as const
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]

/**
 * What onboarding saves. `name`, `category`, `height_cm`, `dominant_hand` and `gender` are the
 * keys of `ProfileUpdateBody`; the others are this package's own (see README).
 */
export interface ProfilePatch {
  name?: string
  category?: PlayerCategory | null
  age_group?: AgeGroup | null
  height_cm?: number | null
  dominant_hand?: DominantHand | null
  gender?: Gender | null
  goal?: string | null
  goal_focus?: GoalFocus | null
  training_per_week?: number | null
}

/** Plain JSON the server stores between two answers. */
export interface OnboardingState {
  version: 1
  step: OnboardingStep
  /** Answers to the current question not understood yet: varies the re-ask, then moves on. */
  attempts: number
  /** Everything answered so far (the union of all patches). */
  answers: ProfilePatch
}

export interface OnboardingMessage {
  text: string
  suggestions?: string[]
}

export interface OnboardingTurn {
  state: OnboardingState
  messages: OnboardingMessage[]
  /** Only what this answer added; the server merges it into the stored profile. */
  profilePatch: ProfilePatch
  done: boolean
}

/** After this many answers not understood, an optional question is skipped (never the name). */
const MAX_ATTEMPTS = 3

const CATEGORY_CHIPS = ['Iniciante', 'D', 'C', 'B', 'A', 'Profissional']
const AGE_CHIPS = [
  'Não jogo por idade',
  'Sub-14',
  'Sub-16',
  'Sub-18',
  '35+',
  '40+',
  '45+',
  '50+',
  '55+',
]

function question(step: OnboardingStep, answers: ProfilePatch): OnboardingMessage {
  const name = answers.name?.split(' ')[0] ?? ''
  switch (step) {
    case 'NAME':
      return { text: 'Para começar: qual é o seu nome, ou como prefere que a gente te chame?' }
    case 'CATEGORY':
      return {
        text: 'Em qual categoria você joga hoje? Se ainda não compete, pode dizer que é iniciante.',
        suggestions: CATEGORY_CHIPS,
      }
    case 'AGE_GROUP':
      return {
        text: 'Quantos anos você tem? É para saber se você pode disputar alguma categoria por idade (Sub-12 a Sub-18, 30+, 40+…); se já disputa uma, pode me dizer qual.',
        suggestions: AGE_CHIPS,
      }
    case 'HEIGHT':
      return {
        text: 'Qual é a sua altura? Pode mandar do jeito que preferir, tipo 1,75 ou 175 cm.',
        suggestions: ['Prefiro não dizer'],
      }
    case 'HAND':
      return { text: 'Você joga com qual mão?', suggestions: ['Mão direita', 'Mão esquerda'] }
    case 'GENDER':
      return {
        text: 'Como você se identifica?',
        suggestions: ['Feminino', 'Masculino', 'Outro', 'Prefiro não dizer'],
      }
    case 'GOAL':
      return {
        text: `${name ? `${name}, qual` : 'Qual'} é o seu principal objetivo no beach tennis hoje? Pode escrever com as suas palavras.`,
        suggestions: [
          'Subir de categoria',
          'Competir em torneios',
          'Melhorar a técnica',
          'Ficar em forma',
          'Jogar por diversão',
        ],
      }
    case 'FREQUENCY':
      return {
        text: 'Última pergunta: quantas vezes por semana você costuma treinar ou jogar?',
        suggestions: ['1x por semana', '2–3x por semana', '4–5x por semana', 'Todo dia'],
      }
    case 'DONE':
      return {
        text: `Perfeito${name ? `, ${name}` : ''}! Já tenho o que preciso. 🙌 Estou criando agora a sua **equipe exclusiva** de coaches de IA: um técnico, um mental e um estatístico, montados a partir do seu perfil. Em instantes eles se apresentam.`,
      }
  }
}

const REASK: Record<Exclude<OnboardingStep, 'DONE'>, readonly string[]> = {
  NAME: [
    'Não peguei o seu nome 😅 Pode me dizer só o nome que a gente deve usar? Pode ser um apelido.',
    'Hmm, acho que não entendi. Qual é o seu nome? Por exemplo: "Ana" ou "me chamo João".',
    'Me diz só o nome ou apelido, que eu já anoto. 🙂',
  ],
  CATEGORY: [
    'Não entendi a categoria 🤔 Você é iniciante ou joga na D, C, B, A ou profissional?',
    'Pode me mandar só a letra da categoria (D, C, B ou A), ou "iniciante" se estiver começando.',
    'Ainda não consegui identificar. É só tocar numa das opções abaixo. 😉',
  ],
  AGE_GROUP: [
    'Não entendi 😅 Me diz a sua idade (por exemplo, "34 anos") ou a categoria por idade que você disputa (Sub-16, 40+); se preferir não dizer, é só responder "não".',
    'Pode tocar numa das opções ou escrever algo como "35+" ou "Sub-14".',
    'Se não disputa categoria por idade, responda "não" e seguimos.',
  ],
  HEIGHT: [
    'Não consegui ler a altura 🤔 Pode mandar assim: 1,75 ou 175 cm?',
    'Hmm, me manda só o número, por exemplo 1,68 ou 168.',
    'Pode ser em metros ou centímetros, tipo "1,80 m" ou "180 cm". Se preferir, diga "prefiro não dizer".',
  ],
  HAND: [
    'Não entendi qual mão 😅 Você é destro (mão direita) ou canhoto (mão esquerda)?',
    'Me diz só "direita" ou "esquerda": a mão que segura a raquete.',
    'É só tocar numa das opções: mão direita ou mão esquerda.',
  ],
  GENDER: [
    'Não entendi 🙂 Feminino, masculino, outro, ou prefere não dizer?',
    'Pode tocar numa das opções abaixo, inclusive "prefiro não dizer".',
    'Sem problema se preferir não responder: é só dizer "prefiro não dizer".',
  ],
  GOAL: [
    'Não entendi muito bem 😅 Me conta em uma frase o que você quer no beach tennis: competir, evoluir, se divertir…',
    'Pode escrever do seu jeito, por exemplo: "quero subir para a C" ou "melhorar meu saque".',
    'Se preferir, toque numa das opções abaixo.',
  ],
  FREQUENCY: [
    'Não entendi a frequência 🤔 Algo como "2x por semana", "fim de semana" ou "todo dia"?',
    'Me diz quantas vezes por semana, tipo "3 vezes" ou "1x por semana".',
    'Pode tocar numa das opções abaixo, se for mais fácil.',
  ],
}

function next(step: OnboardingStep, answers: ProfilePatch): OnboardingStep {
  const i = ONBOARDING_STEPS.indexOf(step)
  const following = ONBOARDING_STEPS[i + 1] ?? 'DONE'
  // An age group given with the category ("sou da C, 40+") is not asked again.
  if (following === 'AGE_GROUP' && answers.age_group !== undefined) return 'HEIGHT'
  return following
}

export function startOnboarding(): { state: OnboardingState; messages: OnboardingMessage[] } {
  return {
    state: { version: 1, step: 'NAME', attempts: 0, answers: {} },
    messages: [
      {
        text: 'Oi! 👋 Boas-vindas ao **Areia**. Vou te fazer umas perguntas rápidas para montar a sua equipe exclusiva de coaches de IA. Para começar: qual é o seu nome, ou como prefere que a gente te chame?',
      },
    ],
  }
}

type Outcome =
  | { kind: 'ok'; patch: ProfilePatch; ack?: string }
  | { kind: 'retry'; text?: string; suggestions?: string[]; patch?: ProfilePatch }

const NO =
  /^(nao|n|nenhuma?|nao jogo|nao disputo|so adulto|so a adulta|adulto|adulta|livre|open|nao jogo por idade)\b/

function understand(step: Exclude<OnboardingStep, 'DONE'>, text: string, now: Date): Outcome {
  const n = normalize(text)
  switch (step) {
    case 'NAME': {
      const name = parseName(text)
      return name
        ? { kind: 'ok', patch: { name }, ack: `Prazer, ${name.split(' ')[0] ?? name}! 🎾` }
        : { kind: 'retry' }
    }
    case 'CATEGORY': {
      const { category, ageGroup, vague } = parseCategory(text)
      const age = ageGroup ? { age_group: ageGroup } : {}
      if (category) {
        const label =
          category === 'INICIANTE'
            ? 'iniciante'
            : category === 'PROFISSIONAL'
              ? 'profissional'
              : `categoria ${category}`
        const extra = ageGroup ? ` e ${AGE_GROUP_LABEL[ageGroup]}` : ''
        return { kind: 'ok', patch: { category, ...age }, ack: `Anotado: ${label}${extra}.` }
      }
      if (vague)
        return {
          kind: 'retry',
          text: `${vague === 'INTERMEDIARIO' ? 'Intermediário' : 'Avançado'}, legal! E em qual letra da CBT você joga?`,
          suggestions: vague === 'INTERMEDIARIO' ? ['D', 'C', 'B'] : ['B', 'A', 'Profissional'],
        }
      if (ageGroup)
        return {
          kind: 'retry',
          patch: age,
          text: `Anotei ${AGE_GROUP_LABEL[ageGroup]}! E de nível, você é iniciante ou joga na D, C, B, A?`,
          suggestions: CATEGORY_CHIPS,
        }
      // "não sei, jogo só com os amigos": no category because the game is for fun, said back.
      if (
        /\b(amigos|diversao|lazer|recreativ\w*|brincadeira|nao compito|nunca competi)\b/.test(
          normalize(text),
        )
      )
        return {
          kind: 'ok',
          patch: { category: null },
          ack: 'Sem categoria, jogando por diversão: anotado. Se um dia quiser competir, a gente vê a sua letra juntos.',
        }
      if (declines(text))
        return { kind: 'ok', patch: { category: null }, ack: 'Tudo bem, seguimos.' }
      return { kind: 'retry' }
    }
    case 'AGE_GROUP': {
      const ageGroup = parseAgeGroup(text)
      if (ageGroup)
        return {
          kind: 'ok',
          patch: { age_group: ageGroup },
          ack: `${AGE_GROUP_LABEL[ageGroup]}, anotado.`,
        }
      const years = parseAgeYears(text, now)
      if (years !== null) {
        const group = ageGroupForYears(years)
        return {
          kind: 'ok',
          patch: { age_group: group },
          ack: group
            ? `${years} anos, anotado: pela idade, você pode disputar a ${AGE_GROUP_LABEL[group]}.`
            : `${years} anos, anotado.`,
        }
      }
      if (NO.test(n) || declines(text))
        return { kind: 'ok', patch: { age_group: null }, ack: 'Certo.' }
      return { kind: 'retry' }
    }
    case 'HEIGHT': {
      if (declines(text)) return { kind: 'ok', patch: { height_cm: null }, ack: 'Sem problema.' }
      const cm = parseHeight(text)
      if (cm === null) return { kind: 'retry' }
      if (cm < MIN_HEIGHT || cm > MAX_HEIGHT)
        return {
          kind: 'retry',
          text: `Hmm, ${formatHeight(cm)} não parece certo 😅 Me manda de novo, por exemplo 1,75 ou 175 cm?`,
        }
      const note =
        cm >= 185
          ? ' Ótimo alcance para o smash!'
          : cm < 160
            ? ' Agilidade vai ser a sua arma.'
            : ''
      return { kind: 'ok', patch: { height_cm: cm }, ack: `${formatHeight(cm)}, anotado.${note}` }
    }
    case 'HAND': {
      const hand = parseHand(text)
      if (!hand) return { kind: 'retry' }
      return {
        kind: 'ok',
        patch: { dominant_hand: hand },
        ack:
          hand === 'LEFT'
            ? 'Mão esquerda! Os adversários vão ter trabalho. 😄'
            : 'Mão direita, anotado.',
      }
    }
    case 'GENDER': {
      const gender = parseGender(text)
      // The host thanks without a gendered "obrigado/obrigada".
      if (!gender) return { kind: 'retry' }
      return {
        kind: 'ok',
        patch: { gender },
        ack: gender === 'UNDISCLOSED' ? 'Tudo bem, sem problema.' : 'Valeu por contar!',
      }
    }
    case 'GOAL': {
      const goal = parseGoal(text)
      if (!goal) return { kind: 'retry' }
      return {
        kind: 'ok',
        patch: { goal: goal.goal, goal_focus: goal.focus },
        ack: 'Ótimo objetivo, a equipe vai trabalhar nisso com você.',
      }
    }
    case 'FREQUENCY': {
      const perWeek = parseFrequency(text)
      if (perWeek === null)
        return declines(text)
          ? { kind: 'ok', patch: { training_per_week: null } }
          : { kind: 'retry' }
      return { kind: 'ok', patch: { training_per_week: perWeek } }
    }
  }
}

/** Skipping a question stores `null`, so the server knows it was asked. */
const SKIPPED: Record<Exclude<OnboardingStep, 'DONE' | 'NAME'>, ProfilePatch> = {
  CATEGORY: { category: null },
  AGE_GROUP: { age_group: null },
  HEIGHT: { height_cm: null },
  HAND: { dominant_hand: null },
  GENDER: { gender: null },
  GOAL: { goal: null, goal_focus: null },
  FREQUENCY: { training_per_week: null },
}

function advance(
  state: OnboardingState,
  patch: ProfilePatch,
  ack: string | undefined,
): OnboardingTurn {
  const answers = { ...state.answers, ...patch }
  const step = next(state.step, answers)
  const q = question(step, answers)
  const done = step === 'DONE'
  const text = ack && !done ? `${ack} ${q.text}` : q.text
  return {
    state: { version: 1, step, attempts: 0, answers },
    messages: [{ ...q, text }],
    profilePatch: patch,
    done,
  }
}

/** Reads the player's answer to the current question and asks the next one (or asks again). */
/** `now` dates an answer such as "nasci em 1980". */
export function answerOnboarding(
  state: OnboardingState,
  userText: string,
  now: Date = new Date(),
): OnboardingTurn {
  const text = typeof userText === 'string' ? userText.slice(0, 1000) : ''
  const step = state.step
  if (step === 'DONE')
    return { state, messages: [question('DONE', state.answers)], profilePatch: {}, done: true }
  const outcome = understand(step, text, now)
  if (outcome.kind === 'ok') return advance(state, outcome.patch, outcome.ack)
  const attempts = state.attempts + 1
  if (attempts >= MAX_ATTEMPTS && step !== 'NAME')
    return advance(
      state,
      { ...SKIPPED[step], ...outcome.patch },
      'Sem problema, seguimos; dá para ajustar isso depois.',
    )
  const q = question(step, state.answers)
  const patch = outcome.patch ?? {}
  return {
    state: { version: 1, step, attempts, answers: { ...state.answers, ...patch } },
    messages: [
      {
        text: outcome.text ?? at(REASK[step], attempts - 1),
        suggestions: outcome.suggestions ?? q.suggestions,
      },
    ],
    profilePatch: patch,
    done: false,
  }
}

/**
 * What the host owes at this state when its last turn was cut off before it spoke (the server
 * saves the state first): the opening on a dialogue not yet begun, else the current question.
 */
export function resumeOnboarding(state: OnboardingState): OnboardingTurn {
  const opening = state.step === 'NAME' && state.attempts === 0
  return {
    state,
    messages: [opening ? startOnboarding().messages[0]! : question(state.step, state.answers)],
    profilePatch: {},
    done: state.step === 'DONE',
  }
}

/** Whether a stored value is an onboarding state this version can continue. */
export function isOnboardingState(value: unknown): value is OnboardingState {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    v.version === 1 &&
    typeof v.step === 'string' &&
    (ONBOARDING_STEPS as readonly string[]).includes(v.step) &&
    typeof v.attempts === 'number' &&
    typeof v.answers === 'object' &&
    v.answers !== null
  )
}
