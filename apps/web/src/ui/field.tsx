import type { ReactNode } from 'react'

/**
 * A label over its control, in the app's field style; a hint goes under it as `<id>-hint`, which
 * the control names in `aria-describedby`.
 */
export function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string
  label: string
  hint?: string
  children: ReactNode
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** A labelled select; `placeholder` is a first, empty choice. */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  placeholder,
  className = 'field__input',
}: {
  id: string
  label: string
  value: string
  /** Value and label of each choice, in order. */
  options: ReadonlyArray<readonly [string, string]>
  onChange: (value: string) => void
  placeholder?: string
  className?: string
}) {
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        className={className}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  )
}
