/**
 * The plans seeded on first start. After that they live in the database, where operators
 * change prices, limits and spots; nothing in the code reads these numbers again.
 */
export const SEED_PLANS = [
  {
    slug: 'free',
    name: 'Free Trial',
    priceMonthlyCents: 0,
    priceYearlyCents: 0,
    trialDays: 7,
    dailyMessageLimit: 20,
    monthlyVideoLimit: 0,
    humanReview: false,
    analysisTurnaroundHours: 24,
    partnerAgentLimit: 0,
    position: 0,
    features: [
      '7 dias para conhecer a sua equipe de coaches de IA',
      'Até 20 mensagens por dia no chat',
      'Planos de treino e dicas personalizadas',
    ],
  },
  {
    slug: 'standard',
    name: 'Pro',
    priceMonthlyCents: 5990,
    priceYearlyCents: 59900,
    trialDays: null,
    dailyMessageLimit: null,
    monthlyVideoLimit: 4,
    humanReview: false,
    analysisTurnaroundHours: 12,
    partnerAgentLimit: 1,
    position: 1,
    features: [
      'Chat ilimitado com a sua equipe de coaches',
      'Análise por visão computacional de até 4 vídeos por mês',
      'Relatório de cada jogo com estatísticas e pontos a melhorar',
      '1 agente parceiro da Agent Store na conversa',
    ],
  },
  {
    slug: 'ultra',
    name: 'Ultra',
    priceMonthlyCents: 11990,
    priceYearlyCents: 119900,
    trialDays: null,
    dailyMessageLimit: null,
    monthlyVideoLimit: 12,
    humanReview: true,
    analysisTurnaroundHours: 6,
    partnerAgentLimit: 3,
    position: 2,
    features: [
      'Tudo do Pro',
      'Até 12 vídeos por mês',
      'Comentário escrito do analista em cada análise',
      'Até 3 agentes parceiros da Agent Store na conversa',
    ],
  },
] as const

/** Seeded only in embedded mode, so someone trying the product offline can see a discount. */
export const DEMO_COUPON = { code: 'AREIA10', discountPercentage: 10 } as const
