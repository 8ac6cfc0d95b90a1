import type { KnowledgeEntry } from './types'

/** General practice, for "me dá um treino" without a stroke named. */
export const PRACTICE: KnowledgeEntry[] = [
  {
    id: 'treino-geral',
    title: 'Treino de fundamentos',
    owner: 'TECNICO',
    keywords: [
      'sozinho',
      'sozinha',
      'paredao',
      'dica',
      'exercicio',
      'drill',
      'melhorar meu jogo',
      'jogar melhor',
      'evoluir no jogo',
      'treino pra fazer',
      'treino para fazer',
      'fundamento',
    ],
    facts: [
      'No beach tennis todos os golpes são de voleio, então o controle da bola no ar é a base de tudo.',
    ],
    tips: [
      'Controle de bola sozinho: bata a bola para cima com a raquete sem deixar cair, alternando os dois lados da face.',
      'Num paredão ou muro, troque voleios curtos de forehand e de backhand, sempre com a raquete à frente.',
      'Sombra: repita o movimento do saque e do smash sem bola, devagar, olhando a posição do corpo.',
      'Treino curto e frequente rende mais do que um treino longo por semana.',
      'Termine todo treino com algo que valha ponto: o jogo é o teste do fundamento.',
    ],
    drills: [
      {
        name: 'Embaixadinha de raquete',
        how: 'bata a bola para cima sem deixar cair, alternando as faces da raquete; conte o recorde',
        amount: 5,
        unit: 'séries de 1 minuto',
      },
      {
        name: 'Paredão',
        how: 'a uns 3 m de um muro, voleios alternando forehand e backhand sem deixar a bola cair',
        amount: 50,
        unit: 'toques seguidos (meta)',
      },
    ],
    metrics: ['toques seguidos sem deixar a bola cair (o seu próprio recorde, anotado por você)'],
    mind: ['Treino sozinho é um encontro com você mesmo: meta pequena, atenção total.'],
  },
]
