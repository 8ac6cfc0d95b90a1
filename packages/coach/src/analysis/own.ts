import type { AnalysisFacts, TaggedFacts } from '@areia/contracts'
import { STROKE_LABEL } from '@areia/contracts'
import type { PlayerProfile } from '../types'
import { WEEKDAY_LABEL, type Weekday } from '../intents/slots'
import { joinPt } from '../text'
import { hasTags, type OwnQuestion, type OwnTopic, quotedShare, TAGGED_TOPICS } from './ask'
import { duration, gameParts, num, pct } from './reply'
import { taggedHeadline } from './tagged'
import { chatText } from '../intents/normalize'
import type { Said } from '../intents/said'
import { angleLines, recapLine } from './own-again'
import { whichMatch } from './which-match'
import { capital, kmh, link, outOf, pair, partnerWords, share, when } from './own-words'

/**
 * The statistical coach's answer to a question about the player's own reports: the figure asked
 * for first, from the newest report, with the link to where the report shows it; what it means;
 * how it compares with the match before when there is one; and what to do about it. A figure the
 * reports do not hold is said to be missing, never guessed.
 */

export interface OwnReplyInput {
  question: OwnQuestion
  /** Published reports, newest first (at least one). */
  reports: readonly AnalysisFacts[]
  profile: PlayerProfile
  /** What the player wrote. */
  text: string
  partnerGender?: 'MALE' | 'FEMALE' | null
  /** Days the player said they can train, in this message. */
  days?: readonly Weekday[]
  /** What the coaches said before this message: a figure given already is recapped, not pasted. */
  said?: Said
  /** The match asked about is not the newest one. */
  older?: boolean
  /** A newer match the analyst tagged, when the one asked about was not. */
  elsewhere?: AnalysisFacts
}

/** "caiu de 31% para 22%": a change between two matches in points of share. */
function shareChange(before: number, after: number): string {
  const d = Math.round(after * 100) - Math.round(before * 100)
  if (Math.abs(d) < 3) return `ficou parecido (${pct(before)} antes)`
  return d > 0
    ? `subiu de ${pct(before)} para ${pct(after)}`
    : `caiu de ${pct(before)} para ${pct(after)}`
}

function earlier(reports: readonly AnalysisFacts[]): AnalysisFacts | undefined {
  return reports[1]
}

/** What the zones mean for a player who quoted, or asked about, one of them. */
function zoneReading(topic: 'NET' | 'MID' | 'BACK', f: AnalysisFacts): string {
  switch (topic) {
    case 'NET':
      return f.net_share < 0.25
        ? `Como referência geral, é pouco: como a bola nunca quica, é na rede que se fecham os pontos, e com ${pct(f.net_share)} você deixou a frente para os adversários.`
        : f.net_share < 0.45
          ? `Como referência geral, é um tempo razoável na rede, mas dá para ganhar a frente mais vezes depois do saque e da devolução.`
          : `Como referência geral, é bastante tempo na rede: é ali que se ganha ponto no beach tennis.`
    case 'MID':
      return f.mid_share >= 0.4
        ? `Como referência geral, é muito tempo no meio. O meio (entre uns 3 e 5,5 m da rede) é zona de passagem: ali a bola chega nos pés, você não ataca como na rede nem tem o tempo de quem está no fundo. Ficar parado ali é o que mais gera bola difícil.`
        : `Como referência geral, o meio é zona de passagem; ${pct(f.mid_share)} é um tempo aceitável, desde que seja de passagem para a rede.`
    case 'BACK':
      return f.back_share >= 0.35
        ? `Como referência geral, é bastante tempo no fundo: de lá você mais defende do que ataca, e o lob deles fica fácil.`
        : `Como referência geral, ${pct(f.back_share)} no fundo é pouco: você não ficou preso lá atrás.`
  }
}

const ZONE_ADVICE: Record<'NET' | 'MID' | 'BACK', string> = {
  NET: 'Depois de sacar ou devolver, dê dois ou três passos para a frente e faça o split-step quando o adversário for bater: é assim que se ganha a rede.',
  MID: 'Use o meio só de passagem: depois do saque ou da devolução, suba em dois ou três passos até a rede, ou, se vier lob, recue de uma vez. Parar no meio é o que não pode.',
  BACK: 'Depois de uma bola boa sua, suba; fique no fundo só enquanto estiver defendendo lob.',
}

