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

/**
 * How a report comes to exist, said whole each time in other words: a player asking about their
 * numbers needs the way to get them, and no sentence is pasted from an earlier reply.
 */
const HOW = [
  'Para ter esses números, toque em **Enviar Vídeo**, logo abaixo do chat, e mande o arquivo do celular ou um link do Google Drive, Google Fotos, Dropbox ou iCloud, um jogo por vídeo. Depois você me diz qual dos quatro jogadores é você, do 1º ao 4º, contando a partir do primeiro toque na bola. O envio precisa de um plano pago ativo, e a análise fica pronta em algumas horas, com um aviso quando sair.',
  'O caminho é o **Enviar Vídeo**, no campo de mensagem: arquivo do celular ou link (Google Drive, Google Fotos, Dropbox, iCloud), um jogo inteiro por vídeo, com a quadra toda no quadro. Em seguida, responda qual dos quatro jogadores é você (1º, 2º, 3º ou 4º), na ordem do primeiro toque na bola. Com o plano pago em dia, o relatório sai em poucas horas, com um aviso quando ficar pronto.',
  'Grave um jogo e mande pelo **Enviar Vídeo** (direto do celular, ou por link do Drive, Google Fotos, Dropbox ou iCloud), sempre um jogo por vídeo, e me diga qual jogador você é, do 1º ao 4º pela ordem em que cada um tocou na bola primeiro. Precisa estar com um plano pago ativo; em algumas horas chega a notificação de que o relatório saiu.',
  'Tudo começa com um vídeo seu no **Enviar Vídeo** aqui do chat: um jogo por arquivo ou por link (Google Drive, Google Fotos, Dropbox ou iCloud). Depois de enviar, escolha qual dos quatro você é, contados a partir do primeiro toque. Quem tem plano pago ativo recebe a análise em algumas horas, com notificação.',
]

/** After every way of saying it was used: the same facts, shorter and still in other words. */
const HOW_AGAIN = [
  'Para isso, um jogo seu pelo **Enviar Vídeo** (arquivo ou link, um jogo por vídeo) e um plano pago ativo: o relatório chega em algumas horas.',
  'Um vídeo de jogo no **Enviar Vídeo** resolve: com o plano pago ativo, em poucas horas eu tenho esse número.',
  'Mande um jogo pelo **Enviar Vídeo**, diga qual dos quatro é você, e em algumas horas (com plano pago ativo) o relatório sai.',
  'Esse número vem do relatório de um jogo enviado pelo **Enviar Vídeo**; com plano pago ativo, ele sai em poucas horas.',
]

/** Figures no report holds, with or without a video. */
const NEVER: Record<string, string> = {
  BY_STROKE:
    'E erro por golpe (quantos de backhand, quantos de forehand) nem o relatório separa: quando o analista marca o jogo ponto a ponto, ele conta os erros do jogo inteiro.',
  BALL_SPEED:
    'E velocidade da bola o relatório não mede, nem com o vídeo analisado: a velocidade que ele mostra é a sua, correndo em quadra.',
  DIRECTION:
    'E direção da bola (paralela ou cruzada) e onde ela quicou o relatório não mede, nem com o vídeo analisado: ele mostra onde você estava, quanto se mexeu e, nos pontos marcados pelo analista, como cada ponto terminou.',
  BY_SET:
    'E mesmo com o vídeo analisado, o relatório não separa os números por set nem mostra o tie-break à parte: ele traz o jogo inteiro.',
  OPPONENTS:
    'E números dos adversários o relatório não traz, nem com vídeo: ele mede você e a sua dupla.',
}

/** Questions a figure alone would not settle: what the player saw is asked for at once. */
const OPEN_QUESTIONS = new Set<OwnTopic>(['GAME', 'POINTS', 'PROGRESS', 'TRAIN'])

const MISSING = [
  'Ainda não tenho nenhum jogo seu analisado, então não sei {asked}, e não vou inventar número.',
  'Você ainda não tem jogo analisado aqui, então não sei {asked}; chute não é estatística.',
  'Sem um vídeo seu analisado, não tenho como saber {asked}, e número inventado não te ajuda.',
  'Sem nenhum jogo seu analisado até agora, não sei dizer {asked}.',
  'Esse número eu ainda não tenho: nenhum jogo seu foi analisado, então não sei {asked}.',
]

const WILL_SHOW_LEAD = [
  'Quando a análise sair, o relatório mostra',
  'Com o relatório publicado, você vai ver',
  'Assim que o jogo for analisado, eu te mostro',
  'No relatório do primeiro jogo analisado, você vê',
]

export function noReportReply(input: {
  topic: OwnTopic
  said: Said
  partnerGender?: 'MALE' | 'FEMALE' | null
  /** A figure no report holds ("a velocidade do meu saque", "paralela ou cruzada"). */
  unmeasured?: string
  /** How many earlier replies of the conversation already pointed to sending a video. */
  pointed?: number
}): string {
  const female = input.partnerGender === 'FEMALE'
  const words = (s: string) =>
    s
      .replace('{partner}', female ? 'sua parceira' : 'seu parceiro')
      .replace('{of}', female ? 'da sua parceira' : 'do seu parceiro')
  // Each answer of this kind opens in other words: the nth one in the conversation takes the nth.
  const nth = Math.max(
    [...HOW, ...HOW_AGAIN].filter((h) => input.said.has(h)).length,
    input.pointed ?? 0,
  )
  const turn = <T>(list: readonly T[]) => list[nth % list.length] as T
  const missing = turn(MISSING).replace('{asked}', words(ASKED[input.topic]))
  const never = input.unmeasured ? NEVER[input.unmeasured] : undefined
  const how = input.said.fresh(HOW)[0] ?? input.said.fresh(HOW_AGAIN)[0] ?? turn(HOW_AGAIN)
  const willShow = `${turn(WILL_SHOW_LEAD)} ${words(WILL_SHOW[input.topic])}.`
  const askBack = input.said.fresh([...ASK_BACK[input.topic], ...ASK_BACK.GAME])[0]
  const lines = [
    missing,
    ...(never ? [never] : []),
    how,
    ...(never ? [] : [willShow]),
    ...(OPEN_QUESTIONS.has(input.topic) && askBack ? [askBack] : []),
  ]
  const text = lines.join('\n\n')
  input.said.add(text)
  return text
}
