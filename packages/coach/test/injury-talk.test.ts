import { describe, expect, it } from 'vitest'
import { planTurn, type RememberedFact } from '../src'
import { LEFTY, talk } from './fixtures'

const NOW = new Date('2026-12-07T13:00:00Z')

describe('an injury in the talk', () => {
  it('starts from the injury: weeks-old sprain, leave to do a drill, jumps held back, why', () => {
    const [sprain, drill, jump, why] = talk([
      'torci o tornozelo direito mes passado, ja to voltando a jogar mas ainda sinto um pouco qnd giro rapido',
      'meu professor passou aquele deslocamento lateral rapido com mudança de direçao. posso fazer?',
      'e o smash saltando, de boa pra mim agora?',
      'por quê? ja quase nao doi',
    ])
    // Weeks later and playing: not first aid.
    expect(sprain).not.toMatch(/coloque gelo|Se torceu agora/)
    expect(sprain).toMatch(/o que falta agora é estabilidade/)
    expect(drill).toMatch(/^Com o tornozelo ainda se recuperando, pode, em versão controlada/)
    expect(jump).toMatch(/^Saltos, ainda não/)
    expect(jump).not.toMatch(/Exercício: Tesoura|salto de tesoura/)
    expect(why).toMatch(/tornozelo/)
    expect(why).not.toMatch(/cotovelo/)
  })

  it('answers only the body part named, not a neighbour the words touch', () => {
    const [knee] = talk([
      'meu joelho estala qnd agacho pra pegar bola baixa e doi um pouco. posso continuar jogando?',
    ])
    expect(knee).toMatch(/^Anotei: a dor no joelho\.\n\nCom o joelho ainda doendo, pode/)
    expect(knee).not.toMatch(/costas|lombar/)
  })
})

describe('a weekday in a question about something else', () => {
  it('leaves the saved week as it was', () => {
    const built = planTurn({
      text: 'so consigo treinar seg e qui de manha 1h cada, monta meu plano',
      history: [],
      profile: LEFTY,
      current: null,
      now: NOW,
    })
    expect(built.plan?.sessions.map((s) => [s.day, s.minutes])).toEqual([
      ['segunda', 60],
      ['quinta', 60],
    ])
    const asked = planTurn({
      text: 'jogo misto sabado, a mulher da outra dupla é a mais forte, como montar a estrategia?',
      history: [],
      profile: LEFTY,
      current: built.plan,
      now: NOW,
    })
    expect(asked.change).toBeNull()
    expect(asked.plan).toBe(built.plan)
  })
})

describe('the partner a message speaks of', () => {
  it('is not the one remembered when the player speaks of someone else', () => {
    const carla: RememberedFact = {
      kind: 'PARCEIRO',
      text: 'Parceira: Carla, canhota.',
      fields: { name: 'Carla', gender: 'FEMALE', hand: 'LEFT' },
    }
    const [text] = talk(
      ['meu parceiro fica reclamando de mim durante o jogo e eu desanimo, oq eu faço?'],
      [carla],
    )
    expect(text).not.toMatch(/Carla/)
    expect(text).not.toMatch(/\bo Carla\b|sua parceira/)
  })
})

describe('an injury the physio cleared', () => {
  it('answers each stroke asked for, how much a day, and the racket, never as if it still hurt', () => {
    const [first, slice, volley, smash, dose, racket] = talk([
      'fiz ressonancia e deu tendinite no punho, do lado do dedinho. o fisio liberou jogar mas sem exagero',
      'posso treinar saque com efeito cortado? é o q eu mais queria melhorar',
      'e o voleio bloqueado, de boa?',
      'e smash, posso?',
      'qnto tempo de treino por dia seria seguro pra mim agora?',
      'e raquete mais leve ajuda no punho ou piora?',
    ])
    expect(first).toMatch(/Passada a fase aguda no punho/)
    expect(slice).toMatch(/^Pode, com mais cuidado: o saque carrega mais o punho/)
    expect(volley).toMatch(/^Pode: o voleio é dos golpes que menos carregam o punho/)
    expect(smash).toMatch(/^Pode, com mais cuidado: o smash/)
    expect(dose).toMatch(/^Com a lesão no punho liberada, comece com sessões de 45 a 60 minutos/)
    expect(racket).toMatch(/^Para poupar o punho: um pouco mais leve ajuda/)
    // Advice that loads the wrist is left out while it is in the talk.
    for (const text of [slice, volley, smash]) expect(text).not.toMatch(/punho solto/)
  })
})
