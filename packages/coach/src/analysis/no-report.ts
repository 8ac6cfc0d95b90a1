import type { Said } from '../intents/said'
import type { OwnTopic } from './ask'

/**
 * A question about the player's own figures before any report was published. The first time, the
 * coach says what is missing, how to get it and what it will show; after that, one line on what
 * is missing and the question the coach can still work with: what the player saw in that match.
 * Nothing is guessed, and the way to send a video is not repeated turn after turn.
 */

const ASKED: Record<OwnTopic, string> = {
  GAME: 'como foi o seu jogo em números',
  NET: 'quanto tempo você ficou perto da rede',
  MID: 'quanto tempo você ficou no meio da quadra',
  ZONES: 'em que parte da quadra você passou mais tempo',
  BACK: 'quanto tempo você ficou no fundo',
  MOVEMENT: 'quanto você correu nem a que velocidade',
  RALLIES: 'quantos ralis o jogo teve nem quanto tempo a bola rolou',
  PARTNER: 'como você e {partner} se espalharam pela quadra',
  SERVE: 'como foi o seu saque nesse jogo',
  RETURN: 'como foi a sua devolução nesse jogo',
  SMASH: 'como foi o seu smash nesse jogo',
  ERRORS: 'quantos erros você fez',
  POINTS: 'onde os pontos foram ganhos e perdidos',
  GOLDEN: 'como foram os pontos de ouro',
  PROGRESS: 'se você melhorou de um jogo para o outro',
  TRAIN: 'o que esse jogo pede de treino',
}

/** What a published report will hold for this question. */
const WILL_SHOW: Record<OwnTopic, string> = {
  GAME: 'o tempo na rede, no meio e no fundo, a distância percorrida, os ralis e a distância da dupla',
  NET: 'a porcentagem do tempo perto da rede, no meio e no fundo, a sua e a {of}',
  MID: 'a porcentagem do tempo perto da rede, no meio e no fundo, a sua e a {of}',
  ZONES: 'a porcentagem do tempo perto da rede, no meio e no fundo, a sua e a {of}',
  BACK: 'a porcentagem do tempo perto da rede, no meio e no fundo, a sua e a {of}',
  MOVEMENT: 'a distância percorrida e as suas velocidades média e de pico',
  RALLIES: 'quantos ralis teve, quanto tempo de bola em jogo e qual foi o mais longo',
  PARTNER: 'a distância média entre você e {partner} e quem subiu mais à rede',
  SERVE:
    'a sua posição e o seu deslocamento; saque, devolução, winners e erros entram quando o analista marca o jogo ponto a ponto',
  RETURN:
    'a sua posição e o seu deslocamento; saque, devolução, winners e erros entram quando o analista marca o jogo ponto a ponto',
  SMASH:
    'a sua posição e o seu deslocamento; smashes, winners e erros entram quando o analista marca o jogo ponto a ponto',
  ERRORS:
    'a sua posição e o seu deslocamento; winners e erros não forçados entram quando o analista marca o jogo ponto a ponto',
  POINTS:
    'a sua posição e o seu deslocamento; os pontos ganhos e perdidos entram quando o analista marca o jogo ponto a ponto',
  GOLDEN:
    'a sua posição e o seu deslocamento; os pontos de ouro entram quando o analista marca o jogo ponto a ponto',
  PROGRESS: 'os números de cada jogo, e a partir do segundo eu comparo um com o outro',
  TRAIN: 'onde você passou o jogo e quanto se mexeu, e daí eu tiro o foco dos treinos',
}

