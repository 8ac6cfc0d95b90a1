import { describe, expect, it } from 'vitest'
import { reply, seededRng, type ChatTurn, type PlayerProfile } from '../src'
import { evaluateProfile, loadHoldout, loadSet, PROFILES, unknownLabels } from '../eval/evaluate'
import { agreementErrors } from '../eval/agreement'
import { drillLine } from '../src/intents/answer'
import { CATALOG } from '../src/intents/catalog'
import { INTENTS } from '../src/intents/registry'
import { extractSlots } from '../src/intents/slots'
import { understand } from '../src/intents/understand'
import { team } from './fixtures'

const MARINA = PROFILES.female
const RAFAEL = PROFILES.male

function converse(profile: PlayerProfile, messages: string[], seed = 5) {
  const t = team(seed, profile)
  const history: ChatTurn[] = []
  const out: string[][] = []
  messages.forEach((text, i) => {
    const replies = reply({ text, team: t, profile, history, rng: seededRng(`${seed}-${i}`) })
    history.push(
      { sender: 'USER', text },
      ...replies.map((r) => ({ sender: r.coachId, text: r.text })),
    )
    out.push(replies.map((r) => r.text))
  })
  return { t, out, history }
}

describe('the knowledge, intent by intent', () => {
  it('has every intent of the catalogue, at least 250, each with phrasings, answers and advice', () => {
    expect(CATALOG.length).toBeGreaterThanOrEqual(250)
    expect(INTENTS.map((i) => i.id)).toEqual(CATALOG.map((c) => c.id))
    for (const intent of INTENTS) {
      expect(intent.examples.length, intent.id).toBeGreaterThanOrEqual(8)
      expect(intent.answers.length, intent.id).toBeGreaterThanOrEqual(3)
      expect(intent.alt.length, intent.id).toBeGreaterThanOrEqual(2)
      if (intent.domain !== 'conversa')
        expect(intent.tips.length, intent.id).toBeGreaterThanOrEqual(3)
      for (const id of intent.related ?? [])
        expect(
          CATALOG.some((c) => c.id === id),
          id,
        ).toBe(true)
    }
  })

  it('gives each intent its own label, so a question back is never ambiguous', () => {
    const labels = CATALOG.map((c) => c.label)
    expect(new Set(labels).size).toBe(labels.length)
  })

  it('writes agreement with marks, never with hedges like "(a)"', () => {
    const text = INTENTS.flatMap((i) => [...i.answers, ...i.alt, ...i.tips])
    expect(text.filter((s) => /\w\((a|as|o|os)\)/.test(s))).toEqual([])
    expect(text.filter((s) => /\[\[[^\]|]*\]\]|\[\[[^\]]*$/.test(s))).toEqual([])
  })
})

describe('the evaluation set', () => {
  const set = loadSet()

  it('is large enough and labelled with the catalogue', () => {
    expect(set.messages.length).toBeGreaterThanOrEqual(400)
    expect(set.conversations.length).toBeGreaterThanOrEqual(30)
    expect(set.conversations.filter((c) => c.turns.length >= 25).length).toBeGreaterThanOrEqual(4)
    expect(unknownLabels(set)).toEqual([])
  })

  // Floors at what the engine reaches today, so that a change that makes it worse fails here;
  // `npm run eval:coach -- --misses` lists what it gets wrong.
  it.each(['female', 'male'] as const)(
    'keeps its floors for the %s profile',
    (key) => {
      const r = evaluateProfile(key, set)
      expect(r.intentAccuracy).toBeGreaterThanOrEqual(0.9)
      expect(r.coachAccuracy).toBeGreaterThanOrEqual(0.95)
      expect(r.clarifyRate).toBeLessThanOrEqual(0.03)
      expect(r.clarifyRecall).toBeGreaterThanOrEqual(0.75)
      expect(r.detailsUsed).toBeGreaterThanOrEqual(0.75)
      expect(r.conversationIntentAccuracy).toBeGreaterThanOrEqual(0.65)
      expect(r.repeats).toEqual([])
      expect(r.agreement).toEqual([])
    },
    120_000,
  )

  it.each(['female', 'male'] as const)(
    'reads the held-out messages for the %s profile about as well as the set it was tuned on',
    (key) => {
      const r = evaluateProfile(key, loadHoldout())
      expect(r.intentAccuracy).toBeGreaterThanOrEqual(0.85)
      expect(r.coachAccuracy).toBeGreaterThanOrEqual(0.95)
      expect(r.clarifyRate).toBeLessThanOrEqual(0.03)
      expect(r.agreement).toEqual([])
    },
    60_000,
  )
})

