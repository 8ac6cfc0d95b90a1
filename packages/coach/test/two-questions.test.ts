import { describe, expect, it } from 'vitest'
import { talk } from './fixtures'

describe('two questions of the same area in one message', () => {
  it('answers both, the second named, with no closing line between them', () => {
    const [lines] = talk([
      'duvida besta: bola q pega na linha é dentro ne? e no 40 iguais tem vantagem ou é ponto direto?',
    ])
    expect(lines).toMatch(/linha/)
    expect(lines).toMatch(/\*\*Sobre a contagem dos pontos:\*\*/)
    expect(lines).toMatch(/sem vantagem|não existe vantagem|não há vantagem/)
    const [serve] = talk([
      'ontem no jogo a bola do saque bateu na fita e caiu dentro e o cara pediu pra repetir. tem let no beach ou nao?? e se tivesse caido fora era segundo saque?',
    ])
    expect(serve).toMatch(/let/)
    expect(serve).toMatch(/\*\*Sobre quantos saques se tem:\*\*/)
  })

  it('how to send a video, by Drive, and whether a person watches it: all three', () => {
    const [reply] = talk([
      'como mando o video do jogo? pode ser pelo drive? e alguem de verdade assiste ou é so IA?',
    ])
    expect(reply).toMatch(/Enviar Vídeo/)
    expect(reply).toMatch(/Google Drive/)
    expect(reply).toMatch(/\*\*Sobre os analistas humanos:\*\*/)
  })
})
