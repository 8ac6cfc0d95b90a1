import type { ContentMap } from '../types'

/** The craft around the strokes: hiding what you are about to hit, and hitting with the body. */
export const STROKE_CRAFT: ContentMap = {
  'curtinha-disfarce': {
    examples: [
      'como esconder que vou dar uma curtinha',
      'o adversário sempre percebe minha deixadinha antes',
      'minha curtinha é previsível demais',
      'como fazer a largadinha sem o outro perceber',
      'eles correm pra frente antes de eu bater a curtinha',
      'disfarce na deixadinha, como treinar',
      'a galera já sabe quando eu vou largar a bola curta',
      'tem como enganar o adversário na curtinha?',
    ],
    keywords: ['disfarce', 'disfarcar', 'esconder', 'entregar', 'perceber', 'previsivel', 'ler'],
    answers: [
      'A curtinha deixa de ser lida quando a preparação dela é igual à do seu voleio firme: mesma raquete alta, mesmo ombro virado, mesmo passo à frente. Só no último instante você afrouxa a mão e abre um pouco a face. Quem percebe antes está lendo o seu corpo, não a bola.',
      'Para não entregar a curtinha, prepare como se fosse atacar fundo e decida só no contato: a raquete chega alta e firme, e a mão amolece na hora de tocar. O que denuncia é parar, abaixar a raquete ou olhar para a rede antes.',
      'Quem lê a sua curtinha lê um sinal: a raquete que desce, o corpo que freia, o olhar para a rede. Tire o sinal mantendo a preparação do voleio de ataque até o contato, e escolha a curtinha quando o adversário estiver recuando.',
    ],
    alt: [
      'Pense num jogador de truco: a cara é a mesma para a carta boa e para o blefe. Na curtinha, o "rosto" é a sua preparação; se ela muda para a curtinha, o adversário já sabe o que vem.',
      'É como o pênalti bem batido: o goleiro não descobre o canto pela corrida do batedor. A sua corrida até a bola (preparação) tem de ser a mesma para o voleio fundo e para a curtinha; só o pé de apoio, ou aqui a mão, decide no fim.',
    ],
    tips: [
      'Grave um ponto seu e compare a preparação da curtinha com a do voleio profundo: qualquer diferença visível é o que eles leem.',
      'Mostre o voleio fundo duas ou três vezes seguidas antes de usar a curtinha: quem está recuando para cobrir o fundo não chega na frente.',
      'Escolha a curtinha quando o adversário estiver atrás da linha de saque ou com o peso para trás, não quando ele já está na rede.',
      'Na diagonal, longe de quem está mais perto da rede, a curtinha precisa de menos perfeição.',
    ],
    drills: [
      {
        name: 'Fundo ou curtinha no último segundo',
        how: 'o parceiro alimenta bolas na altura da cintura e grita "fundo" ou "curta" só quando a bola chega perto de você; a preparação tem de ser a mesma para as duas',
        amount: 20,
        unit: 'bolas',
      },
    ],
    related: ['curtinha-basico', 'curtinha-quando', 'voleio-angulo'],
  },
  'golpe-corpo': {
    examples: [
      'bato só com o braço, como usar o corpo',
      'como usar as pernas no golpe',
      'minha bola sai sem peso porque bato só de braço',
      'como girar o tronco na batida',
      'meu braço cansa porque eu não uso o corpo',
      'o professor disse que falta perna no meu golpe',
      'minha bola não anda, acho que é porque não giro o corpo',
      'como transferir o peso na hora de bater',
    ],
    keywords: ['perna', 'pernas', 'tronco', 'corpo no golpe', 'so com o braco', 'rotacao'],
    answers: [
      'Para usar o corpo no golpe, a força começa de baixo: flexione os joelhos, transfira o peso do pé de trás para o da frente e gire o tronco (ombros e quadril) na direção da bola; o braço só conduz. Quem bate só de braço perde profundidade e cansa o ombro e o cotovelo.',
      'O golpe com o corpo é uma sequência: pés se ajustam, joelhos dobram, quadril e tronco giram, e só então o braço passa. Na areia isso pesa ainda mais, porque sem base firme o braço compensa tudo.',
      'Bater com o corpo é deixar as pernas e o giro do tronco fazerem a força e o braço só guiar a raquete: joelhos dobrados na preparação, peso indo para a frente no contato e ombros terminando de frente para a rede.',
    ],
    alt: [
      'Pense em jogar uma pedra longe: ninguém faz isso só com o braço. Você dá um passo, gira o corpo e o braço vem no fim. O golpe de beach tennis é o mesmo movimento, em menor escala.',
      'Se você bater sentado numa cadeira, a bola quase não anda: é o que acontece quando as pernas e o tronco não entram. Levante-se da "cadeira" em cada golpe: joelho dobrado, peso à frente, tronco girando.',
    ],
    tips: [
      'Na preparação, vire os ombros de lado para a rede; o giro de volta é o que dá força sem esforço do braço.',
      'Dobre os joelhos antes de cada golpe e termine com o peso no pé da frente.',
      'Solte o braço e deixe o tronco puxá-lo: se o antebraço queima no fim do treino, ele está fazendo o trabalho do corpo.',
      'Chegue cedo na bola com passos curtos; quem chega atrasado não tem tempo de girar e salva com o braço.',
    ],
    drills: [
      {
        name: 'Golpe sem braço',
        how: 'segure a raquete com o cotovelo colado ao corpo e bata bolas alimentadas só girando o tronco e transferindo o peso; depois solte o braço mantendo a mesma sensação',
        amount: 30,
        unit: 'bolas',
      },
    ],
    related: ['preparacao-golpe', 'footwork-areia', 'controle-forca'],
  },
}
