import { useEffect, useRef, type FormEvent } from 'react'
import type { User } from '../../lib/auth/auth-context'
import { Button } from '../../ui/button'
import { FormError } from '../../ui/text-field'
import {
  CardFieldset,
  Field,
  REQUIRED_FIELD,
  useLeftFields,
  withoutEmpty,
  type CardFields,
  type FieldErrors,
} from './card-fields'
import { cepAdvice, cpfAdvice, digits, maskCpf, ufAdvice } from './card-input'
import { lookupCep } from './cep-regions'

/** The billing data form, as the profile stores it. */
export type BillingFields = {
  name: string
  tax_id: string
  address_street: string
  address_number: string
  address_complement: string
  address_neighborhood: string
  address_city: string
  address_region_code: string
  address_postal_code: string
}

export { REQUIRED_MISSING } from './card-fields'

/** These must be filled; complement and neighbourhood may stay empty. */
const REQUIRED: (keyof BillingFields)[] = [
  'name',
  'tax_id',
  'address_street',
  'address_number',
  'address_city',
  'address_region_code',
  'address_postal_code',
]

/** The only check that holds the payment back: the required fields filled. */
export function billingMissing(billing: BillingFields): FieldErrors<keyof BillingFields> {
  const errors: FieldErrors<keyof BillingFields> = {}
  for (const key of REQUIRED) if (!billing[key].trim()) errors[key] = REQUIRED_FIELD
  return errors
}

/** What looks like a typo in the filled CPF, CEP and UF; shown under them, never blocking. */
export function billingAdvice(billing: BillingFields): FieldErrors<keyof BillingFields> {
  const { tax_id, address_postal_code: cep, address_region_code: uf } = billing
  return withoutEmpty({
    tax_id: tax_id.trim() ? cpfAdvice(tax_id) : null,
    address_postal_code: cep.trim() ? cepAdvice(cep) : null,
    address_region_code: uf.trim() ? ufAdvice(uf) : null,
  })
}

/**
 * Billing fields prefilled from the user. The full name is the one last given for billing; before
 * any, the account's name (which the coaches keep using whatever is typed here).
 */
export function billingFromUser(user: User | null): BillingFields {
  const p = user?.profile
  return {
    name: p?.billing_name ?? user?.name ?? '',
    tax_id: maskCpf(p?.tax_id ?? ''),
    address_street: p?.address_street ?? '',
    address_number: p?.address_number ?? '',
    address_complement: p?.address_complement ?? '',
    address_neighborhood: p?.address_neighborhood ?? '',
    address_city: p?.address_city ?? '',
    address_region_code: p?.address_region_code ?? '',
    address_postal_code: digits(p?.address_postal_code ?? '').slice(0, 8),
  }
}

/**
 * A new CEP fills the UF (and the city, for the big cities' ranges) when those are empty or were
 * filled by the previous CEP; what the player typed there is left alone.
 */
export function applyCep(prev: BillingFields, cep: string): BillingFields {
  const next = { ...prev, address_postal_code: cep }
  const before = lookupCep(prev.address_postal_code)
  const place = lookupCep(cep)
  if (!place) return next
  const uf = prev.address_region_code.trim().toUpperCase()
  if (!uf || uf === before?.uf) next.address_region_code = place.uf
  const city = prev.address_city.trim()
  if (!city || city === before?.city) next.address_city = place.city ?? ''
  return next
}

type CardFormProps = {
  billing: BillingFields
  card: CardFields
  billingErrors: FieldErrors<keyof BillingFields>
  cardErrors: FieldErrors<keyof CardFields>
  /** What the card will be charged, as the PIX tab says it. */
  amount: string | null
  keyReady: boolean
  busy: boolean
  error: string | null
  /** Changes on each refused submit: the first empty required field takes the focus. */
  focusSignal: number
  onBilling: (key: keyof BillingFields, value: string) => void
  onCard: (key: keyof CardFields, value: string) => void
  onSubmit: () => void
}

export function CardForm(props: CardFormProps) {
  const { billing, card, billingErrors, cardErrors, amount, keyReady, busy, error } = props
  const { focusSignal, onBilling, onCard, onSubmit } = props
  const formRef = useRef<HTMLFormElement>(null)
  const { leave, only } = useLeftFields<keyof BillingFields>()
  const advice = only(billingAdvice(billing))
  useEffect(() => {
    if (focusSignal) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusSignal])
  const field = (
    key: keyof BillingFields,
    label: string,
    extra: Partial<Parameters<typeof Field>[0]> = {},
  ) => (
    <Field
      label={label}
      value={billing[key]}
      error={billingErrors[key]}
      advice={advice[key]}
      required={REQUIRED.includes(key)}
      onBlur={() => leave(key)}
      onValue={(value) => onBilling(key, value)}
      {...extra}
    />
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit()
  }

  return (
    <form
      ref={formRef}
      className="checkout-form"
      noValidate
      onSubmit={submit}
      aria-label="Pagamento com cartão"
    >
      {amount ? (
        <p className="checkout-form__amount">
          Valor a cobrar no cartão: <strong>{amount}</strong>
        </p>
      ) : null}
      <fieldset className="checkout-form__group">
        <legend>Dados do titular</legend>
        {field('name', 'Nome completo', { autoComplete: 'name', wide: true })}
        {field('tax_id', 'CPF', {
          inputMode: 'numeric',
          autoComplete: 'off',
          placeholder: '000.000.000-00',
          maxLength: 14,
          onValue: (value) => onBilling('tax_id', maskCpf(value)),
        })}
      </fieldset>
      <fieldset className="checkout-form__group">
        <legend>Endereço de cobrança</legend>
        {field('address_postal_code', 'CEP', {
          hint: 'somente números',
          inputMode: 'numeric',
          autoComplete: 'postal-code',
          maxLength: 8,
          onValue: (value) => onBilling('address_postal_code', digits(value).slice(0, 8)),
          // A pasted "22021-001" would be cut at 8 characters before its dash is dropped.
          onPaste: (event) => {
            event.preventDefault()
            const input = event.currentTarget
            const pasted = event.clipboardData.getData('text')
            const start = input.selectionStart ?? input.value.length
            const end = input.selectionEnd ?? start
            const typed = input.value.slice(0, start) + pasted + input.value.slice(end)
            onBilling('address_postal_code', digits(typed).slice(0, 8))
          },
        })}
        {field('address_street', 'Rua', { autoComplete: 'address-line1', wide: true })}
        {field('address_number', 'Número', { inputMode: 'numeric', maxLength: 20 })}
        {field('address_complement', 'Complemento', { autoComplete: 'address-line2' })}
        {field('address_neighborhood', 'Bairro', { autoComplete: 'address-level3', maxLength: 80 })}
        {field('address_city', 'Cidade', { autoComplete: 'address-level2' })}
        {field('address_region_code', 'UF', {
          placeholder: 'Ex.: SP',
          maxLength: 2,
          autoCapitalize: 'characters',
          autoComplete: 'address-level1',
          onValue: (value) => onBilling('address_region_code', value.toUpperCase()),
        })}
      </fieldset>
      <CardFieldset legend="Cartão de crédito" card={card} errors={cardErrors} onChange={onCard} />
      <FormError message={error} />
      <Button type="submit" block busy={busy} disabled={!keyReady || busy}>
        {keyReady ? 'Pagar com Cartão' : 'Carregando chave...'}
      </Button>
      <p className="checkout-form__note">
        Os dados do cartão são criptografados no seu aparelho pelo PagBank e não ficam guardados no
        Areia.
      </p>
    </form>
  )
}
