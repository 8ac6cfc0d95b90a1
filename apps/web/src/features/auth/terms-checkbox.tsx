import { Link } from 'react-router'

export const TERMS_REQUIRED_MESSAGE = 'Você deve aceitar os termos para continuar.'

type TermsCheckboxProps = {
  checked: boolean
  onChange: (checked: boolean) => void
  /** Bumped by the form each time the player tries to go on without accepting. */
  shakeSignal?: number
  error?: string | null
}

export function TermsCheckbox({ checked, onChange, shakeSignal = 0, error }: TermsCheckboxProps) {
  // A new key remounts the box on every failed attempt, so the shake animation replays each time.
  return (
    <div key={shakeSignal} className={error ? 'terms terms--shake' : 'terms'} data-testid="terms">
      <label className="terms__label">
        <input
          type="checkbox"
          className="terms__box"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'terms-error' : undefined}
        />
        <span>
          Li e aceito os{' '}
          <Link to="/terms" target="_blank" rel="noopener noreferrer">
            Termos de Uso
          </Link>{' '}
          e a{' '}
          <Link to="/privacy" target="_blank" rel="noopener noreferrer">
            Política de Privacidade
          </Link>
          .
        </span>
      </label>
      {error ? (
        <p id="terms-error" className="form-error form-error--inline" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