/** What the player can tell the coach now, so the question still goes somewhere. */
const ASK_BACK: Record<OwnTopic, readonly string[]> = {
  GAME: [
    'Me conta o placar e o que mais te custou pontos (erro no fundo, lob, devolução?), que eu te digo onde mexer.',
    'Se quiser, me diga como terminaram a maioria dos pontos perdidos, que eu já te aponto o que treinar.',
  ],
  NET: [
    'Pela sua sensação: você subia depois do saque ou ficava esperando no fundo? Me conta que eu te digo o que ajustar.',
  ],
  MID: [
    'Pela sua sensação: você parava no meio depois de bater, ou era o lob que te pegava lá? Me conta que eu te digo o que ajustar.',
  ],
  ZONES: [
    'Pela sua sensação: onde você se via mais, na rede, no meio ou no fundo? Me conta que eu te digo o que ajustar.',
  ],
  BACK: [
    'Pela sua sensação: você ficava no fundo por escolha ou porque o lob te empurrava para trás? Me conta que eu te digo o que ajustar.',
  ],
  MOVEMENT: [
    'Se você terminou o jogo mais cansado que de costume, me conta em que parte ele pesou, que eu te ajudo a dosar.',
  ],
  RALLIES: [
    'Pela sua sensação, os pontos acabavam rápido ou a bola voltava muito? Me conta que eu te digo o que isso indica.',
  ],
  PARTNER: [
    'Me conta onde vocês se perdiam: bola no meio sem dono, lob sem cobertura ou os dois no mesmo lado?',
  ],
  SERVE: [
    'Me conta o que aconteceu com o seu saque: errou muito, ou a devolução voltava fácil? Com isso eu te digo o que ajustar.',
  ],
  RETURN: [
    'Me conta o que te pegava na devolução: saque forte, saque com efeito ou a bola no seu backhand?',
  ],
  SMASH: [
    'Me conta o que aconteceu com os smashes: foram para fora, na rede ou voltaram? Com isso eu te digo o que ajustar.',
  ],
  ERRORS: [
    'Se você lembra, me conta em que golpe saíram mais erros (fundo, voleio, smash?), que eu te digo por onde começar.',
  ],
  POINTS: [
    'Me conta como foram esses pontos: vocês erraram mais, ou eles fecharam com winners? Com isso eu te digo o que treinar.',
  ],
  GOLDEN: [
    'Me conta quem recebeu os pontos de ouro e como eles terminaram, que eu te digo o que combinar para o próximo.',
  ],
  PROGRESS: [
    'Me conta o que mudou para você entre os dois jogos (placar, adversários, como se sentiu), que eu te ajudo a ler.',
  ],
  TRAIN: ['Me conta o que mais te custou pontos nesse jogo, que eu monto o treino em cima disso.'],
}

/** Said once per conversation: how a report comes to exist. */
const HOW =
  'Mande o vídeo de um jogo pelo **Enviar Vídeo** (quadra inteira no quadro, celular na horizontal) e diga qual dos quatro jogadores você é.'

const BY_STROKE =
  'E erro por golpe (quantos de backhand, quantos de forehand) nem o relatório separa: quando o analista marca o jogo ponto a ponto, ele conta os erros do jogo inteiro.'

/** Questions a figure alone would not settle: what the player saw is asked for at once. */
const OPEN_QUESTIONS = new Set<OwnTopic>(['GAME', 'POINTS', 'PROGRESS', 'TRAIN'])

const MISSING = [
  'Ainda não tenho nenhum jogo seu analisado, então não sei {asked}, e não vou inventar número.',
  'Isso também sai do vídeo analisado, e eu ainda não tenho nenhum jogo seu: não sei {asked}.',
  'Sem um vídeo seu analisado, continuo sem saber {asked}; chute não é estatística.',
  'Também não sei {asked}: esse número só vem de um jogo analisado.',
  'Ainda sem nenhum jogo seu analisado, não tenho como dizer {asked}.',
]

export function noReportReply(input: {
  topic: OwnTopic
  said: Said
  partnerGender?: 'MALE' | 'FEMALE' | null
  /** Asked per stroke ("quantas bolas eu errei de backhand?"), which no report counts. */
  byStroke?: boolean
}): string {
  let lines: string[]
  const female = input.partnerGender === 'FEMALE'
  const words = (s: string) =>
    s
      .replace('{partner}', female ? 'sua parceira' : 'seu parceiro')
      .replace('{of}', female ? 'da sua parceira' : 'do seu parceiro')
  const missing = (s: string) => s.replace('{asked}', words(ASKED[input.topic]))
  const askBack = input.said.fresh([...ASK_BACK[input.topic], ...ASK_BACK.GAME])[0]
  if (input.said.has(HOW)) {
    const again =
      input.said.fresh(MISSING.slice(1).map(missing))[0] ?? missing(MISSING[1] as string)
    lines = [again, ...(input.byStroke ? [BY_STROKE] : []), ...(askBack ? [askBack] : [])]
  } else {
    lines = [
      missing(MISSING[0] as string),
      HOW,
      `Quando a análise for publicada, o relatório mostra ${words(WILL_SHOW[input.topic])}.`,
      ...(input.byStroke ? [BY_STROKE] : []),
      ...(OPEN_QUESTIONS.has(input.topic) && askBack ? [askBack] : []),
    ]
  }
  const text = lines.join('\n\n')
  input.said.add(text)
  return text
}
