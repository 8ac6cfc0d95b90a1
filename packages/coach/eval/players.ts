// The accounts the graded sets are run on: what each player answers in onboarding, and the
// reports published for them before the turns.
import type { AnalysisFacts, Plan } from '@areia/contracts'
import type { Account } from './converse'

/** A category-D player's last two matches: lost the newer (tagged), won the older. */
export const FERNANDA_REPORTS: AnalysisFacts[] = [
  {
    video_id: 12,
    published_at: '2026-12-06T15:00:00.000Z',
    game_date: '2026-12-05',
    game_outcome: 'LOST',
    game_score: '4/6 6/3 4/10',
    distance_m: 1420,
    avg_speed_mps: 1.1,
    peak_speed_mps: 4.8,
    net_share: 0.22,
    mid_share: 0.46,
    back_share: 0.32,
    avg_partner_distance_m: 3.9,
    rallies: 41,
    longest_rally_sec: 26,
    total_play_sec: 570,
    partner_net_share: 0.38,
    tagged: {
      score_line: '4/6 6/3 4/10',
      points_tagged: 24,
      team_points_won: { value: 11, of: 24 },
      serves_in: { value: 9, of: 10 },
      points_won_on_serve: { value: 6, of: 10 },
      points_won_on_return: { value: 5, of: 14 },
      winners: 4,
      unforced_errors: 7,
      best_stroke: { stroke: 'smash', winners: 3 },
      smashes_converted: { value: 3, of: 6 },
      net_points_won: { value: 5, of: 8 },
      golden_points: { value: 1, of: 3 },
    },
  },
  {
    video_id: 9,
    published_at: '2026-11-23T12:00:00.000Z',
    game_date: '2026-11-21',
    game_outcome: 'WON',
    game_score: '6/4 6/2',
    distance_m: 1210,
    avg_speed_mps: 1.0,
    peak_speed_mps: 4.5,
    net_share: 0.31,
    mid_share: 0.38,
    back_share: 0.31,
    avg_partner_distance_m: 3.2,
    rallies: 35,
    longest_rally_sec: 19,
    total_play_sec: 480,
    partner_net_share: 0.36,
    tagged: null,
  },
]

export const PLAYERS: Record<string, Account> = {
  /** The 2026-12-07 set's first player: a left-handed woman in category C. */
  'shared-A': {
    seed: 'shared-A',
    reports: [],
    answers: {
      NAME: 'Juliana',
      CATEGORY: 'Categoria C',
      AGE_GROUP: '34 anos',
      HEIGHT: '1,66 m',
      HAND: 'Canhota',
      GENDER: 'Feminino',
      GOAL: 'quero subir pra categoria B no ano que vem',
      FREQUENCY: '3 vezes por semana',
    },
  },
  /** Its second: a right-handed male beginner of 47. */
  'shared-B': {
    seed: 'shared-B',
    reports: [],
    answers: {
      NAME: 'Marcos',
      CATEGORY: 'Iniciante, comecei faz uns 4 meses',
      AGE_GROUP: '47 anos',
      HEIGHT: '1,80 m',
      HAND: 'Destro',
      GENDER: 'Masculino',
      GOAL: 'pegar o jeito do jogo e conseguir jogar os torneios internos do clube',
      FREQUENCY: '2 vezes por semana',
    },
  },
  /** The blind sets' first player: a right-handed woman in category D, with two reports. */
  'blind-A': {
    seed: 'blind-A',
    reports: FERNANDA_REPORTS,
    answers: {
      NAME: 'Fernanda',
      CATEGORY: 'categoria D',
      AGE_GROUP: '29 anos',
      HEIGHT: '1,62',
      HAND: 'destra',
      GENDER: 'Feminino',
      GOAL: 'ganhar meu primeiro torneio',
      FREQUENCY: '2x por semana',
    },
  },
  /** Their second: a left-handed man in category B, 52, back from a shoulder injury, no report. */
  'blind-B': {
    seed: 'blind-B',
    reports: [],
    answers: {
      NAME: 'Ricardo',
      CATEGORY: 'B',
      AGE_GROUP: '52 anos',
      HEIGHT: '1,83 m',
      HAND: 'canhoto',
      GENDER: 'Masculino',
      GOAL: 'voltar a competir depois de uma lesão no ombro',
      FREQUENCY: '4 vezes por semana',
    },
  },
  /** The third blind set's first player: a left-handed man in category D, with the same two reports. */
  'h3-A': {
    seed: 'h3-A',
    reports: FERNANDA_REPORTS,
    answers: {
      NAME: 'thiago',
      CATEGORY: 'categoria D',
      AGE_GROUP: '36',
      HEIGHT: '1,78',
      HAND: 'canhoto',
      GENDER: 'masculino',
      GOAL: 'ganhar meu primeiro torneio na D e subir pra C em 2027',
      FREQUENCY: '2 a 3x por semana',
    },
  },
  /** Its second: a right-handed woman of 53 in category B, after shoulder surgery, no report. */
  'h3-B': {
    seed: 'h3-B',
    reports: [],
    answers: {
      NAME: 'Claudia',
      CATEGORY: 'B',
      AGE_GROUP: '53',
      HEIGHT: '1,63',
      HAND: 'destra',
      GENDER: 'feminino',
      GOAL: 'voltar a jogar torneio sem dor no ombro, operei o manguito do ombro direito em março/25',
      FREQUENCY: '2x na semana',
    },
  },
}

/** The plans on sale, as the plans API lists them in the embedded mode. */
export const LIVE_PLANS: Plan[] = [
  {
    id: 1,
    slug: 'free',
    name: 'Free Trial',
    price_monthly: 0,
    price_annually: 0,
    trial_days: 7,
    available: true,
    features: [
      '7 dias para conhecer a sua equipe de coaches de IA',
      'Até 20 mensagens por dia no chat',
      'Planos de treino e dicas personalizadas',
    ],
  },
  {
    id: 2,
    slug: 'standard',
    name: 'Pro',
    price_monthly: 59.9,
    price_annually: 599,
    trial_days: null,
    available: true,
    features: [
      'Chat ilimitado com a sua equipe de coaches',
      'Análise por visão computacional de até 4 vídeos por mês',
      'Relatório de cada jogo com estatísticas e pontos a melhorar',
      '1 agente parceiro da Agent Store na conversa',
    ],
  },
  {
    id: 3,
    slug: 'ultra',
    name: 'Ultra',
    price_monthly: 119.9,
    price_annually: 1199,
    trial_days: null,
    available: true,
    features: [
      'Tudo do Pro',
      'Até 12 vídeos por mês',
      'Comentário escrito do analista em cada análise',
      'Até 3 agentes parceiros da Agent Store na conversa',
    ],
  },
]
