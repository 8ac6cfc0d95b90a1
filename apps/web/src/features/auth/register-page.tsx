import { useState, type FormEvent } from 'react'
import { Link, Navigate, useNavigate } from 'react-router'
import { PASSWORD_MIN_LENGTH } from '@areia/contracts/auth'
import { errorCode, errorMessage } from '../../lib/api-error'
import { useAuth } from '../../lib/auth/auth-context'
import { landingPath } from '../../lib/auth/landing'
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
import { CONFIRM_REQUIRED, emailProblem, found, newPasswordProblem } from './auth-validation'
import { startGoogleSignIn } from '../../lib/auth/google-sign-in'
import { registerUser } from './register-api'
import { TermsCheckbox } from './terms-checkbox'

export const PASSWORDS_DIFFER_MESSAGE = 'As senhas não coincidem!'
export const REGISTER_SUCCESS_MESSAGE = 'Cadastro realizado com sucesso! Por favor, faça o login.'
const REGISTER_ERROR_FALLBACK = 'Não foi possível realizar o cadastro.'

type Field = 'email' | 'password' | 'confirm'

export function RegisterPage() {
  const auth = useAuth()
  const navigate = useNavigate()
  const { showAlert } = useAlert()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [accepted, setAccepted] = useState(false)
  const { error, setError, errors, setErrors, edit } = useFormErrors<Field>()
  const [submitting, setSubmitting] = useState(false)
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid()

  if (auth.loading) return <Spinner label="Verificando autenticação..." fullPage />
  if (auth.isAuthenticated) return <Navigate to={landingPath(auth.user)} replace />

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(null)
    if (!accepted) return
    const problems = found<Field>({
      email: emailProblem(email),
      password: newPasswordProblem(password),
      confirm: confirm ? null : CONFIRM_REQUIRED,
    })
    setErrors(problems)
    if (Object.keys(problems).length) {
      focusFirstInvalid()
      return
    }
    if (password !== confirm) {
      await showAlert(PASSWORDS_DIFFER_MESSAGE)
      return
    }
    setSubmitting(true)
    try {
      await registerUser(email.trim(), password)
    } catch (err) {
      const message = errorMessage(err, REGISTER_ERROR_FALLBACK)
      // An address already in use is the e-mail field's problem, shown there.
      if (errorCode(err) === 'email_taken') {
        setErrors({ email: message })
        focusFirstInvalid()
      } else setError(message)
      setSubmitting(false)
      return
    }
    // The alert lives above the router, so it stays up over the login page.
    void showAlert(REGISTER_SUCCESS_MESSAGE, 'Cadastro concluído')
    await navigate('/login', { state: { email: email.trim().toLowerCase() } })
  }

  const onGoogle = () => void startGoogleSignIn(showAlert)

  return (
    <AuthLayout
      title="Criar conta"
      subtitle="Cadastre-se e monte seu time exclusivo de treinadores de IA."
      footer={
        <p>
          Já tem conta? <Link to="/login">Entrar</Link>
        </p>
      }
    >
      <AuthForm formRef={formRef} onSubmit={onSubmit}>
        <EmailField value={email} onValue={edit('email', setEmail)} error={errors.email} />
        <PasswordField
          label="Senha"
          name="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={`Pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`}
          value={password}
          onValue={edit('password', setPassword)}
          error={errors.password}
        />
        <PasswordField
          label="Confirmar senha"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onValue={edit('confirm', setConfirm)}
          error={errors.confirm}
        />
        <TermsCheckbox checked={accepted} onChange={setAccepted} />
        <FormError message={error} />
        <Button type="submit" block busy={submitting} disabled={!accepted || submitting}>
          Registrar
        </Button>
        <GoogleAlternative label="Cadastrar com Google" disabled={!accepted} onClick={onGoogle} />
      </AuthForm>
    </AuthLayout>
  )
}
