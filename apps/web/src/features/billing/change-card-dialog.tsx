import { useEffect, useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'
import { billingKeys, changeCard, fetchPublicKey, tokenizeCard } from './billing-api'
import { Field, type CardFields } from './card-form'
import { cardErrorMessage, PUBLIC_KEY_FAILED, TOKEN_MISSING } from './checkout-page'
import { encryptCard, loadPagBankSdk } from './pagbank-sdk'

export const CARD_CHANGED = 'Cartão alterado. As próximas renovações serão cobradas nele.'

const EMPTY: CardFields = { number: '', holder: '', exp_month: '', exp_year: '', cvv: '' }

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
  const [card, setCard] = useState<CardFields>(EMPTY)
  const [invalid, setInvalid] = useState<(keyof CardFields)[]>([])
  const [publicKey, setPublicKey] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!open || publicKey) return
    let cancelled = false
    fetchPublicKey()
      .then(async (key) => {
        await loadPagBankSdk(key.sdk_url)
        if (!cancelled) setPublicKey(key.public_key)
      })
      .catch(() => {
        if (!cancelled) setError(PUBLIC_KEY_FAILED)
      })
    return () => {
      cancelled = true
    }
  }, [open, publicKey])

  const close = () => {
    setCard(EMPTY)
    setInvalid([])
    setError(null)
    onClose()
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const missing = (Object.keys(EMPTY) as (keyof CardFields)[]).filter((k) => !card[k].trim())
    setInvalid(missing)
    if (missing.length || busy) return
    setBusy(true)
    setError(null)
    try {
      const holder = card.holder.trim()
      const encrypted = encryptCard({
        publicKey: publicKey ?? '',
        holder,
        number: card.number.replace(/\s/g, ''),
        expMonth: card.exp_month.trim(),
        expYear: card.exp_year.trim(),
        securityCode: card.cvv.trim(),
      })
      const token = await tokenizeCard({
        encrypted,
        holder,
        brand: '',
        exp_month: Number(card.exp_month),
        exp_year: Number(card.exp_year),
      })
      if (!token.id) throw new Error(TOKEN_MISSING)
      const next = await changeCard({ card_token: token.id, card_cvv: card.cvv.trim() })
      queryClient.setQueryData(billingKeys.subscription, next)
      setCard(EMPTY)
      onChanged()
    } catch (err) {
      setError(cardErrorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  const field = (key: keyof CardFields, label: string, props: Record<string, unknown> = {}) => (
    <Field
      label={label}
      value={card[key]}
      invalid={invalid.includes(key)}
      required
      onValue={(value) => {
        setCard((c) => ({ ...c, [key]: value }))
        if (value.trim()) setInvalid((list) => list.filter((k) => k !== key))
      }}
      {...props}
    />
  )

  return (
    <Modal open={open} title="Alterar Pagamento" onClose={close}>
      <form
        className="checkout-form"
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label="Novo cartão"
      >
        <fieldset className="checkout-form__group checkout-form__group--card">
          <legend>Novo cartão de crédito</legend>
          {field('number', 'Número do cartão', {
            inputMode: 'numeric',
            autoComplete: 'cc-number',
            maxLength: 23,
            wide: true,
          })}
          {field('holder', 'Nome impresso no cartão', { autoComplete: 'cc-name', wide: true })}
          {field('exp_month', 'Mês', { placeholder: 'MM', inputMode: 'numeric', maxLength: 2 })}
          {field('exp_year', 'Ano', { placeholder: 'AAAA', inputMode: 'numeric', maxLength: 4 })}
          {field('cvv', 'CVV', { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 })}
        </fieldset>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
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