describe('answers', () => {
  it("grows a drill's volume with the level, never its duration or how often", () => {
    const volume = { name: 'Alvo', how: 'saque no cone', amount: 20, unit: 'saques' }
    const week = { name: 'Diário', how: 'anote por uma semana', amount: 7, unit: 'dias' }
    const often = { name: 'Rotina', how: 'treine', amount: 5, unit: 'sessões por semana' }
    expect(drillLine(volume, 'AVANCADO')).toContain('**40 saques**')
    expect(drillLine(week, 'AVANCADO')).toContain('**7 dias**')
    expect(drillLine(often, 'INTERMEDIARIO')).toContain('**5 sessões por semana**')
  })

  it('states the rule first, in the first sentence', () => {
    const first = (text: string) =>
      reply({ text, team: team(3, MARINA), profile: MARINA, history: [], rng: seededRng(1) })[0]
        ?.text ?? ''
    expect(first('a bola pode quicar?')).toMatch(/^(Não|Resposta curta: não)/)
    expect(first('tem segundo saque no beach?')).toMatch(
      /^[^.]*(um só|único|uma só|apenas um|não)/i,
    )
    expect(first('saque que bate na rede e cai do outro lado vale?')).toMatch(
      /^[^.]*\b(vale|em jogo|não há let|não existe let)/i,
    )
  })

  it('reads chat shorthand: "qnt", "pfv", and "blz" agreeing or asking how we are', () => {
    const id = (text: string) => understand(text, []).intents[0]?.id
    expect(id('blz, vou fazer isso')).toBe('concordancia')
    expect(id('beleza?')).toBe('como-vai')
    expect(id('qnt custa o plano pro?')).toBe('planos-precos')
  })

  it('warns of alarm signs after a symptom, never after advice on what to take', () => {
    for (let seed = 0; seed < 12; seed++) {
      const [r] = reply({
        text: 'creatina ajuda no beach tennis?',
        team: team(seed, MARINA),
        profile: MARINA,
        history: [],
        rng: seededRng(seed),
      })
      expect(r?.text).toMatch(/⚠️/)
      expect(r?.text).not.toMatch(/tontura|dor no peito/)
    }
  })

  it('takes leave, praise and a complaint about the last answer as what they are', () => {
    const id = (text: string, history: ChatTurn[] = []) =>
      understand(text, history)['intents'][0]?.id
    expect(id('brigado, vou nessa')).toBe('despedida')
    expect(id('depois te conto como foi')).toBe('despedida')
    expect(id('essa dica funcionou demais')).toBe('elogio')
    expect(id('isso vc ja me disse isso')).toBe('reclamacao-resposta')
    const talked: ChatTurn[] = [{ sender: 'USER', text: 'como melhoro meu saque?' }]
    expect(id('boa noite pessoal')).toBe('saudacao')
    expect(id('boa noite pessoal', talked)).toBe('despedida')
  })

  it('asks back when a message could mean anything, instead of answering another question', () => {
    for (const text of ['me ajuda com aquilo', 'tá difícil', 'qual é melhor?']) {
      expect(understand(text, []).mode, text).toBe('CLARIFY')
      const [r] = reply({
        text,
        team: team(3, MARINA),
        profile: MARINA,
        history: [],
        rng: seededRng(2),
      })
      expect(r?.text).toMatch(/\?$/)
    }
  })

  it('answers "e quando sou eu que saco?" from the previous question, and explains again another way', () => {
    const { out } = converse(MARINA, [
      'onde eu fico quando minha parceira saca?',
      'e quando sou eu que saco?',
      'não entendi, explica de outro jeito',
    ])
    expect(
      understand('e quando sou eu que saco?', [
        { sender: 'USER', text: 'onde eu fico quando minha parceira saca?' },
      ]).intents[0]?.id,
    ).toBe('posicao-sacando')
    const [a, b, c] = out.map((r) => r.join('\n'))
    expect(b).not.toBe(a)
    expect(c).not.toBe(b)
    expect(c).toMatch(/outr[ao] (jeito|forma|maneira)|mudar a explicação/i)
  })

  it('uses what the player just said over the profile', () => {
    const week =
      converse(MARINA, ['consigo treinar 3x por semana, monta um plano pra mim?']).out[0]?.join(
        '\n',
      ) ?? ''
    expect(week).toMatch(/3 sessões por semana/)
    expect(week).not.toMatch(/2 sessões/)
    expect(week.match(/\*\*Sessão \d/g)).toHaveLength(3)
    const days =
      converse(MARINA, [
        'terça e quinta tenho aula, sábado jogo, quero focar saque e smash, torneio em março. monta minha semana',
      ]).out[0]?.join('\n') ?? ''
    expect(days).toMatch(/Terça \(aula\)/)
    expect(days).toMatch(/Sábado \(jogo\)/)
    expect(days).toMatch(/saque e smash/)
    expect(days).toMatch(/março/)
    // Rafael is left-handed: a new left-handed partner makes a pair of left-handers.
    const pair =
      converse(RAFAEL, ['meu parceiro novo é canhoto, como a gente se organiza?']).out[0]?.join(
        '\n',
      ) ?? ''
    expect(pair).toMatch(/vocês dois são canhotos/i)
    expect(extractSlots('tenho até 600 reais pra raquete').budget).toBe(600)
  })

  it('does not take onboarding answers to the host for questions the player already asked', () => {
    const t = team(5, MARINA)
    const history: ChatTurn[] = [
      { sender: 'host', text: 'Quantas vezes por semana você treina?' },
      { sender: 'USER', text: '3 vezes por semana' },
      { sender: 'host', text: 'Perfeito! Estou montando a sua equipe.' },
      { sender: t.coaches[0].id, text: 'Oi, Marina! Eu sou a sua coach.' },
    ]
    const [first] = reply({
      text: 'consigo treinar 3x por semana, monta um plano pra mim?',
      team: t,
      profile: MARINA,
      history,
      rng: seededRng(1),
    })
    expect(first?.text).not.toMatch(/já tinha me perguntado|já apareceu aqui|Voltando a/)
    expect(first?.text).toMatch(/3 sessões por semana/)
  })

  it('says truthfully that the coaches are an AI', () => {
    const text = converse(MARINA, ['vcs são robô?']).out[0]?.join('\n') ?? ''
    expect(text).toMatch(/inteligência artificial|\bIA\b/)
    expect(text).toMatch(/Não sou/)
  })

  it('agrees with a woman player and with each coach, with no hedges', () => {
    const { t, history } = converse(MARINA, [
      'oi',
      'sou canhota?',
      'fico muito nervosa no ponto de ouro',
      'quem é quem aí?',
      'vcs são robô?',
      'obrigada!',
    ])
    for (const turn of history.filter((h) => h.sender !== 'USER')) {
      const coach = t.coaches.find((c) => c.id === turn.sender)
      expect(agreementErrors(turn.text, MARINA, coach)).toEqual([])
    }
  })
})
