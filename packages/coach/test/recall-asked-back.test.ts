import { describe, expect, it } from 'vitest'
import { rememberFacts, type RememberedFact } from '../src'
import { talk } from './fixtures'

const NOW = new Date('2026-12-07T13:00:00Z')

/** The memory a conversation builds, as the server keeps it, turn by turn. */
function remembering(messages: string[]): { replies: string[]; facts: RememberedFact[] } {
  const facts: RememberedFact[] = []
  const replies: string[] = []
  const history: string[] = []
  for (const text of messages) {
    history.push(text)
    const changes = rememberFacts(
      facts.map((f, id) => ({ id, kind: f.kind, key: null, text: f.text, fields: f.fields ?? {} })),
      text,
      NOW,
      20,
    )
    for (const u of changes.update)
      facts[u.id] = { ...facts[u.id]!, text: u.text, fields: u.fields }
    for (const i of changes.insert) facts.push({ kind: i.kind, text: i.text, fields: i.fields })
    // As the server does: what the message told is kept before the coaches answer it.
    replies.push(talk(history, facts, NOW).at(-1) as string)
  }
  return { replies, facts }
}

describe('what the player told, asked back without "lembra"', () => {
  it('the partner and the tournament, the goal, and a frequency updated in the chat', () => {
    const { replies } = remembering([
      'dia 19 tenho torneio com a Bia, ela é destra',
      'como chama minha parceira do torneio e q dia é?',
      'e meu objetivo, lembra?',
      'anota ai: agora to jogando 4x por semana',
      'entao quantas vezes eu jogo por semana?',
    ])
    expect(replies[1]).toMatch(
      /^Sua parceira é a \*\*Bia\*\*, destra\. E o torneio de vocês é no dia \*\*19\/12/,
    )
    expect(replies[2]).toMatch(
      /^Seu objetivo, do jeito que você me contou: “Subir para a B este ano”/,
    )
    expect(replies[3]).toMatch(/^Anotei: que agora você joga 4x por semana\./)
    expect(replies[3]).toMatch(/Antes eram 3x/)
    expect(replies[4]).toMatch(/^\*\*4x por semana\*\*, como você me contou por último/)
  })

  it('a question about how often to train is advice, not a recall', () => {
    const [reply] = talk(['quantas vezes eu devo treinar por semana?'], [], NOW)
    expect(reply).not.toMatch(/como você me (contou|disse)/)
  })
})

describe('a partner described, then a training question', () => {
  it('divides the court from what was said of her, and counts the sessions to the tournament', () => {
    const { replies } = remembering([
      'dia 19 tenho torneio com a Bia. ela eh destra, baixinha, corre mt no fundo mas nao gosta de rede. como a gente se divide na quadra?',
      'da pra treinar umas 3x com ela ate o torneio? oq priorizar?',
    ])
    expect(replies[0]).toMatch(/\*\*Bia mais no fundo\*\*.*\*\*você na rede\*\*/)
    expect(replies[1]).toMatch(
      /^Dá sim: até sábado 19\/12 são 12 dias\. Os 3 treinos com a Bia: \*\*terça 08, domingo 13, quinta 17\*\*/,
    )
    expect(replies[1]).toMatch(/Prioridades, nesta ordem/)
  })
})

describe('left and right across the net', () => {
  it('a lob against a left-handed net player, then whose right it was', () => {
    const replies = talk([
      'como faço um lob melhor qnd os dois adversarios tao colados na rede?',
      'e se o cara da rede for canhoto?',
      'nao entendi. direita dele ou minha?',
    ])
    expect(replies[1]).toMatch(/^Contra um canhoto na rede, .*\*\*direita dele\*\*/)
    expect(replies[2]).toMatch(/^A direita \*\*dele\*\*.*\*\*seu lado esquerdo\*\*/)
  })
})

