import { useId, type FormEvent, type InputHTMLAttributes } from 'react'
import type { User } from '../../lib/auth/auth-context'
import { Button } from '../../ui/button'

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

/** SPEC §3 card form (the brand is never asked). Lives only in this page's memory. */
export type CardFields = {
  number: string
  holder: string
  exp_month: string
  exp_year: string
  cvv: string
}

export type CheckoutForm = BillingFields & CardFields

export const REQUIRED_MISSING = 'Preencha os campos obrigatórios destacados.'

/** SPEC §5: these must be filled; complement and neighbourhood may stay empty. */
const REQUIRED: (keyof CheckoutForm)[] = [
  'name',
  'tax_id',
  'address_street',
  'address_number',
  'address_city',
  'address_region_code',
  'address_postal_code',
  'number',
  'holder',
  'exp_month',
  'exp_year',
  'cvv',
]

export function missingFields(form: CheckoutForm): (keyof CheckoutForm)[] {
  return REQUIRED.filter((key) => !form[key].trim())
}

/** SPEC §2/§4: billing fields prefilled from the user; the card always starts empty. */
export function formFromUser(user: User | null): CheckoutForm {
  const p = user?.profile
  return {
    name: user?.name ?? '',
    tax_id: p?.tax_id ?? '',
    address_street: p?.address_street ?? '',
    address_number: p?.address_number ?? '',
    address_complement: p?.address_complement ?? '',
    address_neighborhood: p?.address_neighborhood ?? '',
    address_city: p?.address_city ?? '',
    address_region_code: p?.address_region_code ?? '',
    address_postal_code: p?.address_postal_code ?? '',
    number: '',
    holder: '',
    exp_month: '',
    exp_year: '',
    cvv: '',
  }
}

type CardFormProps = {
  form: CheckoutForm
  invalid: (keyof CheckoutForm)[]
  keyReady: boolean
  busy: boolean
  error: string | null
  onChange: (key: keyof CheckoutForm, value: string) => void
  onSubmit: () => void
}

export function CardForm({
  form,
  invalid,
  keyReady,
  busy,
  error,
  onChange,
  onSubmit,
}: CardFormProps) {
  const field = (
    key: keyof CheckoutForm,
    label: string,
    props: Omit<InputHTMLAttributes<HTMLInputElement>, 'value'> & {
      hint?: string
      wide?: boolean
    } = {},
  ) => (
    <Field
      label={label}
      value={form[key]}
      invalid={invalid.includes(key)}
      required={REQUIRED.includes(key)}
      onValue={(value) => onChange(key, value)}
      {...props}
    />
  )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit()
  }

  return (
    <form className="checkout-form" noValidate onSubmit={submit} aria-label="Pagamento com cartão">
      <fieldset className="checkout-form__group">
        <legend>Dados do titular</legend>
        {field('name', 'Nome completo', { autoComplete: 'name', wide: true })}
        {field('tax_id', 'CPF', { inputMode: 'numeric', autoComplete: 'off', maxLength: 14 })}
      </fieldset>
      <fieldset className="checkout-form__group">
        <legend>Endereço de cobrança</legend>
        {field('address_street', 'Rua', { autoComplete: 'address-line1', wide: true })}
        {field('address_number', 'Número', { inputMode: 'numeric', maxLength: 20 })}
        {field('address_complement', 'Complemento', { autoComplete: 'address-line2' })}
        {field('address_neighborhood', 'Bairro', { maxLength: 80 })}
        {field('address_city', 'Cidade', { autoComplete: 'address-level2' })}
        {field('address_region_code', 'UF', {
          placeholder: 'Ex.: SP',
          maxLength: 2,
          autoCapitalize: 'characters',
          autoComplete: 'address-level1',
        })}
        {field('address_postal_code', 'CEP', {
          hint: 'somente números',
          inputMode: 'numeric',
          autoComplete: 'postal-code',
          maxLength: 9,
        })}
      </fieldset>
      <fieldset className="checkout-form__group checkout-form__group--card">
        <legend>Cartão de crédito</legend>
        {field('number', 'Número do cartão', {
          inputMode: 'numeric',
          autoComplete: 'cc-number',
          maxLength: 23,
          wide: true,
        })}
        {field('holder', 'Nome impresso no cartão', { autoComplete: 'cc-name', wide: true })}
        {field('exp_month', 'Mês', {
          placeholder: 'MM',
          inputMode: 'numeric',
          autoComplete: 'cc-exp-month',
          maxLength: 2,
        })}
        {field('exp_year', 'Ano', {
          placeholder: 'AAAA',
          inputMode: 'numeric',
          autoComplete: 'cc-exp-year',
          maxLength: 4,
        })}
        {field('cvv', 'CVV', { inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4 })}
      </fieldset>
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

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value'> & {
  label: string
  value: string
  invalid: boolean
  hint?: string
  wide?: boolean
  onValue: (value: string) => void
}

export function Field({
  label,
  value,
  invalid,
  hint,
  wide,
  onValue,
  required,
  ...input
}: FieldProps) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter(Boolean)
  return (
    <div className={`field ${wide ? 'field--wide' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? null : <span className="field__optional"> (opcional)</span>}
      </label>
      <input
        id={id}
        className="field__input"
        value={value}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={described.length ? described.join(' ') : undefined}
        onChange={(event) => onValue(event.target.value)}
        {...input}
      />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p className="field__error" id={`${id}-error`}>
          Campo obrigatório
        </p>
      ) : null}
    </div>
  )
}
