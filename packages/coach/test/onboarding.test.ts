import { describe, expect, it } from 'vitest'
import {
  answerOnboarding,
  isOnboardingState,
  parseCategory,
  parseFrequency,
  parseGender,
  parseHand,
  parseHeight,
  parseName,
  resumeOnboarding,
  startOnboarding,
  type OnboardingState,
} from '../src'

describe('typed answers', () => {
  it.each([
    ['1,75', 175],
    ['175 cm', 175],
    ['175cm', 175],
    ['1.75m', 175],
    ['1,8', 180],
    ['1m68', 168],
    ['tenho 1 metro e 75', 175],
    ['um metro e setenta e cinco', 175],
    ['1 metro e sessenta', 160],
    ['1 e 72', 172],
    ['uns 1,62 mais ou menos', 162],
    ['182', 182],
    ["5'9", 175],
    ['sei lá', null],
  ])('height %s → %s', (text, cm) => expect(parseHeight(text)).toBe(cm))

  it.each([
    ['canhoto', 'LEFT'],
    ['sou canhota', 'LEFT'],
    ['Mão esquerda', 'LEFT'],
    ['sou destro', 'RIGHT'],
    ['destra', 'RIGHT'],
    ['direita', 'RIGHT'],
    ['não sou canhoto', 'RIGHT'],
    ['ambidestro', null],
    ['hmm', null],
  ])('hand %s → %s', (text, hand) => expect(parseHand(text)).toBe(hand))

  it.each([
    ['Iniciante', 'INICIANTE', null],
    ['sou da C', 'C', null],
    ['categoria b', 'B', null],
    ['jogo há 2 anos, iniciante', 'INICIANTE', null],
    ['D', 'D', null],
    ['a', 'A', null],
    ['jogo na A masculina', 'A', null],
    ['profissional', 'PROFISSIONAL', null],
    ['sou da C, 40+', 'C', 'MAIS_40'],
    ['B e 35+', 'B', 'MAIS_35'],
    ['Sub-16', null, 'SUB_16'],
    ['comecei agora', 'INICIANTE', null],
    ['banana', null, null],
  ])('category %s → %s / %s', (text, category, age) => {
    const parsed = parseCategory(text)
    expect(parsed.category).toBe(category)
    expect(parsed.ageGroup).toBe(age)
  })

  it.each([
    ['3x por semana', 3],
    ['3 vezes na semana', 3],
    ['três vezes', 3],
    ['todo dia', 7],
    ['todos os dias', 7],
    ['2–3x por semana', 3],
    ['2 a 3 vezes', 3],
    ['1x por semana', 1],
    ['uma vez por semana', 1],
    ['só no fim de semana', 2],
    ['de segunda a sexta', 5],
    ['2x por dia', 14],
    ['raramente', 0],
    ['4 dias', 4],
    ['1x por semana, às vezes 2', 1],
    ['seg a sex antes do trampo', 5],
    ['terça e quinta à noite', 2],
    ['quando dá, uns 2 a 3 vezes', 3],
    ['azul', null],
  ])('frequency %s → %s', (text, perWeek) => expect(parseFrequency(text)).toBe(perWeek))

  it.each([
    ['Feminino', 'FEMALE'],
    ['sou mulher', 'FEMALE'],
    ['masculino', 'MALE'],
    ['homem', 'MALE'],
    ['não binário', 'OTHER'],
    ['Outro', 'OTHER'],
    ['prefiro não dizer', 'UNDISCLOSED'],
    ['Prefiro nao informar', 'UNDISCLOSED'],
    ['xyz', null],
  ])('gender %s → %s', (text, gender) => expect(parseGender(text)).toBe(gender))

  it.each([
    ['Ana', 'Ana'],
    ['meu nome é ana paula', 'Ana Paula'],
    ['Oi, me chamo João da Silva!', 'João da Silva'],
    ['pode me chamar de Zé', 'Zé'],
    ['sou o Pedro, prazer', 'Pedro'],
    ['oi', null],
    ['asdfgh', null],
    ['123', null],
  ])('name %s → %s', (text, name) => expect(parseName(text)).toBe(name))
})

