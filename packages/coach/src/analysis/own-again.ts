import type { AnalysisFacts } from '@areia/contracts'
import type { OwnTopic } from './ask'
import { link, outOf, partnerWords, when } from './own-words'
import { num, pct } from './reply'

/**
 * A figure the player asks about again ("meu saque foi bem?" after "e meu saque?"): the number in
 * one short line that says it was given already, then something the first answer did not say, so
 * the conversation moves on instead of pasting the same paragraph.
 */

/** The figure asked about, in a line that points back to the earlier answer. */
export function recapLine(
  topic: OwnTopic,
  f: AnalysisFacts,
  partnerGender: 'MALE' | 'FEMALE' | null | undefined,
  before?: AnalysisFacts,
): string {
  const t = f.tagged
  const back = 'como te mostrei há pouco'
  switch (topic) {
    case 'NET':
    case 'MID':
    case 'BACK':
      return `É o número que te passei ${when(f)}: rede ${pct(f.net_share)}, meio ${pct(f.mid_share)}, fundo ${pct(f.back_share)} (${link(f, topic)}).`
    case 'MOVEMENT':
      return `Os mesmos **${num(f.distance_m)} m** percorridos, ${back}, com pico de ${num(f.peak_speed_mps * 3.6, 1)} km/h (${link(f, topic)}).`
    case 'RALLIES':
      return `Foram ${f.rallies} ralis, ${back}, o mais longo com ${num(f.longest_rally_sec, 0)} s (${link(f, topic, 'ver os lances')}).`
    case 'PARTNER':
      return `Vocês ficaram a ${num(f.avg_partner_distance_m, 1)} m um do outro, ${back}${f.partner_net_share !== null ? `; na rede, ${pct(f.partner_net_share)} ${partnerWords(partnerGender).of.replace(/^d[ao] /, 'para ')} e ${pct(f.net_share)} para você` : ''} (${link(f, topic)}).`
    case 'SERVE':
      return t
        ? `Foram ${outOf(t.serves_in)} saques dentro e ${outOf(t.points_won_on_serve)} pontos ganhos sacando, ${back} (${link(f, topic)}).`
        : recapLine('GAME', f, partnerGender)
    case 'RETURN':
      return t
        ? `Na devolução, ${outOf(t.points_won_on_return)} pontos ganhos, ${back} (${link(f, topic)}).`
        : recapLine('GAME', f, partnerGender)
    case 'SMASH':
      return t
        ? `Foram ${outOf(t.smashes_converted)} smashes convertidos, ${back} (${link(f, topic)}).`
        : recapLine('GAME', f, partnerGender)
    case 'ERRORS':
      return t
        ? `São os mesmos **${t.unforced_errors} erros não forçados** (e ${t.winners} winners) de que falamos há pouco (${link(f, topic)}).`
        : recapLine('GAME', f, partnerGender)
    case 'POINTS':
      return t
        ? `Sua dupla ganhou ${outOf(t.team_points_won)} pontos marcados, ${back} (${link(f, topic)}).`
        : recapLine('GAME', f, partnerGender)
    case 'GOLDEN':
      return t
        ? `Nos pontos de ouro, ${outOf(t.golden_points)} ganhos, ${back} (${link(f, topic)}).`
        : recapLine('GAME', f, partnerGender)
    case 'PROGRESS':
      return before
        ? `É a comparação que te mostrei há pouco: na rede, de ${pct(before.net_share)} para ${pct(f.net_share)}; no meio, de ${pct(before.mid_share)} para ${pct(f.mid_share)} (${link(f, 'GAME')}).`
        : recapLine('GAME', f, partnerGender)
    default:
      return `Os números desse jogo são os que te passei há pouco: rede ${pct(f.net_share)}, meio ${pct(f.mid_share)}, fundo ${pct(f.back_share)}, ${num(f.distance_m)} m percorridos (${link(f, 'GAME')}).`
  }
}

/** A second angle on each figure: what to do with it that the first answer did not say. */
const ANGLES: Record<OwnTopic, readonly string[]> = {
  NET: [
    'Um jeito simples de medir isso no treino: conte em quantos pontos você termina na rede; a meta é passar da metade.',
  ],
  ZONES: [
    'Um jeito simples de medir isso no treino: conte em quantos pontos você termina na rede; a meta é passar da metade.',
  ],
  MID: [
    'No treino, marque uma linha imaginária a uns 4 m da rede: se você parar antes dela sem estar defendendo lob, o ponto recomeça.',
  ],
  BACK: [
    'Do fundo, use o lob alto e profundo para ganhar tempo de subir; bola baixa de lá é a que o adversário quer.',
  ],
  MOVEMENT: [
    'Para chegar antes gastando menos, faça o split-step toda vez que o adversário for bater: é o passo que mais economiza corrida.',
  ],
  RALLIES: [
    'Nos treinos, jogue pontos em que só vale fechar depois de subir à rede: é o que encurta os ralis a seu favor.',
  ],
  PARTNER: [
    'Uma regra simples para a dupla: a bola do meio é de quem tem o forehand nele, e quem não vai na bola cobre o lob.',
  ],
  SERVE: [
    'Para variar sem perder segurança, escolha antes de cada ponto um de três alvos: meio, corpo ou lateral.',
  ],
  RETURN: [
    'Na devolução, decida antes do saque para onde a bola vai (meio ou pés de quem sobe): decidir na hora é o que gera erro.',
  ],
  SMASH: [
    'No smash, fique de lado e aponte a mão livre para a bola: é o que dá tempo de acertar o contato no alto.',
  ],
  ERRORS: [
    'Para errar menos sem jogar com medo, mire meio metro para dentro das linhas e um pouco mais alto sobre a rede.',
  ],
  POINTS: [
    'Nos pontos apertados, combine com a dupla uma jogada segura para repetir: saque no meio e subida juntos.',
  ],
  GOLDEN: [
    'Antes do próximo jogo, combinem quem devolve o ponto de ouro em cada lado: decidir na hora é o que custa o ponto.',
  ],
  PROGRESS: [
    'O próximo jogo analisado diz se a mudança pega: mande ele pelo **Enviar Vídeo** e eu comparo os três.',
  ],
  TRAIN: [
    'Se a semana apertar, fique com um foco só: o primeiro da lista é o que mais pesou no placar.',
  ],
  GAME: [
    'Se quiser ir por partes, me pergunte por um número (rede, deslocamento, dupla) que eu te digo o que fazer com ele.',
  ],
}

export function angleLines(topic: OwnTopic): readonly string[] {
  return ANGLES[topic]
}
