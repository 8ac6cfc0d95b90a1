/** A labelled select in the app's field style; `placeholder` is a first, empty choice. */
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
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
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
    </div>
  )
}