function zoneAnswer(
  topic: 'NET' | 'MID' | 'BACK',
  input: OwnReplyInput,
  f: AnalysisFacts,
): string[] {
  const value = topic === 'NET' ? f.net_share : topic === 'MID' ? f.mid_share : f.back_share
  const name =
    topic === 'NET' ? 'perto da rede' : topic === 'MID' ? 'no meio da quadra' : 'no fundo'
  const quoted = quotedShare(input.text)
  const lead =
    quoted !== null && Math.abs(quoted - value) <= 0.015
      ? `Sim: ${when(f)}, você ficou **${pct(value)} do tempo ${name}**`
      : quoted !== null
        ? `No relatório, ${when(f)}, o tempo ${name} foi **${pct(value)}**, não ${Math.round(quoted * 100)}%`
        : `${capital(when(f))}, você ficou **${pct(value)} do tempo ${name}**`
  const lines = [
    `${lead} (rede ${pct(f.net_share)}, meio ${pct(f.mid_share)}, fundo ${pct(f.back_share)}; ${link(f, topic)}).`,
    zoneReading(topic, f),
  ]
  const before = earlier(input.reports)
  if (before) {
    const was =
      topic === 'NET' ? before.net_share : topic === 'MID' ? before.mid_share : before.back_share
    lines.push(
      `Em relação ao jogo anterior (${gameParts(before).join(', ')}), o tempo ${name} ${shareChange(was, value)}.`,
    )
  }
  if (f.partner_net_share !== null) {
    const gap = f.partner_net_share - f.net_share
    lines.push(
      `${capital(partnerWords(input.partnerGender).the)} ficou ${pct(f.partner_net_share)} do tempo na rede${topic === 'NET' && Math.abs(gap) >= 0.15 ? `: com ${pair(input.profile.gender, input.partnerGender).ahead}, vocês jogaram em escada, o que abre o meio e a diagonal` : ''}.`,
    )
  }
  lines.push(`**Para o próximo treino:** ${ZONE_ADVICE[topic]}`)
  return lines
}

function largestZone(f: AnalysisFacts): 'NET' | 'MID' | 'BACK' {
  if (f.mid_share >= f.net_share && f.mid_share >= f.back_share) return 'MID'
  return f.net_share >= f.back_share ? 'NET' : 'BACK'
}

/** "perdi por causa do saque ou da devolução?": which of the two cost more, said first. */
function serveOrReturn(input: OwnReplyInput, t: TaggedFacts): string | null {
  const text = chatText(input.text)
  if (!/\bsaque\b[^?]*\bou\b[^?]*\bdevolucao\b|\bdevolucao\b[^?]*\bou\b[^?]*\bsaque\b/.test(text))
    return null
  if (t.points_won_on_serve.of === 0 || t.points_won_on_return.of === 0) return null
  const serve = share(t.points_won_on_serve)
  const back = share(t.points_won_on_return)
  if (Math.abs(serve - back) < 0.1)
    return `Pelos pontos marcados, nenhum dos dois pesou muito mais: ${outOf(t.points_won_on_serve)} no saque e ${outOf(t.points_won_on_return)} na devolução.`
  const worse = back < serve ? 'a devolução' : 'o saque'
  return `Pelos pontos marcados, pesou mais ${worse}: vocês ganharam ${outOf(t.points_won_on_return)} na devolução contra ${outOf(t.points_won_on_serve)} no saque.`
}

function noTags(f: AnalysisFacts, what: string): string[] {
  return [
    `${capital(when(f))}, o analista não marcou o jogo ponto a ponto, então eu não tenho ${what}, e não vou chutar.`,
    `O que esse relatório mede é posição em quadra (rede ${pct(f.net_share)}, meio ${pct(f.mid_share)}, fundo ${pct(f.back_share)}), deslocamento (${num(f.distance_m)} m), ralis (${f.rallies}) e a distância da dupla (${num(f.avg_partner_distance_m, 1)} m): ${link(f, 'GAME')}.`,
  ]
}

