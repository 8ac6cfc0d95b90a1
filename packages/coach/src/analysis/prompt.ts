import type { AnalysisFacts } from '@areia/contracts'
import { gameParts, num, pct } from './reply'
import { taggedPromptLines } from './tagged'

const one = (v: number) => num(v, 1)

/**
 * The system prompt's section on the player's analysed game: the figures the model may quote,
 * with their meaning, or the plain statement that there are none (so it invents nothing).
 */
export function analysisLines(facts: AnalysisFacts | null): string {
  if (!facts)
    return [
      '## Jogos analisados do jogador',
      '- Nenhuma análise de vídeo publicada ainda. Se ele perguntar sobre o próprio jogo (tempo na rede, deslocamento, ralis, posição da dupla), diga com honestidade que ainda não há números dele e convide a enviar um vídeo pelo **Enviar Vídeo**; não cite números dele.',
    ].join('\n')
  const game = gameParts(facts)
  const lines = [
    '## Números do último jogo analisado do jogador (use exatamente estes, nunca outros)',
    `- Jogo: ${game.length > 0 ? game.join(', ') : 'data e resultado não informados'}`,
    `- Tempo perto da rede (até 3 m): ${pct(facts.net_share)}; meio (3–5,5 m): ${pct(facts.mid_share)}; fundo: ${pct(facts.back_share)}`,
    `- Distância percorrida: ${num(facts.distance_m)} m; velocidade média ${one(facts.avg_speed_mps)} m/s; pico ${one(facts.peak_speed_mps)} m/s`,
    `- Distância média até o parceiro: ${one(facts.avg_partner_distance_m)} m`,
    facts.partner_net_share === null
      ? '- Tempo do parceiro perto da rede: não medido'
      : `- Tempo do parceiro perto da rede: ${pct(facts.partner_net_share)}`,
    `- Ralis: ${facts.rallies}; mais longo ${one(facts.longest_rally_sec)} s; bola em jogo ${num(facts.total_play_sec)} s no total`,
    ...(facts.tagged
      ? taggedPromptLines(facts.tagged)
      : [
          '- A análise mede posição, deslocamento, ralis e a dupla; não conta golpes, erros, saques nem pontos: não invente esses números.',
        ]),
    '- Para interpretar: a bola nunca quica, então a rede é onde se ganham os pontos; a quadra tem 16 × 8 m (cada dupla em 8 × 8 m); dupla lado a lado costuma ficar a uns 3–4 m (referência geral). Dê uma ou duas sugestões concretas de treino a partir dos números.',
  ]
  return lines.join('\n')
}
