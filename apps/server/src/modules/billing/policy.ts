import type { BillingCycle } from '@areia/contracts'

/**
 * The timing rules of billing in one place. They are terms of the service, not tuning knobs:
 * changing one changes what players were promised, so they live here next to their reasons.
 */
const DAY_MS = 86_400_000

/** How long a checkout PIX QR code can be paid. */
export const PIX_TTL_MS = 30 * 60_000

/** A sealed card waits this long for its order (the player is on the checkout page). */
export const CARD_TOKEN_TTL_MS = 15 * 60_000

/** A PIX subscriber gets the next period's code this long before the period ends. */
export const PIX_RENEWAL_NOTICE_MS = 3 * DAY_MS

/** Cards are charged in the sweep before the period ends, so access never lapses in between. */
export const CARD_RENEWAL_LEAD_MS = 60 * 60_000

/** After a failed renewal, access stays this long (PAST_DUE) for the player to pay. */
export const GRACE_MS = 3 * DAY_MS

/** CDC art. 49: seven days to withdraw from a purchase made outside a shop, full refund. */
export const WITHDRAWAL_MS = 7 * DAY_MS

export const GATEWAY_DOWN = 'O provedor de pagamento não respondeu. Tente novamente em instantes.'

export const itemName = (planName: string, cycle: BillingCycle) =>
  `Areia ${planName} ${cycle === 'MONTHLY' ? 'Mensal' : 'Anual'}`

/** PagBank's `payment_response.message` (upper case, no accents) in words a player reads. */
export function cardDeclinedMessage(gatewayMessage: string | null): string {
  const m = (gatewayMessage ?? '').toUpperCase()
  if (m.includes('VENCIDO') || m.includes('EXPIRADO')) {
    return 'Pagamento recusado: o cartão está vencido. Use outro cartão.'
  }
  if (m.includes('SEGURANCA') || m.includes('CVV')) {
    return 'Pagamento recusado: o código de segurança (CVV) não confere. Confira e tente novamente.'
  }
  if (m.includes('SALDO') || m.includes('LIMITE')) {
    return 'Pagamento recusado: limite insuficiente no cartão. Use outro cartão ou pague com PIX.'
  }
  return 'Pagamento recusado pelo emissor do cartão. Confira os dados ou use outro cartão.'
}
