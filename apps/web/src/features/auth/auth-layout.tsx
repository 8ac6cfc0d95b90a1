import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react'
import { useHydrated } from '../../lib/use-hydrated'
import { BrandMark } from '../../ui/brand-mark'
import { Button } from '../../ui/button'
import { Icon } from '../../ui/icons'
import { without, type AuthErrors } from './auth-validation'
import { GoogleIcon } from './google-icon'

type AuthLayoutProps = { title: string; subtitle: string; children: ReactNode; footer: ReactNode }

/** Set by public/session-gate.js while a stored session may still send the player on. */
export const SESSION_CHECK_CLASS = 'session-check'

export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  // Rendered only once the session is known to be absent: the form may now be seen.
  useEffect(() => document.documentElement.classList.remove(SESSION_CHECK_CLASS), [])
  return (
    <main className="auth-page">
      <div className="auth-page__hero">
        <BrandMark size={56} />
        <p className="auth-page__brand">Areia</p>
        <p className="auth-page__tagline">Seu time de treinadores de IA para o beach tennis.</p>
        <ul className="auth-page__perks">
          <li>
            <Icon name="chat" /> Treinadores técnico, mental e estatístico, feitos para o seu jogo
          </li>
          <li>
            <Icon name="video" /> Análise dos seus jogos em vídeo, por IA e por analistas
          </li>
          <li>
            <Icon name="ball" /> Tudo em português, no seu ritmo, dentro e fora da quadra
          </li>
        </ul>
      </div>
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        <p className="auth-card__subtitle">{subtitle}</p>
        {children}
        <div className="auth-card__footer">{footer}</div>
      </section>
    </main>
  )
}

/**
 * The fields of a prerendered form (src/prerender.tsx): disabled until the page is live, so
 * nothing is typed into HTML that hydration would reset, nor sent natively before the app runs.
 */
export function LiveFields({ children }: { children: ReactNode }) {
  const hydrated = useHydrated()
  return (
    <fieldset className="form__fields" disabled={!hydrated}>
      {children}
    </fieldset>
  )
}

/** A sign-in or sign-up form: checked by the page (noValidate), its fields live once hydrated. */
export function AuthForm({
  formRef,
  onSubmit,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>
  children: ReactNode
}) {
  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <LiveFields>{children}</LiveFields>
    </form>
  )
}

/**
 * A form's errors: one per field, and the form's own (the server's answer). `edit` wraps a
 * field's setter: a changed field drops its error, and the form's, which was about what was sent.
 */
export function useFormErrors<F extends string>() {
  const [error, setError] = useState<string | null>(null)
  const [errors, setErrors] = useState<AuthErrors<F>>({})
  const edit = (field: F, set: (value: string) => void) => (value: string) => {
    set(value)
    setErrors((current) => without(current, field))
    setError(null)
  }
  return { error, setError, errors, setErrors, edit }
}

/**
 * After a refused submit the first field in error takes the focus, and is read with its error:
 * `formRef` goes on the form, `focusFirstInvalid` is called once the errors are set.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null)
  const [focusSignal, setFocusSignal] = useState(0)
  useEffect(() => {
    if (focusSignal) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusSignal])
  return { formRef, focusFirstInvalid: () => setFocusSignal((n) => n + 1) }
}

/** The "ou" divider and the Google button under an e-mail form. */
export function GoogleAlternative({
  label,
  disabled,
  onClick,
}: {
  label: string
  disabled?: boolean
  onClick: () => void
}) {
  return (
    <>
      <div className="divider" aria-hidden="true">
        <span>ou</span>
      </div>
      <Button variant="google" block icon={<GoogleIcon />} disabled={disabled} onClick={onClick}>
        {label}
      </Button>
    </>
  )
}
