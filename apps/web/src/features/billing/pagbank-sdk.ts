/** The part of PagBank's browser SDK we use: `PagSeguro.encryptCard` (ref: PagBank docs). */
export type EncryptCardInput = {
  publicKey: string
  holder: string
  number: string
  expMonth: string
  expYear: string
  securityCode: string
}

export type EncryptCardResult = {
  encryptedCard?: string | null
  hasErrors: boolean
  errors?: { code: string; message?: string }[]
}

export type PagSeguroSdk = { encryptCard: (input: EncryptCardInput) => EncryptCardResult }

declare global {
  interface Window {
    PagSeguro?: PagSeguroSdk
  }
}

export const SDK_OR_KEY_MISSING = 'SDK do PagBank ou chave pública ausente.'
export const ENCRYPTION_FAILED = 'Falha ao criptografar cartão.'

const loading = new Map<string, Promise<void>>()

/**
 * Adds the SDK's <script> once per URL (PagBank's CDN in production, the server's stand-in
 * offline). A failed load is forgotten so the next attempt tries again.
 */
export function loadPagBankSdk(url: string): Promise<void> {
  if (window.PagSeguro) return Promise.resolve()
  const known = loading.get(url)
  if (known) return known
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = url
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      script.remove()
      loading.delete(url)
      reject(new Error(SDK_OR_KEY_MISSING))
    }
    document.head.appendChild(script)
  })
  loading.set(url, promise)
  return promise
}

/** Seals the card in the browser; only the ciphertext ever leaves it. */
export function encryptCard(input: EncryptCardInput): string {
  const sdk = window.PagSeguro
  if (!sdk || !input.publicKey) throw new Error(SDK_OR_KEY_MISSING)
  let result: EncryptCardResult
  try {
    result = sdk.encryptCard(input)
  } catch {
    throw new Error(ENCRYPTION_FAILED)
  }
  if (result.hasErrors || !result.encryptedCard) throw new Error(ENCRYPTION_FAILED)
  return result.encryptedCard
}