describe('questions that stand on their own', () => {
  it('tilt after a question on sides is the mental coach’s, not a follow-up of the sides', () => {
    const replies = talk([
      'eu sou canhota e minha parceira destra, quem fica de que lado?',
      'errei 2 bolas faceis seguidas e pronto, perco a cabeça e o game vai embora. como segura isso?',
    ])
    expect(replies[1]).not.toMatch(/lado direito|lado esquerdo/)
    expect(replies[1]).toMatch(/erro/)
  })

  it('the super tie-break is to 10 with a two-point margin, and 9-9 is answered', () => {
    const [reply] = talk([
      'o torneio vai ter super tie break no lugar do 3 set. vai ate 10 neh? e se ficar 9 a 9',
    ])
    expect(reply).toMatch(
      /^Isso, o super tie-break vai até 10, mas também precisa de 2 pontos de diferença: chegar a 10 só fecha com dois de vantagem \(10–8 fecha, 10–9 segue\), e no 9 a 9/,
    )
  })

  it('a message about both tie-breaks gets both, and "6 a 6" is the set, not the super tie-break', () => {
    const [reply] = talk([
      'se der 6 a 6 joga tiebreak ate 7 ne? e o super tiebreak do 3o set precisa abrir 2 ou chegou no 10 ja fecha?',
    ])
    expect(reply).toMatch(/^No 6 a 6 do set, sim: tie-break até 7 pontos/)
    expect(reply).toMatch(/10–9 segue/)
    expect(reply).not.toMatch(/no 6 a 6 o jogo segue/)
    const [nine] = talk(['no super tie break se ficar 9 a 9?'])
    expect(nine).toMatch(/no 9 a 9 o jogo segue até alguém abrir dois \(11–9/)
  })
})

describe('a fact corrected, and everything asked back', () => {
  it('"não, o Diego é canhoto!" changes the partner and the sides; the whole memory is read back', () => {
    const { replies } = remembering([
      'jogo com o diego, ele é destro. quem fica em qual lado?',
      'não, o diego é canhoto!',
      'comprei uma raquete nova, a heroes kaiak, mais leve que a minha antiga',
      'qual raquete eu falei q comprei?',
      'o que vc sabe de mim?',
    ])
    expect(replies[1]).toMatch(/^Anotei: o Diego, canhoto, é seu parceiro\./)
    expect(replies[1]).toMatch(/Vocês dois são canhotos/)
    expect(replies[3]).toMatch(/\*\*Heroes Kaiak\*\*/)
    expect(replies[4]).toMatch(/Seu parceiro é o \*\*Diego\*\*, canhoto\./)
    expect(replies[4]).toMatch(/\*\*Heroes Kaiak\*\*/)
  })
})

describe('a stroke named with its side', () => {
  it('"minha devolução de forehand" is the return, and "e se o sacador for canhoto?" aims it', () => {
    const replies = talk([
      'como melhoro minha devolucao de forehand?',
      'e se o sacador for canhoto?',
    ])
    expect(replies[0]).not.toMatch(/lado direito e|forehands ficam no meio/)
    expect(replies[0]).toMatch(/devolu/i)
    expect(replies[1]).toMatch(/^Contra um canhoto sacando/)
  })
})

describe('a greeting', () => {
  it('is returned in kind, with the day the player named', () => {
    expect(talk(['bom diaaa, segundona braba hj kkk'])[0]).toMatch(/^Bom dia! Segunda puxada/)
    expect(talk(['boa noite'])[0]).toMatch(/^Boa noite!\n\nEstou por aqui/)
  })
})

describe('a rule with the ball already down', () => {
  it('a net touch after the ball landed on their side does not lose the point', () => {
    const [reply] = talk([
      'matei a bola, ela ja tinha caido na areia deles e dps eu encostei na rede com a raquete. o adversario ta querendo o ponto. quem ta certo?',
    ])
    expect(reply).toMatch(
      /^Você está certo: o ponto acaba quando a bola toca a areia do lado deles/,
    )
  })
})

describe('two partners told in the same chat', () => {
  it('keeps both, answers each by name, and keeps the tournament with the one it was told with', () => {
    const { replies, facts } = remembering([
      'dia 19 tenho torneio com a Renata, ela é canhota',
      'toda quarta eu treino com o Diego, ele é destro',
      'e o Diego joga com qual mão?',
      'quem são minhas duplas?',
      'não, o Diego é canhoto!',
    ])
    expect(facts.filter((f) => f.kind === 'PARCEIRO').map((f) => f.text)).toEqual([
      'Parceira: Renata, canhota.',
      'Parceiro: Diego, canhoto.',
    ])
    expect(replies[2]).toMatch(/^Seu parceiro é o \*\*Diego\*\*, destro\./)
    expect(replies[2]).toMatch(/Seu torneio com a Renata é no dia \*\*19\/12/)
    expect(replies[3]).toMatch(
      /^Sua parceira é a \*\*Renata\*\*, canhota\. E você também joga com o \*\*Diego\*\*, destro\. E o torneio de vocês é no dia \*\*19\/12/,
    )
  })
})
