import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import {
  cardBrand,
  cvvSizeAdvice,
  digits,
  maskCardNumber,
  monthAdvice,
  numberAdvice,
  yearAdvice,
  type CardBrand,
} from './card-input'

/** The card as typed. Lives only in the page's memory, never stored nor logged. */
export type CardFields = {
  number: string
  holder: string
  exp_month: string
  exp_year: string
  cvv: string
}

export const EMPTY_CARD: CardFields = {
  number: '',
  holder: '',
  exp_month: '',
  exp_year: '',
  cvv: '',
}

export const REQUIRED_FIELD = 'Campo obrigatório'
export const REQUIRED_MISSING = 'Preencha os campos obrigatórios destacados.'

export type FieldErrors<K extends string> = Partial<Record<K, string>>

/** The only check that holds the payment back: every card field filled. */
export function cardMissing(card: CardFields): FieldErrors<keyof CardFields> {
  const errors: FieldErrors<keyof CardFields> = {}
  for (const key of Object.keys(EMPTY_CARD) as (keyof CardFields)[]) {
    if (!card[key].trim()) errors[key] = REQUIRED_FIELD
  }
  return errors
}

/** What looks like a typo in the filled card fields; shown under them, never blocking. */
export function cardAdvice(card: CardFields, now: Date): FieldErrors<keyof CardFields> {
  const filled = (key: keyof CardFields) => card[key].trim() !== ''
  return withoutEmpty({
    number: filled('number') ? numberAdvice(card.number) : null,
    exp_month: filled('exp_month') ? monthAdvice(card.exp_month) : null,
    exp_year: filled('exp_year') ? yearAdvice(card.exp_year, card.exp_month, now) : null,
    cvv: filled('cvv') ? cvvSizeAdvice(card.cvv, card.number) : null,
  })
}

export function withoutEmpty<K extends string>(
  found: Partial<Record<K, string | null | undefined>>,
): FieldErrors<K> {
  return Object.fromEntries(
    Object.entries(found).filter(([, message]) => Boolean(message)),
  ) as FieldErrors<K>
}

/** A field's error goes as soon as the player edits it: the next check is at the next submit. */
export function clearError<K extends string>(errors: FieldErrors<K>, key: K): FieldErrors<K> {
  if (!(key in errors)) return errors
  const next = { ...errors }
  delete next[key]
  return next
}

/**
 * Which fields the player has left at least once: advice waits for that, so a number is not
 * called invalid while it is still being typed.
 */
export function useLeftFields<K extends string>() {
  const [left, setLeft] = useState<ReadonlySet<K>>(new Set())
  const leave = (key: K) => setLeft((prev) => (prev.has(key) ? prev : new Set(prev).add(key)))
  const only = (advice: FieldErrors<K>): FieldErrors<K> =>
    withoutEmpty(
      Object.fromEntries(
        Object.entries(advice).map(([key, message]) => [key, left.has(key as K) ? message : null]),
      ) as Partial<Record<K, string | null>>,
    )
  return { leave, only }
}

type CardFieldsetProps = {
  legend: string
  card: CardFields
  errors: FieldErrors<keyof CardFields>
  onChange: (key: keyof CardFields, value: string) => void
}

/**
 * Number (with its brand), name printed on the card, month MM, year AAAA and CVV; checkout and
 * card change alike.
 */
export function CardFieldset({ legend, card, errors, onChange }: CardFieldsetProps) {
  const brand = cardBrand(card.number)
  const { leave, only } = useLeftFields<keyof CardFields>()
  const advice = only(cardAdvice(card, new Date()))
  // Month, year and CVV: digits only, at most `size` of them, advised once left.
  const digitsOnly = (key: 'exp_month' | 'exp_year' | 'cvv', size: number) => ({
    value: card[key],
    error: errors[key],
    advice: advice[key],
    required: true,
    inputMode: 'numeric' as const,
    maxLength: size,
    onBlur: () => leave(key),
    onValue: (value: string) => onChange(key, digits(value).slice(0, size)),
  })
  return (
    <fieldset className="checkout-form__group checkout-form__group--card">
      <legend>{legend}</legend>
      <Field
        label="Número do cartão"
        value={card.number}
        error={errors.number}
        advice={advice.number}
        required
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        wide
        adornment={<BrandBadge brand={brand} />}
        onBlur={() => leave('number')}
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
        label="Mês"
        placeholder="MM"
        autoComplete="cc-exp-month"
        {...digitsOnly('exp_month', 2)}
      />
      <Field
        label="Ano"
        placeholder="AAAA"
        autoComplete="cc-exp-year"
        {...digitsOnly('exp_year', 4)}
      />
      <Field
        label="CVV"
        hint={brand?.cvvSize === 4 ? '4 dígitos na frente do cartão' : '3 dígitos no verso'}
        autoComplete="cc-csc"
        {...digitsOnly('cvv', 4)}
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
  /** A possible typo, said politely; unlike the error it does not hold the form back. */
  advice?: string
  hint?: string
  wide?: boolean
  adornment?: ReactNode
  onValue: (value: string) => void
}

/** A labelled input whose hint, error and advice are tied to it (aria-describedby). */
export function Field({
  label,
  value,
  error,
  advice,
  hint,
  wide,
  adornment,
  onValue,
  required,
  ...input
}: FieldProps) {
  const id = useId()
  // A missing value outranks advice about its shape.
  const note = error ? null : advice
  const described = [
    hint ? `${id}-hint` : '',
    error ? `${id}-error` : '',
    note ? `${id}-advice` : '',
  ].filter(Boolean)
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
      <FieldNote id={id} kind="hint" text={hint} />
      <FieldNote id={id} kind="error" text={error} />
      <FieldNote id={id} kind="advice" text={note} />
    </div>
  )
}

/** One of a field's notes, with the id its input's aria-describedby points at. */
function FieldNote({
  id,
  kind,
  text,
}: {
  id: string
  kind: string
  text: string | null | undefined
}) {
  return text ? (
    <p className={`field__${kind}`} id={`${id}-${kind}`}>
      {text}
    </p>
  ) : null
}
