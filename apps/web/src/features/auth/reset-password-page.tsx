import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { errorMessage } from '../../lib/api-error'
import { useAuth } from '../../lib/auth/auth-context'
import { useAlert } from '../../ui/alert-dialog'
import { Button } from '../../ui/button'
import { FormError, NewPasswordFields } from '../../ui/text-field'
import { AuthLayout } from './auth-layout'
import { resetPassword } from './recovery-api'

const RESET_ERROR_FALLBACK = 'Não foi possível redefinir a senha. Peça um novo link.'
const TOO_SHORT = 'A nova senha deve ter pelo menos 6 caracteres.'
const MISMATCH = 'A nova senha e a confirmação não correspondem.'

/** The page the reset e-mail links to: a new password ends every session of the account. */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const { showAlert } = useAlert()
  const { isAuthenticated, logout } = useAuth()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const invalid = password.length < 6 ? TOO_SHORT : password !== confirmation ? MISMATCH : null
    setError(invalid)
    if (invalid) return
    setSubmitting(true)
    let message: string
    try {
      message = (await resetPassword(token, password)).message
    } catch (err) {
      setError(errorMessage(err, RESET_ERROR_FALLBACK))
      setSubmitting(false)
      return
    }
    // Every session ended on the server, this browser's too.
    if (isAuthenticated) await logout({ remote: false })
    // The alert lives above the router, so it stays up over the login page.
    void showAlert(message, 'Senha redefinida')
    await navigate('/login', { replace: true })
  }

  return (
    <AuthLayout
      title="Criar nova senha"
      subtitle="Escolha uma senha nova com pelo menos 6 caracteres. Depois, entre com ela em todos os aparelhos."
      footer={
        <p>
          O link expirou? <Link to="/esqueci-senha">Peça um novo</Link>
        </p>
      }
    >
      {token ? (
        <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
          />
          <FormError message={error} />
          <Button type="submit" block busy={submitting}>
            Salvar nova senha
          </Button>
        </form>
      ) : (
        <p className="form-error" role="alert">
          Este link está incompleto. Abra o link do e-mail de novo ou peça um novo.
        </p>
      )}
    </AuthLayout>
  )
}
