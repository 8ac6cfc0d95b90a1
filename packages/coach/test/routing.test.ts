import { type Archetype } from '@areia/contracts'
import { describe, expect, it } from 'vitest'
import { route, routeDetailed } from '../src'
import { team } from './fixtures'

const T: Archetype = 'TECNICO'
const M: Archetype = 'MENTAL'
const E: Archetype = 'ESTATISTICO'

/** Varied player messages (slang, typos, no accents, mixed topics) and the coach who should lead. */
const TABLE: Array<[string, Archetype]> = [
  ['como melhoro meu saque?', T],
  ['meu saque ta saindo muito na rede', T],
  ['qual o jeito certo de sacar?', T],
  ['erro mt devolucao de saque forte', T],
  ['como devolver saque rapido', T],
  ['dicas de voleio pfv', T],
  ['meu volei de backhand é horrivel', T],
  ['como bater smash sem errar', T],
  ['o smach ta saindo pra fora', T],
  ['quando usar o lob?', T],
  ['como fazer um balao bom', T],
  ['curtinha funciona contra dupla na rede?', T],
  ['como fazer deixadinha', T],
  ['backhand alto me mata', T],
  ['qual empunhadura usar', T],
  ['onde fico na quadra quando meu parceiro saca', T],
  ['como funciona a rotação da dupla quando passa o lob', T],
  ['sou canhota e meu parceiro destro, quem fica em qual lado?', T],
  ['como me comunicar melhor com minha parceira', T],
  ['me movimento mal na areia fofa', T],
  ['chego atrasado em todas as bolas', T],
  ['como jogar com vento forte', T],
  ['sol na cara no smash, o que fazer', T],
  ['qual a altura da rede?', T],
  ['como funciona a pontuação no beach tennis', T],
  ['a bola pode quicar?', T],
  ['tem segundo saque?', T],
  ['o que é o ponto de ouro', T],
  ['treino de preparo fisico pra beach tennis', T],
  ['canso muito rapido no segundo set', T],
  ['como aquecer antes do jogo', T],
  ['to com dor no ombro', T],
  ['meu cotovelo doi depois de jogar', T],
  ['torci o tornozelo semana passada', T],
  ['dor nas costas quando smasho', T],
  ['qual raquete comprar pra iniciante', T],
  ['precisa de oculos pra jogar?', T],
  ['how do i improve my serve', T],
  ['fico muito nervoso nos jogos', M],
  ['fico nervosa no ponto de ouro', M],
  ['tenho ansiedade antes de torneio', M],
  ['travo nos pontos decisivos', M],
  ['amarelei na final de novo', M],
  ['como lidar com a pressao', M],
  ['perco a confianca depois que erro', M],
  ['fico com raiva quando erro bola facil', M],
  ['me sinto inseguro na rede', M],
  ['to desmotivado, pensando em parar de jogar', M],
  ['sem vontade de treinar', M],
  ['nao consigo manter o foco o jogo todo', M],
  ['me distraio facil com a torcida', M],
  ['qual rotina fazer entre os pontos?', M],
  ['como controlar a respiracao no jogo', M],
  ['minha cabeca nao ajuda', M],
  ['i get nervous in tight points', M],
  ['quais estatisticas vcs medem', E],
  ['como medir minha evolucao', E],
  ['quantos % de saques eu devo acertar?', E],
  ['meus numeros melhoraram?', E],
  ['perdi meu jogo de ontem 6/3', E],
  ['ganhei o torneio no fim de semana!!', E],
  ['como foi meu desempenho no ultimo jogo', E],
  ['como envio o video do meu jogo', E],
  ['como filmar a partida pra analise', E],
  ['monta um planejamento semanal de treino pra mim', E],
  ['quantas vezes por semana devo treinar', E],
  ['quanto tempo de treino por semana pra categoria C', E],
  ['meu aproveitamento de smash ta bom?', E],
  ['quero ver meus dados', E],
  ['qual minha media de erros', E],
  ['minha direita ta fraca', T],
  ['to errando muito bola no meio com meu parceiro', T],
  ['qual melhor tatica contra dupla que só joga lob', T],
  ['me dá um treino pra fazer sozinho', T],
  ['como ganhar mais pontos na rede', T],
  ['meu jogo de pernas é lento', T],
  ['vale a pena fazer musculação?', T],
  ['estou com tendinite no punho', T],
  ['qual protetor solar usar', T],
  ['como sacar por cima', T],
  ['sempre perco no tie break, tremo', M],
  ['tenho medo de bola no corpo', M],
  ['meu parceiro fica me criticando e eu fico mal', M],
  ['to jogando mal ultimamente', M],
  ['como ficar mais calmo', M],
  ['o que fazer no ponto decisivo', M],
  ['joguei ontem e errei 10 saques', E],
  ['como analisar meus jogos', E],
  ['depois do 5x2 perdi tudo, o que aconteceu?', E],
  ['me ajuda a organizar minha semana', E],
  ['qual meu nivel comparado com outros', E],
  ['quero evoluir mais rapido', E],
  ['minha bola de saque sai muito curta', T],
  ['como pegar bola no pe', T],
  ['dicas pra jogar em dupla mista', T],
  ['qual tenis usar na areia', T],
  ['como bater cruzado', T],
  ['ela sempre manda lob em mim, o que faço', T],
  ['alguma dica pro meu revés', T],
  ['quanto tempo aquecer', T],
  ['panturrilha doendo', T],
  ['como defender smash', T],
  ['me sinto travado quando to ganhando', M],
  ['fico pensando no placar', M],
  ['chorei depois do jogo', M],
  ['como nao desistir no meio do jogo', M],
  ['dou uma amarelada no 5x5', M],
  ['fico bravo com meu parceiro', M],
  ['quantos jogos eu ganhei esse mes', E],
  ['ja da pra ver se eu melhorei', E],
  ['mandei o video, quando fica pronto?', E],
  ['qual meu percentual de acerto', E],
  ['como melhorar a saída de rede', T],
  ['meu parceiro é canhoto, como a gente se organiza', T],
  ['bola alta no backhand, como faço', T],
  ['treino pra ganhar explosão', T],
  ['onde mirar a devolução', T],
  ['tá ventando muito aqui, dicas?', T],
  ['qual a regra do saque', T],
  ['dói o tornozelo quando corro', T],
  ['melhor raquete pra quem tem tendinite', T],
  ['como fazer smash de costas', T],
  ['fico com vergonha de errar na frente dos outros', M],
  ['perdi a vontade de competir', M],
  ['antes do jogo fico com frio na barriga', M],
  ['nao consigo esquecer o erro', M],
  ['como me concentrar mais', M],
  ['meu saque melhorou desde o mes passado?', E],
  ['quais numeros vc olha no video', E],
  ['quero acompanhar minha evolução', E],
  ['perdemos de 6/4 ontem', E],
  ['quantas horas por semana treinar pra subir pra B', E],
  // Written later, without looking at the vocabulary, to check the router generalises.
  ['meu saque não tem força nenhuma', T],
  ['como dar mais efeito na bola', T],
  ['o que é drop shot', T],
  ['como usar o pulso no voleio', T],
  ['erro muito smash na rede', T],
  ['qual a posição ideal pra esperar a devolução', T],
  ['como cobrir o lob do adversário', T],
  ['quem pega a bola do meio?', T],
  ['meu parceiro não fala nada durante o jogo', T],
  ['areia muito funda cansa demais minhas pernas', T],
  ['como jogar contra o vento', T],
  ['exercícios pra fortalecer o ombro', T],
  ['sinto dor no joelho quando agacho', T],
  ['raquete de carbono vale a pena?', T],
  ['qual bola oficial do beach tennis', T],
  ['pode sacar por baixo?', T],
  ['quantos games tem um set', T],
  ['como fazer um bom alongamento depois', T],
  ['qual o tamanho da quadra', T],
  ['me ensina a fazer o lob de backhand', T],
  ['quero melhorar minha defesa', T],
  ['como atacar quando a dupla fica no fundo', T],
  ['estou perdendo muitos pontos na rede', T],
  ['qual a melhor forma de treinar reflexo', T],
  ['como se posicionar contra um canhoto', T],
  ['minhas costas doem depois do treino', T],
  ['fico paralisada quando o jogo aperta', M],
  ['como voltar pro jogo depois de perder um set', M],
  ['me cobro demais', M],
  ['tenho pensamentos negativos durante a partida', M],
  ['não consigo dormir na véspera do torneio', M],
  ['como ter mais confiança no smash', M],
  ['me irrito com o juiz', M],
  ['sinto que vou decepcionar meu parceiro', M],
  ['como lidar com a derrota', M],
  ['perdi a motivação pra treinar', M],
  ['fico tensa quando tem gente assistindo', M],
  ['como manter a calma quando o adversário provoca', M],
  ['tremo na hora de sacar no ponto de ouro', M],
  ['como visualizar o jogo antes', M],
  ['me sinto pressionado pra ganhar', M],
  ['quero ter mais garra', M],
  ['quantos smashes eu acertei no último jogo', E],
  ['qual é a minha porcentagem de primeiro saque', E],
  ['me mostra a evolução do meu saque', E],
  ['como vocês calculam as estatísticas', E],
  ['quanto tempo leva a análise do vídeo', E],
  ['posso mandar o vídeo pelo youtube?', E],
  ['qual o melhor ângulo pra filmar', E],
  ['quero um plano de treino pra 4 semanas', E],
  ['como dividir meus treinos na semana', E],
  ['ganhamos de 6/1 hoje', E],
  ['perdi nas quartas do torneio de sábado', E],
  ['estou melhorando ou não?', E],
  ['meus erros não forçados diminuíram?', E],
  ['quantos pontos eu ganho na rede em média', E],
  ['comparado ao mês passado, como estou?', E],
  ['me dá metas pra próxima semana', E],
  ['quanto tempo pra subir de categoria', E],
  ['vale treinar todo dia?', E],
  ['meu lob sempre sai curto', T],
  ['como jogar quando a dupla adversária é muito alta', T],
  ['o que fazer quando a bola vem no meio das pernas', T],
  ['preciso de ajuda com o forehand', T],
  ['dica pra ganhar mais velocidade na areia', T],
  ['qual o melhor horário pra jogar por causa do sol', T],
  ['minha raquete é pesada demais?', T],
  ['como evitar lesão no ombro', T],
  ['quem saca primeiro no tie break', T],
  ['como fazer uma paralela', T],
  ['como treinar o voleio sozinho', T],
  ['o que fazer quando a dupla joga só no meu parceiro', T],
  ['sinto o punho depois de muitos smashes', T],
  ['bola bate na fita no saque vale?', T],
  ['como ler o saque do adversário', T],
  ['qual posição de base na rede', T],
  ['fico muito atrás na quadra', T],
  ['quando subir pra rede', T],
  ['tô sem confiança no meu backhand', M],
  ['entro em pânico quando perco dois pontos seguidos', M],
  ['como esquecer o ponto perdido', M],
  ['sinto muita pressão do meu parceiro', M],
  ['fico ansioso quando o placar tá empatado', M],
  ['meu psicológico me atrapalha', M],
  ['como me manter positivo', M],
  ['jogo bem no treino e mal no torneio', M],
  ['fico desanimado quando perco', M],
  ['como não me abalar com erro do parceiro', M],
  ['perco a paciência fácil', M],
  ['como criar uma rotina antes do saque', M],
  ['quanto eu evoluí desde que comecei', E],
  ['qual meu golpe mais eficiente', E],
  ['o vídeo que mandei já foi analisado?', E],
  ['quantos treinos devo fazer antes do torneio', E],
  ['monta uma semana de treino pra categoria B', E],
  ['quantos pontos de ouro eu ganhei', E],
  ['meu desempenho caiu esse mês', E],
  ['perdemos a final de 7/6', E],
  ['qual a minha taxa de erro na devolução', E],
  ['quero números do meu jogo', E],
]