function taggedAnswer(
  topic: OwnTopic,
  input: OwnReplyInput,
  f: AnalysisFacts,
  t: TaggedFacts,
): string[] {
  const src = `${t.points_tagged} ${t.points_tagged === 1 ? 'ponto marcado' : 'pontos marcados'} pelo analista`
  switch (topic) {
    case 'SERVE': {
      const inRate = share(t.serves_in)
      const verdict = serveOrReturn(input, t)
      return [
        ...(verdict ? [verdict] : []),
        `${capital(when(f))}, seu saque entrou em **${outOf(t.serves_in, 'saque', 'saques')}** e você ganhou **${outOf(t.points_won_on_serve, 'ponto', 'pontos')} no seu saque** (${src}; ${link(f, topic)}).`,
        input.question.unmeasured === 'FIRST_SERVE'
          ? 'No beach tennis existe um saque só, sem segundo saque; por isso o que conta é quantos entram.'
          : inRate >= 0.85
            ? 'Como não existe segundo saque, colocar a bola em jogo é o principal, e isso você fez bem.'
            : 'Como não existe segundo saque, cada saque fora é ponto dado: a prioridade é colocar mais bolas em jogo, mesmo com menos força.',
        ...(t.points_won_on_return.of > 0 && share(t.points_won_on_return) < 0.45
          ? [
              `Onde vocês perderam mais foi na devolução: ${outOf(t.points_won_on_return)} pontos ganhos quando você recebeu.`,
            ]
          : []),
        share(t.points_won_on_serve) < 0.6
          ? '**Para o próximo treino:** saque com alvo (no meio ou no corpo de quem devolve) e suba à rede logo depois; é a combinação que transforma saque em ponto.'
          : '**Para o próximo treino:** mantenha o saque seguro e varie o alvo para a devolução não se acostumar.',
      ]
    }
    case 'RETURN':
      return [
        `${capital(when(f))}, vocês ganharam **${outOf(t.points_won_on_return, 'ponto', 'pontos')} quando você devolveu** (${src}; ${link(f, topic)}).`,
        share(t.points_won_on_return) < 0.45
          ? 'Como referência geral, é abaixo da metade: na devolução, a meta é colocar a bola baixa no meio ou nos pés de quem sacou e subir junto com a dupla.'
          : 'Como referência geral, é uma boa taxa na devolução: o saque deles não te incomodou.',
        '**Para o próximo treino:** devoluções no meio e nos pés do sacador que sobe, e dois passos para a frente depois de devolver.',
      ]
    case 'SMASH':
      return [
        `${capital(when(f))}, você converteu **${outOf(t.smashes_converted, 'smash', 'smashes')}**${t.best_stroke ? `, e o golpe que mais te deu winners foi o ${STROKE_LABEL[t.best_stroke.stroke].toLowerCase()} (${t.best_stroke.winners})` : ''} (${src}; ${link(f, topic)}).`,
        share(t.smashes_converted) < 0.6
          ? 'Converter menos de dois em cada três smashes é sinal de contato baixo ou de pressa: chegue embaixo da bola antes e mire o meio ou os pés, com força controlada.'
          : 'Como referência geral, é uma boa conversão: o smash está fechando ponto.',
        '**Para o próximo treino:** 3 séries de 10 smashes com alvo (meio e pés), contando quantos entram.',
      ]
    case 'ERRORS': {
      const byStroke = input.question.unmeasured === 'BY_STROKE' ? BY_STROKE_MISSING : ''
      return [
        ...(byStroke ? [byStroke] : []),
        `${capital(when(f))}, você cometeu **${t.unforced_errors} erros não forçados** e fez **${t.winners} winners** (${src}; ${link(f, topic)}).`,
        t.unforced_errors > t.winners
          ? 'Mais erros que winners quer dizer que os pontos perdidos vieram mais de você do que do adversário: a primeira meta é errar menos, com mais margem sobre a rede e para dentro das linhas.'
          : 'Mais winners que erros: você arriscou na hora certa.',
        '**Para o próximo treino:** pontos de treino em que só vale ponto com a bola dentro da quadra depois de três trocas; conte os erros de cada série.',
      ]
    }
    case 'POINTS':
      return [
        `${capital(when(f))}, sua dupla ganhou **${outOf(t.team_points_won, 'ponto', 'pontos')}** dos que o analista marcou (placar ${t.score_line}; ${link(f, topic)}).`,
        `No seu saque foram ${outOf(t.points_won_on_serve)} e na devolução ${outOf(t.points_won_on_return)}.`,
      ]
    case 'GOLDEN':
      return [
        `${capital(when(f))}, nos pontos de ouro sua dupla ganhou **${outOf(t.golden_points, 'ponto', 'pontos')}** (${src}; ${link(f, topic)}).`,
        'No ponto de ouro não há vantagem: tenha um plano fixo (quem devolve, saque seguro no meio, subir juntos) para não decidir na hora.',
      ]
    default:
      return []
  }
}

