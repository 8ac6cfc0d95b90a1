import { useState, type FormEvent } from 'react'
import { Link, useLocation } from 'react-router'
import { useMessageForm } from '../../lib/use-message-form'
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
  const { sent, error, submitting, submit } = useMessageForm(REQUEST_ERROR_FALLBACK)
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event, () => requestPasswordReset(email.trim()))

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
