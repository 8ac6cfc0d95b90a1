import { type Archetype } from '@areia/contracts'
import type { Level } from './knowledge'

/** `{n}` is replaced by ", Nome" or by nothing, so the same line works with or without a name. */
export const OPENERS: Record<Archetype, readonly string[]> = {
  TECNICO: [
    'Boa pergunta{n}! Vamos ao que funciona na quadra.',
    'Bora lá{n}, direto ao ponto.',
    'Certo{n}, vamos ajustar isso com fundamento.',
    'Isso se resolve com treino bem feito{n}. Olha só.',
    'Anota aí{n}, que isso muda o seu jogo.',
    'Vamos por partes{n}.',
  ],
  MENTAL: [
    'Que bom que você trouxe isso{n}.',
    'Entendo{n}. Vamos com calma.',
    'Isso acontece com muita gente{n}, inclusive com quem joga há anos.',
    'Respira comigo{n}: dá para trabalhar isso.',
    'Obrigado por contar{n}; esse é o tipo de coisa que a gente treina.',
    'Vamos olhar para isso com carinho{n}.',
  ],
  ESTATISTICO: [
    'Vamos aos fatos{n}.',
    'Boa{n}: gosto de pergunta que dá para medir.',
    'Certo{n}. Primeiro, o que dá para afirmar com dados.',
    'Olhando com lupa{n}.',
    'Vou separar o que é dado do que é referência geral{n}.',
  ],
}

export const REVISIT: readonly string[] = [
  'Voltando a {t}, agora por outro ângulo.',
  'Já falamos de {t}; vamos a mais uma camada.',
  'Mais sobre {t}, complementando o que conversamos antes.',
  'Seguindo em {t}: aqui vão outros pontos.',
]

export const CLOSERS: Record<Archetype, readonly string[]> = {
  TECNICO: [
    'Faz e depois me conta quantos acertou.',
    'Quer que eu monte a próxima etapa desse exercício?',
    'Me conta como foi no próximo treino.',
    'Se quiser, te passo uma variação mais difícil depois.',
  ],
  MENTAL: [
    'Como você se sente quando isso acontece em jogo?',
    'Testa no próximo treino e me conta o que mudou.',
    'Quer montar essa rotina comigo, passo a passo?',
    'Me conta em que momento do jogo isso mais aparece.',
  ],
  ESTATISTICO: [
    'Quando chegar um vídeo seu, a gente transforma isso em número de verdade.',
    'Me conta o que você anotou e eu te ajudo a ler.',
    'Se quiser, te passo uma planilha simples para registrar os treinos.',
  ],
}

/** Said by the second coach, after `{p}` (the first coach's name) answered. */
export const FOLLOW_ON: Record<Archetype, readonly string[]> = {
  TECNICO: [
    'Complementando o que {p} falou, tem também o lado técnico.',
    'Somando à dica de {p}, na execução:',
    'Concordo com {p}. E na quadra, dá para treinar assim:',
  ],
  MENTAL: [
    'Somando ao que {p} disse, tem o lado da cabeça.',
    'Além da parte de {p}, vale cuidar do mental.',
    'Concordo com {p}; e tem um detalhe mental aí.',
  ],
  ESTATISTICO: [
    'Para fechar com números, depois do que {p} falou:',
    'Complementando {p} com o que dá para medir:',
    'E do meu lado, o dos números, somando a {p}:',
  ],
}

