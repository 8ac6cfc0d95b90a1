import { backhandSide, gw, heightText, TALL_CM, type KnowledgeEntry } from './types'

/** Doubles play, the court and its conditions, and the rules. */
export const GAME: KnowledgeEntry[] = [
  {
    id: 'posicionamento',
    title: 'Posicionamento e rotação em dupla',
    owner: 'TECNICO',
    keywords: [
      'posicion',
      'rotacao',
      'rodar',
      'cobertura',
      'cobrir',
      'dupla',
      'parceir',
      'tatica',
      'estrateg',
      'meio da quadra',
      'onde fico',
      'onde ficar',
      'lado da quadra',
      'jogar do lado',
    ],
    facts: [
      'O beach tennis é jogado em dupla (também há simples) numa quadra de 16 m × 8 m.',
      'Quando um lob passa por cima de um jogador, o parceiro costuma cruzar por trás para buscá-lo e a dupla troca de lado.',
    ],
    tips: [
      'Andem como se estivessem ligados por uma corda de uns 3 metros: um avança, o outro avança; um recua, o outro acompanha.',
      'Combinem antes do jogo **quem fica com o meio**: em geral, quem tem o forehand no centro.',
      'Quando o lob passa por cima do parceiro, cruze por trás e avise "troca!"; ele assume o seu lado.',
      'Depois de cada bola, voltem à formação base lado a lado; não fiquem em escada (um na rede e outro no fundo) sem motivo.',
      'O alvo tático mais simples é o **meio**: gera dúvida entre os dois adversários.',
    ],
    drills: [
      {
        name: 'Corda invisível',
        how: 'sem bola, com o treinador apontando direções, a dupla se desloca mantendo a mesma distância',
        amount: 4,
        unit: 'séries de 1 minuto',
      },
      {
        name: 'Troca no lob',
        how: 'o alimentador joga lobs por cima de um dos dois; o outro cruza, devolve e a dupla grita e troca de lado',
        amount: 20,
        unit: 'lobs',
      },
    ],
    metrics: ['pontos perdidos por bola no meio', 'lobs que passam sem ninguém cobrir'],
    mind: ['Posicionamento é confiança mútua: cada um confia que o outro cobre a sua parte.'],
    personal: (ctx) => {
      const lines: string[] = []
      if (ctx.lefty === true)
        lines.push(
          `Dupla de ${gw(ctx, 'canhoto', 'canhota')} com destro: jogando você do lado direito, os dois forehands ficam no meio e a dupla fica forte no centro; você do lado esquerdo deixa os forehands por fora e abre ângulos nas laterais. Testem os dois arranjos em treino.`,
        )
      else if (ctx.lefty === false)
        lines.push(
          `Se o seu parceiro for canhoto, pensem em quem fica com o meio: com os dois forehands no centro, a cobertura do meio e dos lobs melhora; e protejam o lado ${backhandSide(ctx)} de vocês.`,
        )
      if (ctx.heightCm !== null && ctx.heightCm >= TALL_CM)
        lines.push(
          `Com ${heightText(ctx.heightCm)}, faz sentido você cobrir mais lobs e o parceiro cobrir mais curtinhas.`,
        )
      return lines
    },
  },
  {
    id: 'comunicacao',
    title: 'Comunicação com o parceiro',
    owner: 'TECNICO',
    keywords: [
      'comunica',
      'conversar com',
      'falar com meu parceiro',
      'falar com minha parceira',
      'combinar',
      'chamar a bola',
      'minha bola',
      'briga',
      'brigo',
    ],
    facts: ['Em dupla, a comunicação curta antes e durante o ponto evita bolas no meio sem dono.'],
    tips: [
      'Antes do ponto, uma frase: o plano ("saque no backhand dele, eu cubro o meio").',
      'Durante o ponto, palavras curtas e sempre as mesmas: "minha", "sua", "troca", "fica".',
      'Depois do ponto, contato: toque de mão ou de raquete, ganhando ou perdendo. Crítica técnica fica para o intervalo.',
      'Quem fala "minha" vai até o fim na bola; o outro para de ir.',
    ],
    drills: [
      {
        name: 'Só vale falando',
        how: 'jogue pontos em que a bola só vale se quem bateu anunciou "minha" antes',
        amount: 15,
        unit: 'pontos',
      },
    ],
    metrics: ['bolas no meio que ninguém pegou ou que os dois foram buscar'],
    mind: [
      'Fale do próximo ponto, nunca do erro que passou: "vamos no meio agora" rende mais que "você tinha que ter pego".',
    ],
  },
  {
    id: 'deslocamento',
    title: 'Deslocamento na areia',
    owner: 'TECNICO',
    keywords: [
      'desloca',
      'movimenta',
      'areia fofa',
      'pernas',
      'correr na areia',
      'agilidade',
      'chego atrasad',
      'split',
      'footwork',
      'jogo de pernas',
      'passada',
    ],
    facts: [
      'Na areia o apoio afunda: a passada curta e a base larga gastam menos energia que corridas longas.',
    ],
    tips: [
      'Passos curtos e rápidos, base mais larga que os ombros, joelhos flexionados e peso na ponta dos pés.',
      'Faça o **split-step** (um pequeno salto de prontidão) toda vez que o adversário for bater na bola.',
      'Para os lados, passos laterais; passo cruzado só para distâncias maiores ou para recuar no lob.',
      'Volte ao centro da sua zona depois de cada golpe, não fique admirando a bola.',
    ],
    drills: [
      {
        name: 'Escada na areia',
        how: 'com uma escada de agilidade (ou marcas na areia), pés rápidos para frente e para os lados; 40 s de descanso entre as séries',
        amount: 6,
        unit: 'séries de 20 s',
      },
      {
        name: 'Sombra de quatro cantos',
        how: 'sem bola, do centro da sua zona até cada canto simulando o golpe e voltando com split-step',
        amount: 4,
        unit: 'séries de 8 deslocamentos',
      },
    ],
    metrics: [
      'bolas alcançadas atrasadas (golpe de baixo para cima)',
      'tempo de recuperação ao centro',
    ],
    mind: ['Pernas vivas, cabeça tranquila: o split-step também é um gatilho de atenção.'],
  },
  {
    id: 'vento-sol',
    title: 'Vento e sol',
    owner: 'TECNICO',
    keywords: [
      'vento',
      'ventando',
      'sol ',
      'sol na cara',
      'contra o sol',
      'calor',
      'clima',
      'chuva',
    ],
    facts: [
      'As duplas trocam de lado da quadra nos games ímpares, então o vento e o sol alternam para as duas.',
    ],
    tips: [
      '**A favor do vento**: a bola viaja mais; encurte o lob e use mais efeito para ela cair.',
      '**Contra o vento**: bata mais firme e mais alto; o lob fica curto se for tímido.',
      '**Vento lateral**: mire mais para dentro da quadra, deixando o vento trazer a bola para a linha.',
      'Com sol na cara, combinem quem pega o smash daquele lado e usem lob quando o adversário estiver contra o sol.',
      'Calor: beba água a cada troca de lado e use boné ou viseira; os óculos ajudam no smash contra o sol.',
    ],
    drills: [
      {
        name: 'Treino dos dois lados',
        how: 'em dia de vento, jogue o mesmo exercício de lob a favor e contra o vento e anote a diferença de força',
        amount: 2,
        unit: 'séries de 10 lobs por lado',
      },
    ],
    metrics: ['erros por lado da quadra (a favor × contra o vento)'],
    mind: ['O vento é igual para os quatro: quem aceita primeiro se adapta primeiro.'],
  },
  {
    id: 'regras',
    title: 'Regras e pontuação',
    owner: 'TECNICO',
    keywords: [
      'regra',
      'pontuacao',
      'contagem',
      'placar',
      'ponto de ouro',
      'ponto decisivo',
      'vantagem',
      'deuce',
      'iguais',
      'tie break',
      'tiebreak',
      'tamanho da quadra',
      'altura da rede',
      'medida',
      'quica',
      'quicar',
      'pode quicar',
      'segundo saque',
      'rules',
      'quantos games',
      'games tem',
      'tem um set',
      'quantos sets',
    ],
    facts: [
      'A bola nunca pode quicar: tocou a areia, o ponto acabou. Todo golpe é de voleio, com a bola no ar.',
      'Há um único saque por ponto: não existe segundo saque.',
      'A contagem dos games é 15, 30, 40 e game, sem vantagem: em 40–40 joga-se um ponto decisivo (o "ponto de ouro"), que decide o game.',
      'O set é normalmente disputado até 6 games, com tie-break em 6–6; o formato de jogo (set único, melhor de três, super tie-break) varia conforme o torneio.',
      'A quadra de duplas mede 16 m × 8 m.',
      'A regra da ITF usa a rede a 1,70 m de altura; alguns regulamentos mais antigos ou de circuitos específicos usaram 1,80 m no masculino, então confira o regulamento do seu torneio.',
      'A bola que toca o corpo de um jogador é ponto do adversário, e não se pode tocar a rede durante o ponto.',
      'As duplas trocam de lado nos games ímpares.',
    ],
    tips: [
      'Lembre que não há vantagem: cada 40–40 é um ponto decisivo, então treine esse ponto especificamente.',
      'Com saque único, um saque seguro e bem colocado vale mais do que um arriscado.',
      'No tie-break, pense ponto a ponto e mantenha a rotina; é o mesmo jogo, só a contagem muda.',
    ],
    drills: [
      {
        name: 'Games no ponto de ouro',
        how: 'jogue games que começam em 30–30, para cair muitas vezes no 40–40 decisivo',
        amount: 8,
        unit: 'games',
      },
    ],
    metrics: ['% de pontos de ouro vencidos', 'tie-breaks vencidos × disputados'],
    mind: ['Ponto de ouro é só um ponto: a rotina é a mesma de qualquer outro.'],
  },
]
