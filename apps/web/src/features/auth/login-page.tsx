import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, Navigate, useLocation, useSearchParams } from 'react-router'
import { ApiError } from '../../lib/api-error'
import { AuthFlowError, useAuth } from '../../lib/auth/auth-context'
import { landingPath } from '../../lib/auth/landing'
import { useHydrated } from '../../lib/use-hydrated'
import { useAlert } from '../../ui/alert-dialog'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'
import { PasswordField, EmailField, FormError } from '../../ui/text-field'
import {
  AuthForm,
  AuthLayout,
  GoogleAlternative,
  useFocusFirstInvalid,
  useFormErrors,
} from './auth-layout'
import { emailProblem, found, PASSWORD_REQUIRED } from './auth-validation'
import {
  forgetGoogleReturnPath,
  googleRedirectUri,
  googleReturnPath,
  startGoogleSignIn,
} from '../../lib/auth/google-sign-in'
import { TERMS_REQUIRED_MESSAGE, TermsCheckbox } from './terms-checkbox'

const LOGIN_ERROR_FALLBACK = 'Ocorreu um erro no login.'
const GOOGLE_ERROR_FALLBACK = 'Ocorreu um erro ao finalizar o login com Google.'

function screenMessage(error: unknown, fallback: string): string {
  if (error instanceof AuthFlowError) return error.message
  if (error instanceof ApiError && error.detail) return error.detail
  return fallback
}

export function LoginPage() {
  const auth = useAuth()
  const { showAlert } = useAlert()
  const [params, setParams] = useSearchParams()
  const googleCode = params.get('code')
  const [typed, setEmail] = useState<string | null>(null)
  const [password, setPassword] = useState('')
  const [accepted, setAccepted] = useState(false)
  const [termsError, setTermsError] = useState<string | null>(null)
  const [shake, setShake] = useState(0)
  const { error, setError, errors, setErrors, edit } = useFormErrors<'email' | 'password'>()
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid()
  const [submitting, setSubmitting] = useState(false)
  const [finishingGoogle, setFinishingGoogle] = useState(googleCode !== null)
  // A page that asked for a fresh Google sign-in (deleting the account) gets the player back.
  const [returnPath] = useState(() => (googleCode !== null ? googleReturnPath() : null))
  const handledCode = useRef<string | null>(null)
  const location = useLocation()
  const hydrated = useHydrated()
  const passed = (location.state as { email?: unknown } | null)?.email
  // Coming from the sign-up, the address just typed is filled in; only once live, so a
  // prerendered page hydrates with the same empty field it was built with.
  const email = typed ?? (hydrated && typeof passed === 'string' ? passed : '')

  // Google sends the player back here with ?code=…; exchange it once, then clean the URL. A
  // player already signed in is signing in again on purpose: the new session replaces theirs.
  useEffect(() => {
    if (!googleCode || handledCode.current === googleCode) return
    handledCode.current = googleCode
    setFinishingGoogle(true)
    auth
      .loginWithGoogle(
        { code: googleCode, state: params.get('state') ?? '', iss: params.get('iss') },
        googleRedirectUri(),
      )
      // Once the session is live this page renders its way out (below).
      .then(() => {
        forgetGoogleReturnPath()
        setFinishingGoogle(false)
      })
      .catch((err: unknown) => {
        forgetGoogleReturnPath()
        setParams({}, { replace: true })
        setFinishingGoogle(false)
        void showAlert(screenMessage(err, GOOGLE_ERROR_FALLBACK))
      })
  }, [googleCode, params, auth, setParams, showAlert])

  if (auth.loading) return <Spinner label="Verificando autenticação..." fullPage />
  if (finishingGoogle) return <Spinner label="Finalizando login..." fullPage />
  // However the session went live (already there, this form, Google), the page leaves by this one
  // redirect. Navigating from the submit as well made two navigations race: the second could land
  // after the console had already moved on to its first section.
  if (auth.isAuthenticated) return <Navigate to={returnPath ?? landingPath(auth.user)} replace />

  const requireTerms = () => {
    if (accepted) return true
    setTermsError(TERMS_REQUIRED_MESSAGE)
    setShake((n) => n + 1)
    return false
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(null)
    const problems = found({
      email: emailProblem(email),
      password: password ? null : PASSWORD_REQUIRED,
    })
    setErrors(problems)
    // Both are said at once: the fields' problems and the unticked terms.
    const termsAccepted = requireTerms()
    if (Object.keys(problems).length) {
      focusFirstInvalid()
      return
    }
    if (!termsAccepted) return
    setSubmitting(true)
    try {
      // On success the session is live and the page leaves by the redirect above.
      await auth.login(email.trim(), password)
    } catch (err) {
      setError(screenMessage(err, LOGIN_ERROR_FALLBACK))
      setSubmitting(false)
    }
  }

  const onGoogle = () => {
    if (!requireTerms()) return
    void startGoogleSignIn(showAlert)
  }

  return (
    <AuthLayout
      title="Entrar"
      subtitle="Bem-vindo de volta! Entre para falar com seus treinadores."
      footer={
        <p>
          Ainda não tem conta? <Link to="/register">Cadastre-se</Link>
        </p>
      }
    >
      <AuthForm formRef={formRef} onSubmit={onSubmit}>
        <EmailField value={email} onValue={edit('email', setEmail)} error={errors.email} />
        <PasswordField
          label="Senha"
          name="password"
          autoComplete="current-password"
          value={password}
          onValue={edit('password', setPassword)}
          error={errors.password}
        />
        <p className="auth-card__forgot">
          <Link to="/esqueci-senha" state={{ email: email.trim() }}>
            Esqueci minha senha
          </Link>
        </p>
        <TermsCheckbox
          checked={accepted}
          onChange={(checked) => {
            setAccepted(checked)
            if (checked) setTermsError(null)
          }}
          shakeSignal={shake}
          error={termsError}
        />
        <FormError message={error} />
        <Button type="submit" block busy={submitting}>
          Entrar
        </Button>
        <GoogleAlternative label="Entrar com Google" onClick={onGoogle} />
      </AuthForm>
    </AuthLayout>
  )
}