describe('onboarding dialogue', () => {
  it('asks one question at a time and ends with a patch of everything, typed not tapped', () => {
    const start = startOnboarding()
    expect(start.messages).toHaveLength(1)
    expect(start.messages[0]?.text).toMatch(/nome|chamad/)
    let state: OnboardingState = start.state
    const patch: Record<string, unknown> = {}
    const answers = [
      'oi! me chamo Carla Souza',
      'jogo na C',
      '40+',
      'tenho 1 metro e 75',
      'sou canhota',
      'prefiro não dizer',
      'quero subir para a B até o fim do ano',
      '3x por semana',
    ]
    let last
    for (const [i, answer] of answers.entries()) {
      last = answerOnboarding(state, answer)
      state = last.state
      Object.assign(patch, last.profilePatch)
      expect(last.messages.length).toBeGreaterThan(0)
      expect(last.done).toBe(i === answers.length - 1)
      expect(JSON.parse(JSON.stringify(state))).toEqual(state)
      expect(isOnboardingState(state)).toBe(true)
    }
    expect(patch).toEqual({
      name: 'Carla Souza',
      category: 'C',
      age_group: 'MAIS_40',
      height_cm: 175,
      dominant_hand: 'LEFT',
      gender: 'UNDISCLOSED',
      goal: 'quero subir para a B até o fim do ano',
      goal_focus: 'SUBIR_CATEGORIA',
      training_per_week: 3,
    })
    expect(last?.messages.at(-1)?.text).toMatch(/criando|equipe/i)
    expect(state.answers).toEqual(patch)
  })

  it.each([
    ['34 anos', 'MAIS_30', /34 anos, anotado: .*30\+/],
    ['tenho 47', 'MAIS_45', /47 anos, anotado: .*45\+/],
    ['47', 'MAIS_45', /45\+/],
    ['nasci em 1980', 'MAIS_45', /46 anos/],
    ['sou de 91', 'MAIS_35', /35 anos/],
    ['quase 40', 'MAIS_35', /39 anos/],
    ['faço 40 em janeiro', 'MAIS_35', /39 anos/],
    ['16 anos', 'SUB_18', /Sub-18/],
    ['11 anos', 'SUB_12', /Sub-12/],
    ['25 anos', null, /25 anos, anotado\./],
    ['40+', 'MAIS_40', /40\+/],
  ])('reads the age "%s" as the age group %s, and says so', (answer, group, ack) => {
    let { state } = startOnboarding()
    state = answerOnboarding(state, 'Marcos').state
    state = answerOnboarding(state, 'categoria C').state
    expect(state.step).toBe('AGE_GROUP')
    const turn = answerOnboarding(state, answer, new Date('2026-12-07T12:00:00Z'))
    expect(turn.profilePatch).toEqual({ age_group: group })
    expect(turn.state.step).toBe('HEIGHT')
    expect(turn.messages[0]?.text).toMatch(ack)
  })

  it('does not take how long someone has played for their age', () => {
    let { state } = startOnboarding()
    state = answerOnboarding(state, 'Marcos').state
    state = answerOnboarding(state, 'categoria C').state
    const turn = answerOnboarding(state, 'jogo há 10 anos')
    expect(turn.state.step).toBe('AGE_GROUP')
    expect(turn.profilePatch).toEqual({})
  })

  it('skips the age-group question when the category answer already had it', () => {
    let { state } = startOnboarding()
    state = answerOnboarding(state, 'Marcos').state
    const turn = answerOnboarding(state, 'sou da B, 45+')
    expect(turn.profilePatch).toEqual({ category: 'B', age_group: 'MAIS_45' })
    expect(turn.state.step).toBe('HEIGHT')
  })

  it('resumes a cut-off turn with what the host owed: the opening, then the current question', () => {
    const start = startOnboarding()
    expect(resumeOnboarding(start.state)).toEqual({
      state: start.state,
      messages: start.messages,
      profilePatch: {},
      done: false,
    })
    // The answer was read and saved; its acknowledgement and next question were never sent.
    const read = answerOnboarding(start.state, 'Lia').state
    const owed = resumeOnboarding(read)
    expect(owed.messages).toEqual([
      {
        text: 'Em qual categoria você joga hoje? Se ainda não compete, pode dizer que é iniciante.',
        suggestions: ['Iniciante', 'D', 'C', 'B', 'A', 'Profissional'],
      },
    ])
    expect(owed.state).toBe(read)
    // A re-asked name is asked as the question, not with the welcome again.
    const retried = answerOnboarding(start.state, '???').state
    expect(resumeOnboarding(retried).messages[0]?.text).toBe(
      'Para começar: qual é o seu nome, ou como prefere que a gente te chame?',
    )
    let state = start.state
    for (const a of ['Lia', 'C', 'não', '1,70', 'direita', 'feminino', 'competir', '2x']) {
      state = answerOnboarding(state, a).state
    }
    const closing = resumeOnboarding(state)
    expect(closing.done).toBe(true)
    expect(closing.messages[0]?.text).toMatch(/criando|equipe/i)
  })

  it('offers chips on closed questions', () => {
    let { state } = startOnboarding()
    const turn = answerOnboarding(state, 'Lia')
    expect(turn.messages[0]?.suggestions).toEqual(['Iniciante', 'D', 'C', 'B', 'A', 'Profissional'])
    state = turn.state
  })

  it('re-asks gibberish kindly, with different wording each time, and never errors', () => {
    let { state } = startOnboarding()
    state = answerOnboarding(state, 'Rita').state
    const texts: string[] = []
    for (let i = 0; i < 2; i++) {
      const turn = answerOnboarding(state, 'qwrtzxcv')
      expect(turn.done).toBe(false)
      expect(turn.profilePatch).toEqual({})
      expect(turn.state.step).toBe('CATEGORY')
      texts.push(turn.messages[0]?.text ?? '')
      state = turn.state
    }
    expect(texts[0]).not.toBe(texts[1])
    expect(texts.join(' ')).not.toMatch(/erro|inválid/i)
  })

  it('asks for the letter when the player says "intermediário"', () => {
    let { state } = startOnboarding()
    state = answerOnboarding(state, 'Rita').state
    const turn = answerOnboarding(state, 'intermediário')
    expect(turn.messages[0]?.suggestions).toEqual(['D', 'C', 'B'])
    expect(answerOnboarding(turn.state, 'C').profilePatch).toEqual({ category: 'C' })
  })

  it('re-asks an impossible height and moves on after repeated failures on an optional question', () => {
    let { state } = startOnboarding()
    for (const a of ['Rita', 'C', 'não']) state = answerOnboarding(state, a).state
    const tall = answerOnboarding(state, '3,50')
    expect(tall.state.step).toBe('HEIGHT')
    expect(tall.messages[0]?.text).toMatch(/não parece/)
    state = tall.state
    state = answerOnboarding(state, 'banana').state
    const skipped = answerOnboarding(state, 'banana')
    expect(skipped.profilePatch).toEqual({ height_cm: null })
    expect(skipped.state.step).toBe('HAND')
  })

  it('handles empty, huge and emoji answers without throwing', () => {
    const { state } = startOnboarding()
    for (const text of ['', '   ', '🎾🎾', 'x'.repeat(5000)]) {
      const turn = answerOnboarding(state, text)
      expect(turn.messages[0]?.text.length).toBeGreaterThan(0)
      expect(turn.done).toBe(false)
    }
  })
})
