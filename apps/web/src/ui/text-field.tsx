import { useId, type InputHTMLAttributes } from 'react'

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  hint?: string
  /** What is wrong with the value: shown under the field and read with it. */
  error?: string | null
}

export function TextField({ label, hint, error, id, className, ...input }: TextFieldProps) {
  const generated = useId()
  const inputId = id ?? generated
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const described = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        className="field__input"
        id={inputId}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        {...input}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        // Announced as it appears, like the form-level error: it may come from the server.
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

type ValueFieldProps = Omit<TextFieldProps, 'type' | 'onChange' | 'value'> & {
  value: string
  onValue: (value: string) => void
}

/** A required password input; `autoComplete` tells managers whether it is the current one. */
export function PasswordField({ onValue, ...props }: ValueFieldProps) {
  return <TextField type="password" required onChange={(e) => onValue(e.target.value)} {...props} />
}

export function EmailField({ onValue, ...props }: Omit<ValueFieldProps, 'label'>) {
  return (
    <TextField
      label="E-mail"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      required
      onChange={(e) => onValue(e.target.value)}
      {...props}
    />
  )
}

/** The form-level error line, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null
}

type NewPasswordFieldsProps = {
  password: string
  confirmation: string
  onPassword: (value: string) => void
  onConfirmation: (value: string) => void
}

/** A new password and its confirmation: the password change and the reset link ask the same. */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label="Nova senha"
        name="new-password"
        autoComplete="new-password"
        value={password}
        onValue={onPassword}
      />
      <PasswordField
        label="Confirmar nova senha"
        name="confirm-new-password"
        autoComplete="new-password"
        value={confirmation}
        onValue={onConfirmation}
      />
    </>
  )
}
