import { useEffect, useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import { FormError } from '../../ui/text-field'
import { billingKeys, changeCard } from './billing-api'
import {
  CardFieldset,
  cardMissing,
  clearError,
  EMPTY_CARD,
  REQUIRED_MISSING,
  type CardFields,
  type FieldErrors,
} from './card-fields'
import { cardToken, loadCardKey } from './card-token'
import { cardErrorMessage, PUBLIC_KEY_FAILED } from './checkout-page'

export const CARD_CHANGED = 'Cartão alterado. As próximas renovações serão cobradas nele.'

/**
 * "Alterar Pagamento": a new card for the renewals, sealed by PagBank's SDK in the browser like
 * the checkout's, checked by the server with an authorisation it releases at once.
 */
export function ChangeCardDialog({
  open,
  onClose,
  onChanged,
}: {
  open: boolean
  onClose: () => void
  onChanged: () => void
}) {
  const queryClient = useQueryClient()
  const [card, setCard] = useState<CardFields>(EMPTY_CARD)
  const [errors, setErrors] = useState<FieldErrors<keyof CardFields>>({})
  const [publicKey, setPublicKey] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!open || publicKey) return
    let cancelled = false
    loadCardKey().then(
      (key) => {
        if (!cancelled) setPublicKey(key)
      },
      () => {
        if (!cancelled) setError(PUBLIC_KEY_FAILED)
      },
    )
    return () => {
      cancelled = true
    }
  }, [open, publicKey])

  const close = () => {
    setCard(EMPTY_CARD)
    setErrors({})
    setError(null)
    onClose()
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // Only empty fields hold the card back; the provider judges the rest.
    const found = cardMissing(card)
    setErrors(found)
    if (Object.keys(found).length) {
      setError(null)
      const form = event.currentTarget
      window.setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0)
      return
    }
    if (busy) return
    setBusy(true)
    setError(null)
    try {
      const token = await cardToken(publicKey, card, '')
      const next = await changeCard({ card_token: token, card_cvv: card.cvv.trim() })
      queryClient.setQueryData(billingKeys.subscription, next)
      setCard(EMPTY_CARD)
      onChanged()
    } catch (err) {
      setError(cardErrorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open={open} title="Alterar Pagamento" onClose={close}>
      <form
        className="checkout-form"
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label="Novo cartão"
      >
        <CardFieldset
          legend="Novo cartão de crédito"
          card={card}
          errors={errors}
          onChange={(key, value) => {
            setCard((c) => ({ ...c, [key]: value }))
            setErrors((e) => clearError(e, key))
          }}
        />
        <FormError message={error ?? (Object.keys(errors).length ? REQUIRED_MISSING : null)} />
        <Button type="submit" block busy={busy} disabled={!publicKey || busy}>
          {publicKey ? 'Salvar cartão' : 'Carregando chave...'}
        </Button>
        <p className="checkout-form__note">
          Para confirmar o cartão, o PagBank faz uma autorização de R$ 1,00 que é desfeita na hora:
          nada é cobrado agora. As próximas renovações serão cobradas neste cartão.
        </p>
      </form>
    </Modal>
  )
}
