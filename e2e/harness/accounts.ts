/** Accounts whose onboarding the harness marks finished, one per journey that needs the shell. */
export const SEEDED_PASSWORD = 'Areia-2025!'

export const SEEDED_ACCOUNTS = {
  /** Role ADMIN (set by the seed): the operations console journey. */
  admin: 'admin@areia.test',
  /** Role ANALYST (set by the seed): the analysis console at /analista. */
  analyst: 'analista@areia.test',
  /** Redeems the coupon the admin creates in admin.test.ts. */
  couponPlayer: 'cupom@areia.test',
  shell: 'shell@areia.test',
  refresh: 'refresh@areia.test',
  password: 'senha@areia.test',
  deletion: 'exclusao@areia.test',
  screensMobile: 'telas-celular@areia.test',
  screensDesktop: 'telas-computador@areia.test',
  pro: 'pro@areia.test',
  billingPix: 'assinatura-pix@areia.test',
  billingCard: 'assinatura-cartao@areia.test',
  /** "Meu Plano": Pro by card, Ultra with the credit, receipts, cancel and reactivate. */
  billingManage: 'meu-plano@areia.test',
  push: 'notificacoes@areia.test',
  pwa: 'app-instalado@areia.test',
  videosMobile: 'videos-celular@areia.test',
  videosDesktop: 'videos-computador@areia.test',
  videosCancel: 'videos-cancelar@areia.test',
  videosResume: 'videos-retomar@areia.test',
  /** An upload cut by a page reload, resumed with the same file. */
  videosReloadMobile: 'videos-recarregar-celular@areia.test',
  videosReloadDesktop: 'videos-recarregar-computador@areia.test',
  /** Meus Vídeos' cards in each stage of the analysis (videos-cards.test.ts). */
  videosCards: 'videos-cartoes@areia.test',
  /** Agent Store journey: a Pro player with a team, and a Free one (see agents-seed.ts). */
  agentsPro: 'agentes-pro@areia.test',
  agentsFree: 'agentes-gratis@areia.test',
  /** Ultra subscribers finding their way with the phone's tab bar (navigation.test.ts). */
  navMobile: 'navegacao-celular@areia.test',
  navDesktop: 'navegacao-computador@areia.test',
  /** A conversation longer than one page of bubbles (see chat-seed.ts). */
  longChat: 'conversa-longa@areia.test',
  /** Chat without a connection: the outbox and the conversation read offline (chat-outbox.test.ts). */
  outboxMobile: 'sem-sinal-celular@areia.test',
  outboxDesktop: 'sem-sinal-computador@areia.test',
  /** Address not confirmed yet: every banner the chat can show, one at a time (chat-banners.test.ts). */
  bannersMobile: 'avisos-celular@areia.test',
  bannersDesktop: 'avisos-computador@areia.test',
  /** Turning push on from the banner: what each outcome says (chat-banners.test.ts). */
  pushFeedbackMobile: 'avisos-push-celular@areia.test',
  pushFeedbackDesktop: 'avisos-push-computador@areia.test',
} as const

/** Players with a team of coaches (chat-seed.ts), whose questions get answers. */
export const TEAM_ACCOUNTS = [
  SEEDED_ACCOUNTS.outboxMobile,
  SEEDED_ACCOUNTS.outboxDesktop,
  SEEDED_ACCOUNTS.bannersMobile,
  SEEDED_ACCOUNTS.bannersDesktop,
]

/** Players who have not confirmed their address yet: the chat reminds them. */
export const UNCONFIRMED_ACCOUNTS = [SEEDED_ACCOUNTS.bannersMobile, SEEDED_ACCOUNTS.bannersDesktop]

/** Paying players with a `standard` subscription (its monthly video allowance), for videos.test.ts. */
export const VIDEO_ACCOUNTS = [
  SEEDED_ACCOUNTS.videosMobile,
  SEEDED_ACCOUNTS.videosDesktop,
  SEEDED_ACCOUNTS.videosCancel,
  SEEDED_ACCOUNTS.videosResume,
  SEEDED_ACCOUNTS.videosReloadMobile,
  SEEDED_ACCOUNTS.videosReloadDesktop,
  SEEDED_ACCOUNTS.videosCards,
]

/** Paying players with an `ultra` subscription. */
export const ULTRA_ACCOUNTS = [SEEDED_ACCOUNTS.navMobile, SEEDED_ACCOUNTS.navDesktop]

export type SeededAccount = keyof typeof SEEDED_ACCOUNTS

/** A fresh e-mail for journeys that sign up themselves. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@areia.test`
}

/** Accounts the local OpenID provider (standing in for Google) knows; any other login is verified. */
export const GOOGLE_TEST_ACCOUNTS = {
  'google-nao-verificado': {
    email: 'google-nao-verificado@areia.test',
    email_verified: false,
    name: 'Conta Sem Verificação',
  },
}
