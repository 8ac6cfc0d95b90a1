import {
  backhandSide,
  forehandSide,
  gw,
  heightText,
  SHORT_CM,
  TALL_CM,
  type KnowledgeEntry,
} from './types'

/** Strokes: what the technical coach teaches first. */
export const STROKES: KnowledgeEntry[] = [
  {
    id: 'saque',
    title: 'Saque',
    owner: 'TECNICO',
    keywords: ['saque', 'sacar', 'saca', 'sacando', 'saquei', 'serve', 'servico', 'toss'],
    facts: [
      'No beach tennis há um único saque por ponto: não existe segundo saque; se o saque falhar, o ponto é do adversário.',
      'O saque é feito de trás da linha de fundo e pode cair em qualquer parte da quadra adversária: não há caixa de saque.',
      'Pela regra da ITF não há "let" no saque: se a bola toca a rede e cai na quadra adversária, o ponto segue (confira o regulamento do seu torneio).',
    ],
    tips: [
      'Como o saque é **um só**, consistência vem antes de potência: a meta de treino é colocar pelo menos 9 de cada 10 em jogo.',
      'Lance a bola sempre no mesmo lugar, um pouco à frente do ombro do braço da raquete; lançamento irregular é a causa número um de saque errado.',
      'Mire **fundo e no meio** quando estiver inseguro: sobra margem de rede e de linha, e a dupla adversária hesita em quem devolve.',
      'Varie altura e efeito (cortado, por cima, mais alto e lento) para o devolvedor não entrar no ritmo.',
      'Depois de sacar, recupere a posição em um ou dois passos de frente para a bola, sem ficar parado olhando onde ela caiu.',
      'Defina o alvo **antes** de lançar a bola; decidir no meio do movimento encurta o braço.',
    ],
    drills: [
      {
        name: 'Alvos na areia',
        how: 'marque três alvos (fundo no meio e fundo nas duas laterais) e conte quantos saques caem em cada um',
        amount: 30,
        unit: 'saques',
      },
      {
        name: 'Série sem erro',
        how: 'faça séries de 10 saques; errou um, a série recomeça do zero',
        amount: 3,
        unit: 'séries completas',
      },
      {
        name: 'Saque + primeira bola',
        how: 'saque e já se prepare para a devolução que o parceiro manda; vale ponto só se você jogar a segunda bola',
        amount: 20,
        unit: 'pontos',
      },
    ],
    metrics: [
      '% de saques em jogo (a referência geral de treino é passar de 90%, não é um número seu)',
      'onde os saques caem: fundo, meio ou laterais',
      '% de pontos vencidos quando você saca',
    ],
    mind: [
      'Antes de cada saque, um ritual curto e sempre igual: respira, escolhe o alvo, bate a bola na raquete duas vezes e saca.',
      'Pense no alvo, não no erro: "fundo no meio" é uma instrução; "não erra" é um alarme.',
    ],
    personal: (ctx) => {
      const lines: string[] = []
      if (ctx.lefty === true)
        lines.push(
          `Como ${gw(ctx, 'canhoto', 'canhota')}, seu saque com efeito cortado curva para o lado contrário do que a maioria dos devolvedores está acostumada: treine abrir esse saque na lateral e use isso como arma.`,
        )
      if (ctx.heightCm !== null && ctx.heightCm >= TALL_CM)
        lines.push(
          `Com ${heightText(ctx.heightCm)}, você tem ângulo para um saque por cima mais agressivo; use-o quando estiver confiante, lembrando que não há segundo saque.`,
        )
      if (ctx.heightCm !== null && ctx.heightCm < SHORT_CM)
        lines.push(
          `Com ${heightText(ctx.heightCm)}, seu saque rende mais com profundidade e efeito do que com pancada: mire o fundo da quadra.`,
        )
      if (ctx.mentionedInjuries.includes('ombro'))
        lines.push(
          'Como você comentou do ombro, prefira por enquanto o saque por baixo ou cortado, sem forçar o movimento acima da cabeça.',
        )
      return lines
    },
  },
  {
    id: 'devolucao',
    title: 'Devolução',
    owner: 'TECNICO',
    keywords: ['devolu', 'devolver', 'devolvo', 'recepcao', 'receber o saque', 'return'],
    facts: [
      'Como o saque pode cair em qualquer lugar da quadra, a dupla que devolve combina antes quem cobre o meio.',
      'A bola não pode tocar a areia: a devolução é sempre um golpe de voleio, no ar.',
    ],
    tips: [
      'Fique com joelhos flexionados, peso na ponta dos pés e a raquete à frente do corpo, pronta para os dois lados.',
      'Contra saque forte, **encurte o movimento**: bloqueie e use a velocidade da bola, sem balanço grande.',
      'Devolução alta e funda (lob) tira o sacador da rede e dá tempo para a sua dupla se posicionar.',
      'Quando o saque vier lento, ataque: devolução baixa e rápida no meio, entre os dois adversários.',
      'Dê um pequeno salto de prontidão (split-step) no instante em que o sacador bate na bola.',
    ],
    drills: [
      {
        name: 'Devolução alternada',
        how: 'o parceiro saca, você devolve alternando lob fundo e bola baixa no meio',
        amount: 20,
        unit: 'devoluções',
      },
      {
        name: 'Reação ao saque',
        how: 'o parceiro saca de perto da linha de fundo, mais rápido a cada série; você só bloqueia de volta no fundo',
        amount: 3,
        unit: 'séries de 10 bolas',
      },
    ],
    metrics: [
      '% de devoluções em jogo',
      'para onde vão as suas devoluções (lob, meio, paralela)',
      'pontos vencidos quando o adversário saca',
    ],
    mind: [
      'Na devolução, o objetivo é simples: "bola em jogo, funda". Tirar a pressão de ganhar o ponto na primeira bola solta o braço.',
    ],
    personal: (ctx) =>
      ctx.lefty === null
        ? []
        : [
            `Seu backhand fica do lado ${backhandSide(ctx)}: muitos sacadores vão mirar ali; comece um pouco deslocado para proteger esse lado e obrigue o saque a ir no seu forehand.`,
          ],
  },
  {
    id: 'voleio',
    title: 'Voleio',
    owner: 'TECNICO',
    keywords: [
      'voleio',
      'volei',
      'volley',
      'bloqueio',
      'bloquear',
      'jogo de rede',
      'na rede',
      'troca rapida',
    ],
    facts: [
      'Todo golpe do beach tennis é feito com a bola no ar; o voleio perto da rede é onde a maioria dos pontos se decide.',
    ],
    tips: [
      'Raquete à frente e acima da linha da mão; quase sem preparação para trás: o voleio é um **bloqueio** com direção.',
      'Bata a bola **na frente do corpo**; se ela passar da linha do quadril, o golpe sai tarde e para cima.',
      'Punho firme e empunhadura continental servem para o voleio de forehand e de backhand sem trocar.',
      'Mire nos pés do adversário ou no espaço entre os dois: bola baixa obriga o outro a levantar.',
      'Depois de cada voleio, volte a raquete ao centro, pronta para a próxima.',
    ],
    drills: [
      {
        name: 'Voleio-voleio',
        how: 'com o parceiro na rede, troquem voleios sem deixar a bola cair, contando a sequência',
        amount: 3,
        unit: 'séries de 2 minutos',
      },
      {
        name: 'Reação',
        how: 'o parceiro alimenta rápido de perto, alternando lados; você só bloqueia, sem balançar o braço',
        amount: 3,
        unit: 'séries de 20 bolas',
      },
    ],
    metrics: [
      'voleios vencedores × erros de voleio',
      'altura de contato (acima ou abaixo da rede)',
    ],
    mind: [
      'Na rede, o corpo reage antes da cabeça: olhos na raquete do adversário e confiança no bloqueio curto.',
    ],
    personal: (ctx) =>
      ctx.lefty === null
        ? []
        : [
            `Seu voleio de forehand é do lado ${forehandSide(ctx)} do corpo; treine em dobro o voleio do lado ${backhandSide(ctx)}, que é o que os adversários vão procurar.`,
          ],
  },
  {
    id: 'smash',
    title: 'Smash',
    owner: 'TECNICO',
    keywords: [
      'smash',
      'smach',
      'esmash',
      'cortada',
      'cortar a bola',
      'overhead',
      'bola alta',
      'bater por cima',
    ],
    facts: ['O smash é o golpe de definição no beach tennis, a resposta natural a um lob curto.'],
    tips: [
      'Vire o corpo de lado assim que a bola subir e aponte a mão livre para ela; é o seu "radar".',
      'Bata no ponto mais alto que o braço alcança, um pouco à frente da cabeça.',
      'Para trás, desloque-se de lado (passos cruzados ou tesoura), nunca de costas correndo de frente.',
      'Mire no **meio** ou nos pés do adversário; smash na lateral dá ângulo, mas erra mais.',
      'Se o lob passou da sua cabeça e você chega atrasado, devolva com outro lob alto: smash forçado de trás é ponto dado.',
    ],
    drills: [
      {
        name: 'Lob-smash',
        how: 'o parceiro levanta lobs de várias alturas e você finaliza mirando o meio da quadra',
        amount: 15,
        unit: 'smashes por série (3 séries)',
      },
      {
        name: 'Recuo e ataque',
        how: 'comece na rede, o parceiro levanta um lob, você recua de lado, bate e volta para a rede',
        amount: 10,
        unit: 'repetições',
      },
    ],
    metrics: [
      '% de smashes que viram ponto',
      'erros de smash por jogo',
      'de que altura da quadra você smasha',
    ],
    mind: ['No smash fácil, o erro vem da pressa: "espera a bola cair, bate relaxado".'],
    personal: (ctx) => {
      const lines: string[] = []
      if (ctx.heightCm !== null && ctx.heightCm >= TALL_CM)
        lines.push(
          `Com ${heightText(ctx.heightCm)}, você alcança boa parte dos lobs sem recuar: assuma os smashes no meio e avise o parceiro.`,
        )
      else if (ctx.heightCm !== null && ctx.heightCm < SHORT_CM)
        lines.push(
          `Com ${heightText(ctx.heightCm)}, o lob vai ser a arma dos adversários contra você: comece meio passo mais atrás da rede e treine o salto de tesoura para ganhar alcance.`,
        )
      else if (ctx.heightCm !== null)
        lines.push(
          `Com ${heightText(ctx.heightCm)}, o ajuste é de posição: nem colado na rede nem no fundo, para cobrir o lob sem perder o voleio.`,
        )
      if (ctx.lefty === true)
        lines.push(
          `Sendo ${gw(ctx, 'canhoto', 'canhota')}, o lob sobre o seu lado direito é a jogada que os adversários vão buscar: treine o smash de backhand ou o deslocamento para bater de forehand.`,
        )
      if (ctx.mentionedInjuries.includes('ombro'))
        lines.push(
          'Como você falou do ombro, reduza o volume de smashes até estar sem dor e aqueça bem antes.',
        )
      return lines
    },
  },
  {
    id: 'lob',
    title: 'Lob',
    owner: 'TECNICO',
    keywords: ['lob', 'balao', 'bola por cima', 'encobrir', 'jogar por cima'],
    facts: [
      'O lob é o golpe mais usado para tirar a dupla adversária da rede; com vento, a trajetória muda bastante.',
    ],
    tips: [
      'Lob bom é **alto e fundo**: o alvo são os últimos 2 metros da quadra adversária.',
      'Mire por cima do backhand do jogador da rede: é o smash mais difícil para ele.',
      'Use o lob para ganhar tempo quando estiver fora de posição; alto dá tempo de a sua dupla se recompor.',
      'Disfarce: prepare igual ao voleio e só abra a raquete no final.',
      'Com vento a favor, o lob sai mais longo; contra o vento, bata mais alto e com mais força.',
    ],
    drills: [
      {
        name: 'Lob no alvo',
        how: 'marque uma faixa nos últimos 2 m da quadra e tente acertá-la com lobs vindos de bolas de voleio',
        amount: 20,
        unit: 'lobs',
      },
      {
        name: 'Lob de defesa',
        how: 'o parceiro ataca com smash controlado e você responde só com lob alto',
        amount: 3,
        unit: 'séries de 10 bolas',
      },
    ],
    metrics: [
      '% de lobs que passam do jogador da rede',
      'lobs curtos que viram smash do adversário',
    ],
    mind: ['No lob, paciência: um lob alto e bom vale mais do que um ataque apressado.'],
    personal: (ctx) =>
      ctx.lefty === null
        ? []
        : [
            `Contra você, os adversários tendem a lobar no seu lado ${backhandSide(ctx)} (backhand). Combine com o parceiro quem cobre esse lob.`,
          ],
  },
  {
    id: 'curtinha',
    title: 'Curtinha',
    owner: 'TECNICO',
    keywords: ['curtinha', 'deixadinha', 'drop', 'amorti', 'bola curta', 'largadinha'],
    facts: [
      'A curtinha (bola amortecida logo depois da rede) funciona quando os adversários estão no fundo.',
    ],
    tips: [
      'Use a curtinha quando os dois adversários estiverem **no fundo**; contra quem está na rede, ela vira presente.',
      'Prepare como um voleio normal e só amorteça no final, "abrindo" a raquete e soltando o punho.',
      'O alvo é o primeiro 1,5 m depois da rede, de preferência longe do jogador mais rápido.',
      'Depois da curtinha, avance: a resposta costuma vir curta e alta.',
    ],
    drills: [
      {
        name: 'Retângulo da curtinha',
        how: 'marque um retângulo de 1,5 m depois da rede e conte quantas curtinhas caem nele a partir de bolas alimentadas',
        amount: 20,
        unit: 'tentativas',
      },
    ],
    metrics: ['curtinhas que viram ponto × curtinhas que o adversário alcança'],
    mind: ['Curtinha pede coragem e mão leve: decida cedo e não mude de ideia no meio.'],
  },
  {
    id: 'forehand-backhand',
    title: 'Forehand e backhand',
    owner: 'TECNICO',
    keywords: [
      'backhand',
      'back hand',
      'revers',
      'forehand',
      'fore hand',
      'empunh',
      'golpe',
      'tecnica',
      'lado esquerdo',
      'lado direito',
      'minha direita',
      'minha esquerda',
      'de direita',
      'de esquerda',
    ],
    facts: [
      'A maioria dos jogadores usa a empunhadura continental para quase todos os golpes, porque a bola chega rápido e não há tempo para trocar.',
    ],
    tips: [
      'Empunhadura continental ("de martelo") para voleio, saque e smash; troque pouco ou nada.',
      'O backhand alto é o ponto fraco mais comum: cotovelo à frente e golpe curto, de cima para baixo.',
      'No forehand, gire o tronco e bata na frente; o braço sozinho perde força e controle.',
      'Raquete sempre pronta à frente do peito; a bola chega rápido demais para preparar atrás.',
    ],
    drills: [
      {
        name: 'Só backhand',
        how: 'o parceiro alimenta bolas altas só no seu backhand; devolva com controle no fundo',
        amount: 50,
        unit: 'bolas',
      },
      {
        name: 'Cruzado e paralelo',
        how: 'alterne um golpe cruzado e um paralelo, de forehand e depois de backhand',
        amount: 4,
        unit: 'séries de 12 bolas',
      },
    ],
    metrics: ['erros de forehand × backhand', 'golpes vencedores por lado'],
    mind: ['Treine o lado fraco sem julgamento: é o treino que mais rende.'],
    personal: (ctx) =>
      ctx.lefty === null
        ? []
        : [
            `Para você, ${ctx.lefty ? gw(ctx, 'canhoto', 'canhota') : gw(ctx, 'destro', 'destra')}, o forehand fica do lado ${forehandSide(ctx)} do corpo e o backhand do lado ${backhandSide(ctx)}.`,
          ],
  },
]