function movement(input: OwnReplyInput, f: AnalysisFacts): string[] {
  const before = earlier(input.reports)
  const distance = `${capital(when(f))}, você percorreu **${num(f.distance_m)} m**, com velocidade média de ${kmh(f.avg_speed_mps)} e pico de **${kmh(f.peak_speed_mps)}** (${link(f, 'MOVEMENT')}).`
  // "minha velocidade máxima foi quanto?": the speed first, the distance after it.
  const asked = chatText(input.text)
  const speedFirst = /\b(velocidade|pico|rapid\w*|veloz|km ?h)\b/.test(asked)
  const quoted = /(\d+(?:[,.]\d+)?) ?m ?\/ ?s\b/.exec(input.text)?.[1]
  const quotedSpeed = quoted ? Number(quoted.replace(',', '.')) : null
  // "minha velocidade média deu 1,1 m/s, é bom?": the average as they read it, and what it holds.
  const average =
    /\b(media|m ?\/ ?s)\b/.test(asked) && !/\b(pico|maxima)\b/.test(asked)
      ? `${quotedSpeed === null ? capital(when(f)) : Math.abs(quotedSpeed - f.avg_speed_mps) < 0.06 ? `Sim, ${when(f)}` : `No relatório, ${when(f)}`} a sua velocidade média foi **${num(f.avg_speed_mps, 1)} m/s** (${kmh(f.avg_speed_mps)}), e o pico chegou a **${num(f.peak_speed_mps, 1)} m/s** (${kmh(f.peak_speed_mps)}) (${link(f, 'MOVEMENT')}).`
      : null
  if (average)
    return [
      average,
      'A média conta o jogo inteiro, com as pausas entre os pontos e as trocas de lado, por isso fica baixa para todo mundo; ela não diz se você foi lento. O que mostra a sua reação é o pico, nas arrancadas curtas.',
      ...(before
        ? [
            `No jogo anterior, a média foi ${num(before.avg_speed_mps, 1)} m/s e o pico ${num(before.peak_speed_mps, 1)} m/s.`,
          ]
        : []),
      'Para chegar antes na bola, o que mais ajuda é o split-step na hora em que o adversário bate, e não correr mais.',
    ]
  return [
    speedFirst
      ? `Seu pico de velocidade ${when(f)} foi de **${kmh(f.peak_speed_mps)}**, com média de ${kmh(f.avg_speed_mps)} ao longo do jogo, em ${num(f.distance_m)} m percorridos (${link(f, 'MOVEMENT')}).`
      : distance,
    ...(input.question.unmeasured === 'BALL_SPEED'
      ? [
          'A análise mede a sua velocidade em quadra, não a da bola: a velocidade do smash ou do saque ela não tem.',
        ]
      : []),
    speedFirst
      ? 'O pico vem das arrancadas curtas (uma bola no meio, um lob); o que pesa no jogo é sair cedo, e não correr mais rápido.'
      : 'Cada dupla cobre só 8 × 8 m: correr muito não é mérito por si só; o que vale é chegar cedo na bola com passos curtos.',
    ...(before
      ? [
          speedFirst
            ? `No jogo anterior, o pico foi de ${kmh(before.peak_speed_mps)}.`
            : distanceCompared(f, before),
        ]
      : []),
  ]
}

/**
 * Two matches' distances, and what the difference says: a longer match (more ball in play) runs
 * more whatever the player's fitness, so the figure is read per minute of play.
 */
