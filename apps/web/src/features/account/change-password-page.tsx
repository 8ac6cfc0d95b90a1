import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { errorMessage } from '../../lib/api-error'
import { useAuth } from '../../lib/auth/auth-context'
import { Button } from '../../ui/button'
import { FormError, NewPasswordFields, PasswordField } from '../../ui/text-field'
import { SUCCESS_NOTIFICATION_DURATION_MS, useToast } from '../../ui/toast'
import { changePassword } from './account-api'
import { ChangeEmailCard } from './change-email-card'
import { passwordChangeError } from './password-rules'

const CHANGE_ERROR_FALLBACK = 'Ocorreu um erro. Verifique sua senha atual.'
const CHANGE_SUCCESS_FALLBACK = 'Senha alterada com sucesso!'
export const RELOGIN_NEEDED_MESSAGE =
  'Senha alterada com sucesso! Por segurança, entre novamente com a nova senha.'

export function ChangePasswordPage() {
  const { user, login, logout } = useAuth()
  const { showToast } = useToast()
  const navigate = useNavigate()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const invalid = passwordChangeError(current, next, confirmation)
    setError(invalid)
    if (invalid) return
    setSubmitting(true)
    let message: string
    try {
      message = (await changePassword(current, next)).message || CHANGE_SUCCESS_FALLBACK
    } catch (err) {
      setError(errorMessage(err, CHANGE_ERROR_FALLBACK))
      setSubmitting(false)
      return
    }
    // The server ends every session on a password change. The player just proved they know the
    // new password, so we sign them back in with it instead of sending them to the login page.
    try {
      if (!user) throw new Error('no user')
      await login(user.email, next)
      setCurrent('')
      setNext('')
      setConfirmation('')
      setSubmitting(false)
      showToast(message, 'success', SUCCESS_NOTIFICATION_DURATION_MS)
    } catch {
      await logout({ remote: false })
      showToast(RELOGIN_NEEDED_MESSAGE, 'success', SUCCESS_NOTIFICATION_DURATION_MS)
      await navigate('/login', { replace: true })
    }
  }

  return (
    <section className="page page--narrow" aria-labelledby="password-title">
      <div className="card">
        <h1 id="password-title" className="page__title">
          Alterar Senha
        </h1>
        <p className="page__lead">
          Escolha uma senha nova com pelo menos 6 caracteres. Você continuará conectado neste
          aparelho; os outros aparelhos precisarão entrar de novo.
        </p>
        <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <PasswordField
            label="Senha atual"
            name="current-password"
            autoComplete="current-password"
            value={current}
            onValue={setCurrent}
          />
          <NewPasswordFields
            password={next}
            confirmation={confirmation}
            onPassword={setNext}
            onConfirmation={setConfirmation}
          />
          <FormError message={error} />
          <Button type="submit" block busy={submitting}>
            Alterar Senha
          </Button>
        </form>
      </div>
      <ChangeEmailCard />
    </section>
  )
}
