import { useEffect, useRef, type FormEvent } from 'react'
import type { User } from '../../lib/auth/auth-context'
import { Button } from '../../ui/button'
import {
  CardFieldset,
  Field,
  REQUIRED_FIELD,
  withoutEmpty,
  type CardFields,
  type FieldErrors,
} from './card-fields'
import { cepProblem, cpfProblem, maskCep, maskCpf, ufProblem } from './card-input'
import { lookupCep } from './cep-regions'

/** SPEC §3 billing data form, as the profile stores it. */
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

export const REQUIRED_MISSING = 'Preencha os campos obrigatórios destacados.'
export const CHECK_FIELDS = 'Confira os campos destacados.'

/** SPEC §5: these must be filled; complement and neighbourhood may stay empty. */
const REQUIRED: (keyof BillingFields)[] = [
  'name',
  'tax_id',
  'address_street',
  'address_number',
  'address_city',
  'address_region_code',
  'address_postal_code',
]

export function billingProblems(billing: BillingFields): FieldErrors<keyof BillingFields> {
  const errors: FieldErrors<keyof BillingFields> = {}
  for (const key of REQUIRED) if (!billing[key].trim()) errors[key] = REQUIRED_FIELD
  errors.tax_id ??= cpfProblem(billing.tax_id) ?? undefined
  errors.address_postal_code ??= cepProblem(billing.address_postal_code) ?? undefined
  errors.address_region_code ??= ufProblem(billing.address_region_code) ?? undefined
  return withoutEmpty(errors)
}

/** The form-level line: missing fields first (the SPEC's words), else a format to fix. */
export function formProblem(errors: Record<string, string | undefined>): string | null {
  const messages = Object.values(errors)
  if (messages.length === 0) return null
  return messages.includes(REQUIRED_FIELD) ? REQUIRED_MISSING : CHECK_FIELDS
}

/**
 * Billing fields prefilled from the saved profile. The full name starts empty: the account's name
 * is the nickname the coaches use, rarely the name the bank knows.
 */
export function billingFromUser(user: User | null): BillingFields {
  const p = user?.profile
  return {
    name: '',
    tax_id: maskCpf(p?.tax_id ?? ''),
    address_street: p?.address_street ?? '',
    address_number: p?.address_number ?? '',
    address_complement: p?.address_complement ?? '',
    address_neighborhood: p?.address_neighborhood ?? '',
    address_city: p?.address_city ?? '',
    address_region_code: p?.address_region_code ?? '',
    address_postal_code: maskCep(p?.address_postal_code ?? ''),
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
  /** Changes on each refused submit: the first highlighted field takes the focus. */
  focusSignal: number
  onBilling: (key: keyof BillingFields, value: string) => void
  onCard: (key: keyof CardFields, value: string) => void
  onSubmit: () => void
}

export function CardForm(props: CardFormProps) {
  const { billing, card, billingErrors, cardErrors, amount, keyReady, busy, error } = props
  const { focusSignal, onBilling, onCard, onSubmit } = props
  const formRef = useRef<HTMLFormElement>(null)
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
      required={REQUIRED.includes(key)}
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
          placeholder: '00000-000',
          maxLength: 9,
          onValue: (value) => onBilling('address_postal_code', maskCep(value)),
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
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
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