function distanceCompared(f: AnalysisFacts, before: AnalysisFacts): string {
  const diff = f.distance_m - before.distance_m
  const label = gameParts(before).join(', ')
  const head = `${label ? `No jogo de ${label.replace(', ', ' (')}${label.includes(', ') ? ')' : ''}` : 'No jogo anterior'} foram ${num(before.distance_m)} m: ${
    Math.abs(diff) < 20
      ? 'praticamente o mesmo'
      : `${num(Math.abs(diff))} m a ${diff > 0 ? 'mais' : 'menos'} agora (${Math.round((Math.abs(diff) / before.distance_m) * 100)}%)`
  }.`
  if (f.total_play_sec <= 0 || before.total_play_sec <= 0) return head
  const longer = f.total_play_sec - before.total_play_sec
  const perMinute = (x: AnalysisFacts) => x.distance_m / (x.total_play_sec / 60)
  const rate = perMinute(f) / perMinute(before)
  const reading =
    Math.abs(longer) >= 30 && Math.sign(longer) === Math.sign(diff)
      ? `Mas este jogo teve ${longer > 0 ? 'mais' : 'menos'} bola em jogo (${duration(f.total_play_sec)} contra ${duration(before.total_play_sec)}), então a diferença vem mais da duração do que de você ter corrido mais ou menos por ponto.`
      : rate > 1.1
        ? `Com bola em jogo parecida (${duration(f.total_play_sec)} contra ${duration(before.total_play_sec)}), você se mexeu mais por minuto de jogo.`
        : rate < 0.9
          ? `Com bola em jogo parecida (${duration(f.total_play_sec)} contra ${duration(before.total_play_sec)}), você se mexeu menos por minuto de jogo.`
          : ''
  return reading ? `${head} ${reading}` : head
}

function rallies(f: AnalysisFacts): string[] {
  if (f.rallies === 0)
    return [
      `${capital(when(f))}, a análise não separou ralis com segurança, então não tenho esse número.`,
    ]
  return [
    `${capital(when(f))}, foram **${f.rallies} ralis**, o mais longo com **${num(f.longest_rally_sec, 0)} s**, e ${duration(f.total_play_sec)} de bola em jogo. Os clipes de cada lance estão no relatório: ${link(f, 'RALLIES', 'ver os lances')}.`,
    'Como a bola nunca quica, rali longo é sinal de que nenhuma dupla conseguiu fechar na rede.',
  ]
}

function partner(input: OwnReplyInput, f: AnalysisFacts): string[] {
  const p = partnerWords(input.partnerGender)
  const d = f.avg_partner_distance_m
  // "minha parceira ficou mais na rede que eu?": the comparison is the answer.
  const net =
    f.partner_net_share !== null && /\brede\b/.test(chatText(input.text))
      ? [
          `${f.partner_net_share > f.net_share + 0.02 ? 'Sim' : f.partner_net_share < f.net_share - 0.02 ? 'Não' : 'Quase igual'}: ${when(f)}, ${p.the} ficou **${pct(f.partner_net_share)} do tempo na rede**, e você **${pct(f.net_share)}** (${link(f, 'PARTNER')}).`,
        ]
      : []
  const two = pair(input.profile.gender, input.partnerGender)
  const before = earlier(input.reports)
  const change =
    before && Math.abs(before.avg_partner_distance_m - d) >= 0.3
      ? [
          `No jogo de ${gameParts(before).join(', ')}, a distância tinha sido ${num(before.avg_partner_distance_m, 1)} m: desta vez vocês ficaram mais ${d > before.avg_partner_distance_m ? 'afastad' : 'próxim'}${two.apart.startsWith('uma') ? 'as' : 'os'}.`,
        ]
      : []
  return [
    ...net,
    `${net.length > 0 ? 'Na distância entre vocês, ficaram' : `${capital(when(f))}, você e ${p.the} ficaram`} em média a **${num(d, 1)} m** ${two.apart}${f.partner_net_share !== null && net.length === 0 ? `, e ${p.she} ficou ${pct(f.partner_net_share)} do tempo na rede contra ${pct(f.net_share)} seus` : ''} (${link(f, 'PARTNER')}).`,
    d > 5
      ? 'Numa quadra de 8 m de largura, a referência geral é uns 3 a 4 m: vocês ficaram longe, e o meio aberto é o alvo preferido dos adversários.'
      : d < 2.5
        ? 'Vocês ficaram colados: as laterais ficam livres para as paralelas.'
        : 'Numa quadra de 8 m de largura, uns 3 a 4 m é a referência geral: a distância está boa.',
    ...change,
    ...(f.partner_net_share !== null && Math.abs(f.partner_net_share - f.net_share) >= 0.15
      ? [
          `Com ${two.ahead}, vocês jogaram em escada, o que abre o meio e a diagonal: combinem subir e recuar juntos.`,
        ]
      : []),
  ]
}

