import type { PublicKeyResponse, TokenizeCardBody } from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db } from '../../adapters/db'
import type { PaymentGateway } from '../../adapters/payments'
import { AppError } from '../../errors'
import type { CheckoutStore } from './checkout-store'
import { CARD_TOKEN_TTL_MS } from './policy'

export interface CardServiceDeps {
  db: Db
  store: CheckoutStore
  gateway: PaymentGateway
  clock: Clock
  sdkUrl: string
}

/**
 * The card's way in. PagBank's SDK seals the card in the browser with PagBank's public key;
 * we only ever hold that sealed blob, which only PagBank can open.
 */
export class CardService {
  private readonly db: Db
  private readonly store: CheckoutStore
  private readonly gateway: PaymentGateway
  private readonly clock: Clock
  private readonly sdkUrl: string

  constructor(deps: CardServiceDeps) {
    ;({
      db: this.db,
      store: this.store,
      gateway: this.gateway,
      clock: this.clock,
      sdkUrl: this.sdkUrl,
    } = deps)
  }

  async publicKey(): Promise<PublicKeyResponse> {
    try {
      return { public_key: await this.gateway.publicKey(), sdk_url: this.sdkUrl }
    } catch {
      throw new AppError(502, 'Não foi possível obter a chave pública do PagBank.', {
        code: 'payment_provider_unavailable',
      })
    }
  }

  /**
   * The Orders API stores a card only with a first charge, so the "token" is ours: a short-lived
   * reference to the still-sealed card, in the database so any node can take the order, used
   * once by the order that charges it and purged by the hourly sweep when left unused.
   */
  async tokenize(userId: string, body: TokenizeCardBody): Promise<{ id: string }> {
    const now = this.clock.now()
    if (Date.UTC(body.exp_year, body.exp_month, 1) <= now.getTime()) {
      throw new AppError(422, 'Cartão vencido. Confira a validade ou use outro cartão.', {
        code: 'card_expired',
      })
    }
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body.encrypted)) {
      throw new AppError(422, 'Dados do cartão inválidos.', { code: 'card_invalid' })
    }
    const id = await this.store.insertCardToken(this.db, {
      userId,
      encrypted: body.encrypted,
      holder: body.holder,
      expiresAt: new Date(now.getTime() + CARD_TOKEN_TTL_MS),
      now,
    })
    return { id }
  }
}
