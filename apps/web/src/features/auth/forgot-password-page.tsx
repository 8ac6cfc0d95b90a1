import { useState, type FormEvent } from 'react'
import { Link, useLocation } from 'react-router'
import { errorMessage } from '../../lib/api-error'
import { Button } from '../../ui/button'
import { EmailField, FormError } from '../../ui/text-field'
import { AuthLayout } from './auth-layout'
import { requestPasswordReset } from './recovery-api'

const REQUEST_ERROR_FALLBACK = 'Não foi possível enviar o link agora. Tente novamente.'

/** "Esqueci minha senha": the address gets a link to choose a new password. */
export function ForgotPasswordPage() {
  const location = useLocation()
  const typed = (location.state as { email?: unknown } | null)?.email
  const [email, setEmail] = useState(typeof typed === 'string' ? typed : '')
  const [sent, setSent] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(null)
    setSubmitting(true)
    try {
      setSent((await requestPasswordReset(email.trim())).message)
    } catch (err) {
      setError(errorMessage(err, REQUEST_ERROR_FALLBACK))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthLayout
      title="Esqueci minha senha"
      subtitle="Informe o e-mail da sua conta e enviaremos um link para você criar uma senha nova."
      footer={
        <p>
          Lembrou a senha? <Link to="/login">Voltar para o login</Link>
        </p>
      }
    >
      {sent ? (
        <p className="auth-card__notice" role="status">
          {sent}
        </p>
      ) : (
        <form className="form" onSubmit={(event) => void onSubmit(event)}>
          <EmailField value={email} onValue={setEmail} />
          <FormError message={error} />
          <Button type="submit" block busy={submitting}>
            Enviar link
          </Button>
        </form>
      )}
    </AuthLayout>
  )
}
