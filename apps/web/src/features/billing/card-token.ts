import { fetchPublicKey, tokenizeCard } from './billing-api'
import type { CardFields } from './card-fields'
import { digits } from './card-input'
import { encryptCard, loadPagBankSdk } from './pagbank-sdk'

/** PagBank's public key, once its SDK is loaded: the two a card is sealed with. */
export async function loadCardKey(): Promise<string> {
  const key = await fetchPublicKey()
  await loadPagBankSdk(key.sdk_url)
  return key.public_key
}

export const TOKEN_MISSING = 'Token de cartão não retornado.'

/**
 * Seals the card with PagBank's SDK in the browser and trades the ciphertext for a card token:
 * only the ciphertext, the holder and the expiry leave the device, and nothing of the card is
 * kept. The fields are sent as typed (only the number's spaces go): the provider judges them.
 */
export async function cardToken(
  publicKey: string | null,
  card: CardFields,
  holderFallback: string,
): Promise<string> {
  const holder = card.holder.trim() || holderFallback.trim()
  const expMonth = card.exp_month.trim()
  const expYear = card.exp_year.trim()
  const encrypted = encryptCard({
    publicKey: publicKey ?? '',
    holder,
    number: digits(card.number),
    expMonth,
    expYear,
    securityCode: card.cvv.trim(),
  })
  const token = await tokenizeCard({
    encrypted,
    holder,
    brand: '',
    exp_month: Number(expMonth),
    exp_year: Number(expYear),
  })
  if (!token.id) throw new Error(TOKEN_MISSING)
  return token.id
}