function progress(input: OwnReplyInput, f: AnalysisFacts): string[] {
  const before = earlier(input.reports)
  if (!before)
    return [
      `Por enquanto eu tenho um jogo só analisado (${gameParts(f).join(', ')}), e evolução se mede entre dois ou mais. Os números dele são a base da comparação: rede ${pct(f.net_share)}, meio ${pct(f.mid_share)}, fundo ${pct(f.back_share)}, ${num(f.distance_m)} m percorridos (${link(f, 'GAME')}).`,
      'Mande o próximo jogo pelo **Enviar Vídeo** e eu comparo número a número.',
    ]
  const better = f.net_share > before.net_share + 0.02
  return [
    `Comparando o jogo de ${gameParts(f).join(', ')} com o de ${gameParts(before).join(', ')}:`,
    [
      `- **Rede:** ${shareChange(before.net_share, f.net_share)}`,
      `- **Meio:** ${shareChange(before.mid_share, f.mid_share)}`,
      `- **Fundo:** ${shareChange(before.back_share, f.back_share)}`,
      `- **Distância da dupla:** de ${num(before.avg_partner_distance_m, 1)} m para ${num(f.avg_partner_distance_m, 1)} m`,
      `- **Ralis:** de ${before.rallies} para ${f.rallies}, o mais longo de ${num(before.longest_rally_sec)} s para ${num(f.longest_rally_sec)} s`,
    ].join('\n'),
    better
      ? 'Na posição, você evoluiu: mais tempo na rede é o que mais pesa no beach tennis.'
      : 'Na posição, não houve evolução: você passou menos tempo na rede e mais no meio, e é isso que eu atacaria primeiro.',
    `Os dois relatórios: ${link(f, 'GAME', 'último jogo')} e ${link(before, 'GAME', 'jogo anterior')}.`,
  ]
}

/** The two areas the numbers say to work on first, each with the figure behind it. */
function priorities(f: AnalysisFacts): Array<{ figure: string; work: string; drill: string }> {
  const out: Array<{ figure: string; work: string; drill: string; weight: number }> = []
  if (f.mid_share >= 0.4)
    out.push({
      weight: f.mid_share,
      figure: `${pct(f.mid_share)} do tempo no meio`,
      work: 'a transição do fundo para a rede, sem parar no meio',
      drill:
        '**Saca e sobe:** 20 pontos em que, depois do saque ou da devolução, você obrigatoriamente sobe até a rede; conte quantos termina lá.',
    })
  if (f.net_share < 0.3)
    out.push({
      weight: 0.6 - f.net_share,
      figure: `só ${pct(f.net_share)} do tempo na rede`,
      work: 'ganhar a rede e ficar nela',
      drill:
        '**Rede contra lob:** comece na rede; o parceiro alterna bolas curtas e lobs; recue de lado, devolva e volte: 3 séries de 10 bolas.',
    })
  const t = f.tagged
  if (t) {
    if (t.unforced_errors > t.winners)
      out.push({
        weight: 0.5 + (t.unforced_errors - t.winners) / 20,
        figure: `${t.unforced_errors} erros não forçados contra ${t.winners} winners`,
        work: 'margem: bolas mais altas sobre a rede e para dentro das linhas',
        drill:
          '**Três antes de atacar:** pontos de treino em que só vale atacar depois de três bolas dentro; 15 pontos contando os erros.',
      })
    if (t.points_won_on_return.of > 0 && share(t.points_won_on_return) < 0.45)
      out.push({
        weight: 0.5 - share(t.points_won_on_return),
        figure: `${outOf(t.points_won_on_return)} pontos ganhos na devolução`,
        work: 'a devolução baixa no meio e a subida depois dela',
        drill:
          '**Devolve e sobe:** 20 devoluções no meio ou nos pés do sacador, subindo dois passos depois de cada uma.',
      })
    if (t.golden_points.of > 0 && share(t.golden_points) < 0.5)
      out.push({
        weight: 0.3,
        figure: `${outOf(t.golden_points)} pontos de ouro`,
        work: 'um plano fixo para o ponto de ouro',
        drill:
          '**Ponto de ouro:** termine cada treino com 5 pontos de ouro valendo, com saque seguro e subida combinada.',
      })
  }
  if (f.avg_partner_distance_m > 5)
    out.push({
      weight: 0.4,
      figure: `${num(f.avg_partner_distance_m, 1)} m de distância da dupla`,
      work: 'andar junto com a dupla',
      drill:
        '**Corda invisível:** a dupla se desloca mantendo 3 a 4 m entre si: 4 séries de 1 minuto.',
    })
  return out.sort((a, b) => b.weight - a.weight).slice(0, 2)
}