describe('route', () => {
  const t = team()
  const archetypeOf = (id: string | undefined) => t.coaches.find((c) => c.id === id)?.archetype

  it(`sends at least 90 % of ${TABLE.length} varied messages to the right coach first`, () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60)
    const misses = TABLE.filter(([text, expected]) => archetypeOf(route(text, t)[0]) !== expected)
    const accuracy = 1 - misses.length / TABLE.length
    if (misses.length > 0)
      console.log(
        `routing accuracy ${(accuracy * 100).toFixed(1)} %, misses:\n` +
          misses
            .map(
              ([text, want]) =>
                `  ${want} ← "${text}" got ${route(text, t).map(archetypeOf).join(',')}`,
            )
            .join('\n'),
      )
    else console.log(`routing accuracy 100 % over ${TABLE.length} messages`)
    expect(accuracy).toBeGreaterThanOrEqual(0.9)
  }, 60_000)

  it('brings a second coach only for a second question of another speciality, in the order asked', () => {
    // One question about nerves is the mental coach's alone.
    expect(route('fico nervoso na hora de sacar no ponto de ouro', t).map(archetypeOf)).toEqual([M])
    expect(
      route('como melhorar meu saque? e o que faço quando fico nervoso no ponto de ouro?', t).map(
        archetypeOf,
      ),
    ).toEqual([T, M])
    expect(
      route('fico muito nervosa antes dos jogos. e qual raquete é boa pra iniciante?', t).map(
        archetypeOf,
      ),
    ).toEqual([M, T])
  })

  it('never lets more than two coaches answer without @equipe', () => {
    const ids = route('nervoso no saque, quantos % acertar, e meu smash e lob e video', t)
    expect(ids.length).toBeLessThanOrEqual(2)
  })

  it('routes @Nome mentions to that coach alone, ignoring case and accents', () => {
    const [tecnico, mental, estatistico] = t.coaches
    const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    expect(route(`@${mental.name} como melhorar meu smash?`, t)).toEqual([mental.id])
    expect(route(`@${plain(estatistico.name).toLowerCase()} fico nervoso`, t)).toEqual([
      estatistico.id,
    ])
    expect(route(`ei @${tecnico.name.toUpperCase()}, to ansioso`, t)).toEqual([tecnico.id])
    expect(route(`${mental.name}, qual raquete comprar?`, t)).toEqual([mental.id])
    expect(routeDetailed(`@${mental.name} oi`, t).reason).toBe('MENTION')
  })

  it('sends @equipe to all three, the most relevant first', () => {
    const ids = route('@equipe fico nervoso no torneio', t)
    expect(ids).toHaveLength(3)
    expect(new Set(ids).size).toBe(3)
    expect(archetypeOf(ids[0])).toBe(M)
    expect(route('@Equipe bom dia', t)).toHaveLength(3)
  })

  it('keeps a message without a topic with the coach who spoke last', () => {
    const mental = t.coaches[1]
    const history = [
      { sender: 'USER', text: 'fico nervoso' },
      { sender: mental.id, text: 'Respira.' },
    ]
    expect(route('valeu!', t, history)).toEqual([mental.id])
    expect(route('valeu!', t)).toEqual([t.coaches[0].id])
  })
})
