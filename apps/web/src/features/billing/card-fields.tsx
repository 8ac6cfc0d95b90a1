import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import {
  cardBrand,
  cardNumberProblem,
  cvvProblem,
  expiryProblem,
  maskCardNumber,
  maskExpiry,
  type CardBrand,
} from './card-input'

/** The card as typed (masked). Lives only in the page's memory, never stored nor logged. */
export type CardFields = { number: string; holder: string; expiry: string; cvv: string }

export const EMPTY_CARD: CardFields = { number: '', holder: '', expiry: '', cvv: '' }

export const REQUIRED_FIELD = 'Campo obrigatório'

export type FieldErrors<K extends string> = Partial<Record<K, string>>

/** Required first, then the shape of each field (Luhn, expiry in the future, CVV size). */
export function cardProblems(card: CardFields, now: Date): FieldErrors<keyof CardFields> {
  const errors: FieldErrors<keyof CardFields> = {}
  for (const key of ['number', 'holder', 'expiry', 'cvv'] as const) {
    if (!card[key].trim()) errors[key] = REQUIRED_FIELD
  }
  errors.number ??= cardNumberProblem(card.number) ?? undefined
  errors.expiry ??= expiryProblem(card.expiry, now) ?? undefined
  errors.cvv ??= cvvProblem(card.cvv, card.number) ?? undefined
  return withoutEmpty(errors)
}

export function withoutEmpty<K extends string>(errors: FieldErrors<K>): FieldErrors<K> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => Boolean(message)),
  ) as FieldErrors<K>
}

/** A field's error goes as soon as the player edits it: the next check is at the next submit. */
export function clearError<K extends string>(errors: FieldErrors<K>, key: K): FieldErrors<K> {
  if (!(key in errors)) return errors
  const next = { ...errors }
  delete next[key]
  return next
}

type CardFieldsetProps = {
  legend: string
  card: CardFields
  errors: FieldErrors<keyof CardFields>
  onChange: (key: keyof CardFields, value: string) => void
}

/** Number (with its brand), name printed on the card, expiry MM/AA and CVV; checkout and card change. */
export function CardFieldset({ legend, card, errors, onChange }: CardFieldsetProps) {
  const brand = cardBrand(card.number)
  return (
    <fieldset className="checkout-form__group checkout-form__group--card">
      <legend>{legend}</legend>
      <Field
        label="Número do cartão"
        value={card.number}
        error={errors.number}
        required
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        wide
        adornment={<BrandBadge brand={brand} />}
        onValue={(value) => onChange('number', maskCardNumber(value))}
      />
      <Field
        label="Nome impresso no cartão"
        value={card.holder}
        error={errors.holder}
        required
        autoComplete="cc-name"
        autoCapitalize="characters"
        wide
        onValue={(value) => onChange('holder', value)}
      />
      <Field
        label="Validade"
        value={card.expiry}
        error={errors.expiry}
        required
        placeholder="MM/AA"
        inputMode="numeric"
        autoComplete="cc-exp"
        maxLength={5}
        onValue={(value) => onChange('expiry', maskExpiry(value))}
      />
      <Field
        label="CVV"
        value={card.cvv}
        error={errors.cvv}
        required
        hint={brand?.cvvSize === 4 ? '4 dígitos na frente do cartão' : '3 dígitos no verso'}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
        onValue={(value) => onChange('cvv', value.replace(/\D/g, '').slice(0, 4))}
      />
    </fieldset>
  )
}

function BrandBadge({ brand }: { brand: CardBrand | null }) {
  return (
    <span className="card-brand" aria-live="polite">
      {brand ? (
        <span className={`card-brand__mark card-brand__mark--${brand.type}`}>
          <span className="visually-hidden">Bandeira: </span>
          {brand.label}
        </span>
      ) : null}
    </span>
  )
}

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value'> & {
  label: string
  value: string
  error: string | undefined
  hint?: string
  wide?: boolean
  adornment?: ReactNode
  onValue: (value: string) => void
}

/** A labelled input whose hint and error are tied to it (aria-describedby) and announced. */
export function Field({
  label,
  value,
  error,
  hint,
  wide,
  adornment,
  onValue,
  required,
  ...input
}: FieldProps) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean)
  return (
    <div className={`field ${wide ? 'field--wide' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? null : <span className="field__optional"> (opcional)</span>}
      </label>
      <div className={adornment ? 'field__control' : undefined}>
        <input
          id={id}
          className="field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={described.length ? described.join(' ') : undefined}
          onChange={(event) => onValue(event.target.value)}
          {...input}
        />
        {adornment}
      </div>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