function train(input: OwnReplyInput, f: AnalysisFacts): string[] {
  const focus = priorities(f)
  if (focus.length === 0)
    return [
      `Pelos números ${when(f)}, não há uma área fraca que se destaque: rede ${pct(f.net_share)}, meio ${pct(f.mid_share)}, distância da dupla ${num(f.avg_partner_distance_m, 1)} m (${link(f, 'GAME')}).`,
      'Eu seguiria com o treino de sempre, com pontos valendo placar para manter o ritmo de jogo.',
    ]
  const sessions = input.profile.training_per_week
  const days = input.days ?? []
  return [
    `Pelos números ${when(f)}, eu focaria a semana em ${focus.length === 1 ? 'uma coisa' : 'duas coisas'}:`,
    focus
      .map((p, i) => `${i + 1}. **${capital(p.work)}**, por causa de ${p.figure}. ${p.drill}`)
      .join('\n'),
    days.length > 0
      ? `${capital(joinPt(days.map((d) => `n${d === 'sabado' || d === 'domingo' ? 'o' : 'a'} ${WEEKDAY_LABEL[d]}`)))}, depois do aquecimento, separe uns 20 minutos para cada coisa: ${focus.length === 2 ? 'a primeira nos pontos iniciais do treino, a segunda antes dos pontos valendo' : 'antes dos pontos valendo'}.`
      : sessions && sessions > 0
        ? `Nos seus ${sessions} ${sessions === 1 ? 'treino' : 'treinos'} da semana, separe uns 20 minutos de cada um para isso, depois do aquecimento.`
        : 'Separe uns 20 minutos de cada treino da semana para isso, depois do aquecimento.',
    `Os números estão aqui: ${link(f, 'TRAIN')}.`,
  ]
}

function game(input: OwnReplyInput, f: AnalysisFacts): string[] {
  const t = f.tagged
  const result = gameParts(f).join(', ')
  return [
    `${input.older ? capital(when(f)) : `No seu último jogo${result ? ` (${result})` : ''}`}, você ficou ${pct(f.net_share)} do tempo na rede, ${pct(f.mid_share)} no meio e ${pct(f.back_share)} no fundo, percorreu ${num(f.distance_m)} m e ficou em média a ${num(f.avg_partner_distance_m, 1)} m ${partnerWords(input.partnerGender).of}${f.rallies > 0 ? `; foram ${f.rallies} ralis` : ''} (${link(f, 'GAME')}).`,
    ...(t ? [taggedHeadline(t)] : []),
    ...train(input, f).slice(0, 2),
  ]
}