/** `{c}` is the player's category ("categoria C", "iniciante"); `{t}` the topic. */
export const LEVEL_LINES: Record<Archetype, Record<Level, readonly string[]>> = {
  TECNICO: {
    BASE: [
      'Para quem está na {c}, o foco em {t} é repetição e consistência: primeiro colocar a bola em jogo, depois acelerar.',
      'Na {c}, {t} evolui rápido com volume de bolas e técnica simples; nada de pular etapas.',
    ],
    INTERMEDIARIO: [
      'Na {c}, o salto em {t} vem de jogar com intenção: alvo e plano, não só bola em jogo.',
      'Para a {c}, {t} precisa aguentar pressão: treine com alvo e com placar.',
    ],
    AVANCADO: [
      'Na {c}, o detalhe decide: em {t}, variação e disfarce sob pressão de placar.',
      'No seu nível ({c}), {t} se ganha na tomada de decisão e na constância nos pontos de ouro.',
    ],
  },
  MENTAL: {
    BASE: [
      'Na {c}, cada jogo ainda é experiência nova, e é normal sentir mais: isso diminui com rotina.',
      'Para quem está na {c}, o principal é aprender a curtir o jogo enquanto aprende a competir.',
    ],
    INTERMEDIARIO: [
      'Na {c}, os jogos ficam parelhos e a cabeça passa a decidir muitos pontos de ouro.',
      'Na {c}, quase todo mundo já tem os golpes; quem mantém a rotina sob pressão sobe.',
    ],
    AVANCADO: [
      'Na {c}, técnica todo mundo tem: a diferença está em manter a rotina quando o placar aperta.',
      'No seu nível ({c}), a preparação mental é tão planejada quanto a física.',
    ],
  },
  ESTATISTICO: {
    BASE: [
      'Na {c}, a métrica que mais importa é simples: quantas bolas você coloca em jogo.',
      'Para quem está na {c}, eu olharia primeiro saques e devoluções em jogo.',
    ],
    INTERMEDIARIO: [
      'Na {c}, saque e devolução em jogo e os pontos de ouro costumam separar quem sobe de quem fica.',
      'Na {c}, vale medir onde os pontos terminam: erro seu, erro do adversário ou winner.',
    ],
    AVANCADO: [
      'Na {c}, pequenas diferenças de porcentagem decidem jogos; por isso eu olho tendência, não um jogo só.',
      'No seu nível ({c}), cada golpe merece a sua linha na planilha.',
    ],
  },
}

/** The first words of an answer to a player who mentioned pain. */
export const PAIN_OPENERS: readonly string[] = [
  'Antes de tudo: dor não é para ignorar.',
  'Obrigado por contar da dor; vamos com cuidado.',
  'Dor é sinal para ajustar, não para jogar por cima.',
]

export const HEALTH_CAUTIONS: readonly string[] = [
  '⚠️ Se a dor persistir por mais de alguns dias, piorar ou vier com inchaço, procure um médico ou fisioterapeuta antes de voltar a forçar. Estas dicas não substituem uma avaliação.',
  '⚠️ Dor que não passa com alguns dias de descanso pede avaliação de um médico ou fisioterapeuta; não jogue "no sacrifício".',
  '⚠️ Isto é prevenção, não tratamento: com dor persistente, procure um médico ou fisioterapeuta.',
]

/** Angles a coach takes on a topic outside its speciality, when the topic has nothing specific. */
export const GENERIC_ANGLE: Record<Archetype, readonly string[]> = {
  TECNICO: [
    'Tenha uma **bola de segurança** treinada para os momentos difíceis: lob alto e fundo ou bola no meio. Treine-a 10 minutos por treino até sair no automático.',
    'Técnica simples aguenta pressão: raquete à frente, golpe curto, alvo definido antes de bater.',
  ],
  MENTAL: [
    'Antes de cada ponto, duas respirações com expiração longa (4 para dentro, 6 para fora) e uma palavra-gatilho curta, como "solta" ou "firme".',
    'Escolha **uma** coisa para pensar por vez em quadra; várias correções ao mesmo tempo travam o braço.',
  ],
  ESTATISTICO: [
    'Sem vídeo seu ainda, eu não tenho números do seu jogo; quando você enviar um pelo **Enviar Vídeo**, eu meço isso de verdade.',
    'Por enquanto, anote à mão no treino: tentativas e acertos. Dez minutos de registro já mostram tendência em poucas semanas.',
  ],
}
