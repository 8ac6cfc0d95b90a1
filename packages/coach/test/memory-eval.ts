/**
 * Player messages as Brazilian players type them (no accents, abbreviations, typos, several facts
 * at once), each with the durable facts a good listener would keep. Written before the extractor
 * was tuned; the test holds a floor on it. Dates resolve against 26 Nov 2026 (a Thursday).
 * `none: true` marks messages that must give nothing of the listed kinds (negatives, third
 * parties, questions).
 */
export interface ExpectedFact {
  kind: 'PARCEIRO' | 'EQUIPAMENTO' | 'TORNEIO' | 'LESAO' | 'ROTINA' | 'RESULTADO' | 'OBJETIVO'
  /** Structured fields that must match exactly (arrays compared in order). */
  fields?: Record<string, unknown>
  /** Words the player-facing text must contain (case and accents ignored). */
  says?: string[]
}

export interface EvalCase {
  text: string
  expect: ExpectedFact[]
  /** A negative: any fact found is an invented one. */
  negative?: boolean
}

export const EVAL_NOW = new Date('2026-11-26T15:00:00Z')

export const MEMORY_EVAL: EvalCase[] = [
  // Partners
  {
    text: 'minha parceira é a Lu, ela é canhota',
    expect: [{ kind: 'PARCEIRO', fields: { name: 'Lu', gender: 'FEMALE', hand: 'LEFT' } }],
  },
  {
    text: 'jogo com o beto faz uns 2 anos, ele é destro',
    expect: [{ kind: 'PARCEIRO', fields: { name: 'Beto', gender: 'MALE', hand: 'RIGHT' } }],
  },
  {
    text: 'meu parceiro novo eh canhoto, to apanhando pra me acostumar',
    expect: [{ kind: 'PARCEIRO', fields: { gender: 'MALE', hand: 'LEFT' } }],
  },
  {
    text: 'minha dupla a Carol joga do lado esquerdo',
    expect: [{ kind: 'PARCEIRO', fields: { name: 'Carol', gender: 'FEMALE' } }],
  },
  {
    text: 'agora to jogando com a Fernanda',
    expect: [{ kind: 'PARCEIRO', fields: { name: 'Fernanda', gender: 'FEMALE' } }],
  },
  {
    text: 'meu parceiro Rafa é bem mais alto q eu',
    expect: [{ kind: 'PARCEIRO', fields: { name: 'Rafa', gender: 'MALE' } }],
  },
  {
    text: 'minha parceira de dupla é destra',
    expect: [{ kind: 'PARCEIRO', fields: { gender: 'FEMALE', hand: 'RIGHT' } }],
  },
  // Equipment
  {
    text: 'comprei uma raquete heroes nova semana passada',
    expect: [{ kind: 'EQUIPAMENTO', fields: { item: 'raquete', brand: 'Heroes' } }],
  },
  {
    text: 'uso uma mormaii carbon 2023',
    expect: [{ kind: 'EQUIPAMENTO', fields: { item: 'raquete', brand: 'Mormaii' } }],
  },
  {
    text: 'minha raquete é uma drop shot, acho q é a conqueror',
    expect: [{ kind: 'EQUIPAMENTO', fields: { item: 'raquete', brand: 'Drop Shot' } }],
  },
  {
    text: 'to jogando com a raquete que era do meu irmao',
    expect: [{ kind: 'EQUIPAMENTO', fields: { item: 'raquete' } }],
  },
  {
    text: 'troquei de raqueta, agora é uma sexy brand',
    expect: [{ kind: 'EQUIPAMENTO', fields: { item: 'raquete', brand: 'Sexy Brand' } }],
  },
  {
    text: 'minha raquete ta com 360g e eu uso overgrip',
    expect: [{ kind: 'EQUIPAMENTO', fields: { item: 'raquete' } }],
  },
  // Tournaments
  {
    text: 'tenho um torneio em março',
    expect: [{ kind: 'TORNEIO', fields: { month: '2027-03' } }],
  },
  {
    text: 'vou jogar o campeonato dia 12',
    expect: [{ kind: 'TORNEIO', fields: { date: '2026-12-12' } }],
  },
  {
    text: 'tem etapa do circuito daqui a 3 semanas',
    expect: [{ kind: 'TORNEIO', fields: { date: '2026-12-17' } }],
  },
  {
    text: 'torneio no proximo mes, to nervoso',
    expect: [{ kind: 'TORNEIO', fields: { month: '2026-12' } }],
  },
  {
    text: 'vou disputar um open dia 14/02',
    expect: [{ kind: 'TORNEIO', fields: { date: '2027-02-14' } }],
  },
  {
    text: 'me inscrevi num torneio em janeiro la em floripa',
    expect: [{ kind: 'TORNEIO', fields: { month: '2027-01' } }],
  },
  {
    text: 'campeonato dia 5 de dezembro',
    expect: [{ kind: 'TORNEIO', fields: { date: '2026-12-05' } }],
  },
  {
    text: 'tenho torneio semana que vem',
    expect: [{ kind: 'TORNEIO', fields: { date: '2026-12-03' } }],
  },
  // Injuries
  {
    text: 'tenho dor no ombro direito',
    expect: [{ kind: 'LESAO', fields: { bodyPart: 'ombro', side: 'direito' } }],
  },
  {
    text: 'cotovelo doendo depois dos jogos',
    expect: [{ kind: 'LESAO', fields: { bodyPart: 'cotovelo' }, says: ['depois dos jogos'] }],
  },
  {
    text: 'torci o tornozelo esquerdo sabado',
    expect: [{ kind: 'LESAO', fields: { bodyPart: 'tornozelo', side: 'esquerdo' } }],
  },
  {
    text: 'to com uma tendinite no punho faz 2 meses',
    expect: [{ kind: 'LESAO', fields: { bodyPart: 'punho' }, says: ['2 meses'] }],
  },
  {
    text: 'meu joelho doi qdo eu pulo pro smash',
    expect: [{ kind: 'LESAO', fields: { bodyPart: 'joelho' } }],
  },
  {
    text: 'sinto dor na lombar desde o mes passado',
    expect: [{ kind: 'LESAO', fields: { bodyPart: 'lombar' }, says: ['desde o mês passado'] }],
  },
  {
    text: 'o ombro ta incomodando qnd saco',
    expect: [{ kind: 'LESAO', fields: { bodyPart: 'ombro' } }],
  },
  {
    text: 'machuquei a panturrilha no ultimo jogo',
    expect: [{ kind: 'LESAO', fields: { bodyPart: 'panturrilha' } }],
  },
  // Schedule
  {
    text: 'terça e quinta tenho aula, sabado jogo',
    expect: [{ kind: 'ROTINA', fields: { days: ['terca', 'quinta', 'sabado'] } }],
  },
  {
    text: 'treino seg qua e sex de manha',
    expect: [{ kind: 'ROTINA', fields: { days: ['segunda', 'quarta', 'sexta'] } }],
  },
  {
    text: 'faço aula na quarta e jogo no domingo com a galera',
    expect: [{ kind: 'ROTINA', fields: { days: ['quarta', 'domingo'] } }],
  },
  {
    text: 'so consigo jogar sabado e domingo',
    expect: [{ kind: 'ROTINA', fields: { days: ['sabado', 'domingo'] } }],
  },
  // Results
  {
    text: 'ganhei o torneio de sabado!!!',
    expect: [{ kind: 'RESULTADO', fields: { won: true }, says: ['torneio'] }],
  },
  {
    text: 'perdi de 6/2 hj',
    expect: [{ kind: 'RESULTADO', fields: { won: false, score: '6/2' } }],
  },
  {
    text: 'ganhamos a final de 6x4',
    expect: [{ kind: 'RESULTADO', fields: { won: true, score: '6/4' } }],
  },
  {
    text: 'perdemos na semi ontem, 7/5 pra eles',
    expect: [{ kind: 'RESULTADO', fields: { won: false, score: '7/5' } }],
  },
  {
    text: 'fui vice no torneio do clube',
    expect: [{ kind: 'RESULTADO', says: ['vice'] }],
  },
  // Goals
  {
    text: 'meu objetivo é subir pra categoria B ano que vem',
    expect: [{ kind: 'OBJETIVO', says: ['categoria b'] }],
  },
  {
    text: 'quero ganhar meu primeiro torneio',
    expect: [{ kind: 'OBJETIVO', says: ['primeiro torneio'] }],
  },
  {
    text: 'agora minha meta é so me divertir e perder peso',
    expect: [{ kind: 'OBJETIVO', says: ['divertir'] }],
  },
  {
    text: 'meu sonho é jogar o mundial',
    expect: [{ kind: 'OBJETIVO', says: ['mundial'] }],
  },
  // Several facts in one message
  {
    text: 'oi! jogo com a Lu que é canhota, tenho torneio em março e meu cotovelo ta doendo depois dos jogos',
    expect: [
      { kind: 'PARCEIRO', fields: { name: 'Lu', gender: 'FEMALE', hand: 'LEFT' } },
      { kind: 'TORNEIO', fields: { month: '2027-03' } },
      { kind: 'LESAO', fields: { bodyPart: 'cotovelo' } },
    ],
  },
  {
    text: 'uso uma heroes, treino terca e quinta e tenho um torneio dia 20',
    expect: [
      { kind: 'EQUIPAMENTO', fields: { item: 'raquete', brand: 'Heroes' } },
      { kind: 'ROTINA', fields: { days: ['terca', 'quinta'] } },
      { kind: 'TORNEIO', fields: { date: '2026-12-20' } },
    ],
  },
  {
    text: 'perdi de 6/3 no sabado pq meu ombro esquerdo tava doendo',
    expect: [
      { kind: 'RESULTADO', fields: { won: false, score: '6/3' } },
      { kind: 'LESAO', fields: { bodyPart: 'ombro', side: 'esquerdo' } },
    ],
  },
  {
    text: 'meu parceiro Joao é destro e a gente tem campeonato em fevereiro',
    expect: [
      { kind: 'PARCEIRO', fields: { name: 'Joao', gender: 'MALE', hand: 'RIGHT' } },
      { kind: 'TORNEIO', fields: { month: '2027-02' } },
    ],
  },
  {
    text: 'comprei uma raquete da mormaii e quero subir pra C',
    expect: [
      { kind: 'EQUIPAMENTO', fields: { item: 'raquete', brand: 'Mormaii' } },
      { kind: 'OBJETIVO', says: ['subir'] },
    ],
  },
  {
    text: 'tenho aula segunda e quarta, to com dor no joelho direito faz uma semana',
    expect: [
      { kind: 'ROTINA', fields: { days: ['segunda', 'quarta'] } },
      { kind: 'LESAO', fields: { bodyPart: 'joelho', side: 'direito' } },
    ],
  },
  {
    text: 'ganhei de 6/1 com a minha parceira Bia',
    expect: [
      { kind: 'RESULTADO', fields: { won: true, score: '6/1' } },
      { kind: 'PARCEIRO', fields: { name: 'Bia', gender: 'FEMALE' } },
    ],
  },
  // Negatives: none of these is a fact about the player
  { text: 'nao tenho torneio marcado', expect: [], negative: true },
  {
    text: 'meu parceiro que tem dor no joelho',
    expect: [{ kind: 'PARCEIRO', fields: { gender: 'MALE' } }],
  },
  { text: 'como evitar dor no ombro?', expect: [], negative: true },
  { text: 'nao sinto dor nenhuma, graças a deus', expect: [], negative: true },
  { text: 'qual a melhor raquete pra iniciante?', expect: [], negative: true },
  { text: 'quando é o proximo torneio da cbt?', expect: [], negative: true },
  { text: 'minha amiga machucou o cotovelo jogando', expect: [], negative: true },
  { text: 'como sacar melhor?', expect: [], negative: true },
  { text: 'kkkk valeu', expect: [], negative: true },
  { text: 'nao tenho parceiro fixo ainda', expect: [], negative: true },
  { text: 'quanto custa uma raquete heroes?', expect: [], negative: true },
  { text: 'como faço pra ganhar de quem joga no fundo?', expect: [], negative: true },
  { text: 'o que é tendinite?', expect: [], negative: true },
  {
    text: 'minha parceira torceu o tornozelo no jogo',
    expect: [{ kind: 'PARCEIRO', fields: { gender: 'FEMALE' } }],
  },
  { text: 'sem torneio esse ano, so treino mesmo', expect: [], negative: true },
  { text: 'quero saber como melhorar o voleio', expect: [], negative: true },
  { text: 'o cara do outro time era canhoto', expect: [], negative: true },
  { text: 'vale a pena comprar raquete de carbono?', expect: [], negative: true },
]