export function ownReply(input: OwnReplyInput): string {
  // "no jogo do dia 21…": that match's figures, and the one before it to compare with.
  const chosen = input.question.topic === 'PROGRESS' ? 0 : whichMatch(input.text, input.reports)
  if (chosen > 0) {
    const elsewhere = input.reports.find((r, i) => i !== chosen && hasTags(r))
    return ownReply({
      ...input,
      reports: input.reports.slice(chosen),
      older: true,
      ...(elsewhere ? { elsewhere } : {}),
    })
  }
  const f = input.reports[0] as AnalysisFacts
  const { topic, unmeasured } = input.question
  let lines: string[]
  if (unmeasured === 'OPPONENTS' && (topic === 'GAME' || topic === 'ERRORS'))
    lines = [
      'O relatório traz os seus números e os da sua dupla, não os dos adversários: isso eu não tenho.',
      ...game(input, f).slice(0, 1),
    ]
  else if (unmeasured === 'BALL_SPEED' && topic !== 'MOVEMENT')
    lines = [
      'O relatório não mede a velocidade da bola, nem do smash nem do saque: o que ele mede de velocidade é a sua, correndo em quadra.',
      ...(TAGGED_TOPICS.has(topic) && hasTags(f)
        ? taggedAnswer(topic, input, f, f.tagged as TaggedFacts).slice(0, 1)
        : [`O seu pico correndo foi ${kmh(f.peak_speed_mps)} (${link(f, 'MOVEMENT')}).`]),
    ]
  else if (TAGGED_TOPICS.has(topic))
    lines = hasTags(f)
      ? taggedAnswer(topic, input, f, f.tagged as TaggedFacts)
      : input.elsewhere?.tagged
        ? [
            ...noTags(f, 'esses números').slice(0, 1),
            ...taggedAnswer(topic, input, input.elsewhere, input.elsewhere.tagged)
              .filter((l) => l.includes('](/videos/'))
              .slice(0, 1)
              .map(
                (l) =>
                  `Marcado ponto a ponto só tenho o outro jogo: ${l.charAt(0).toLowerCase()}${l.slice(1)}`,
              ),
          ]
        : noTags(
            f,
            topic === 'SERVE'
              ? 'os números do seu saque'
              : topic === 'SMASH'
                ? 'os números do seu smash'
                : topic === 'ERRORS'
                  ? 'a contagem de erros'
                  : 'a contagem de pontos',
          )
  else
    switch (topic) {
      case 'NET':
      case 'MID':
      case 'BACK':
        lines = zoneAnswer(topic, input, f)
        break
      case 'ZONES':
        lines = zoneAnswer(largestZone(f), input, f)
        break
      case 'MOVEMENT':
        lines = movement(input, f)
        break
      case 'RALLIES':
        lines = rallies(f)
        break
      case 'PARTNER':
        lines = partner(input, f)
        break
      case 'PROGRESS':
        lines = progress(input, f)
        break
      case 'TRAIN':
        lines = train(input, f)
        break
      default:
        lines = game(input, f)
    }
  if (unmeasured === 'DIRECTION') lines = [DIRECTION_MISSING, ...lines]
  if (unmeasured === 'BY_SET') lines = [BY_SET_MISSING, ...lines, ...closeClues(f)]
  return askedAgain(lines, input, f).join('\n\n')
}

/** What the tagged points say about a close finish, when the sets themselves are not split. */
function closeClues(f: AnalysisFacts): string[] {
  const t = f.tagged
  if (!t) return []
  const clues = [
    ...(t.golden_points.of > 0 ? [`pontos de ouro ${outOf(t.golden_points)}`] : []),
    `${t.unforced_errors} erros não forçados contra ${t.winners} winners`,
    ...(t.points_won_on_return.of > 0
      ? [`devolução com ${outOf(t.points_won_on_return)} pontos ganhos`]
      : []),
  ]
  return [
    `As pistas para um final apertado: ${joinPt(clues)}. É nesses pontos que um tie-break costuma escapar, e é por eles que eu começaria o treino.`,
  ]
}

const BY_SET_MISSING =
  'O relatório não separa os números por set: o tie-break não aparece à parte, só o placar final e os números do jogo inteiro; dá para tirar pistas deles.'

const DIRECTION_MISSING =
  'Direção da bola (paralela ou cruzada) e onde ela quicou o relatório não mede; o que ele tem é onde você estava, quanto se mexeu e, nos pontos marcados pelo analista, como cada ponto terminou.'

const BY_STROKE_MISSING =
  'O relatório conta os erros do jogo inteiro, mas não separa quantos foram de cada golpe; esse número por golpe eu não tenho.'

/** The same figure asked for again: one line recalling it, then what was not said yet. */
function askedAgain(lines: string[], input: OwnReplyInput, f: AnalysisFacts): string[] {
  const said = input.said
  if (!said) return lines
  // "quantas bolas eu errei de backhand?": what the report does not count comes first, then
  // the figure it does.
  const [prefix, body] =
    lines[0] === BY_STROKE_MISSING || lines[0] === DIRECTION_MISSING || lines[0] === BY_SET_MISSING
      ? [[lines[0]], lines.slice(1)]
      : [[], lines]
  const [lead, ...rest] = body
  if (lead === undefined) return lines
  // "só tenho 1h na quinta, o que priorizo?": a new constraint makes it a new question.
  if (
    input.question.topic === 'TRAIN' &&
    (input.days?.length || /\b\d+ ?(h|hora|horas|min)\b/.test(chatText(input.text)))
  )
    return lines
  if (!said.has(lead)) return [...prefix, lead, ...said.fresh(rest)]
  const topic = input.question.topic
  const fresh = said.fresh(rest)
  const angle = said.fresh(angleLines(topic))
  return [
    ...prefix,
    recapLine(topic, f, input.partnerGender, earlier(input.reports)),
    ...fresh,
    ...(fresh.length === 0 ? angle.slice(0, 1) : []),
  ]
}
