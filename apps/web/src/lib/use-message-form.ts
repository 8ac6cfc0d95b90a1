import { useState, type FormEvent } from 'react'
import { errorMessage } from './api-error'

/**
 * A form whose one request answers with a message to show: the answer once sent, the error
 * (the server's detail, else `fallback`) and whether it is on its way.
 */
export function useMessageForm(fallback: string) {
  const [sent, setSent] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const submit = async (
    event: FormEvent<HTMLFormElement>,
    request: () => Promise<{ message: string }>,
    onSent?: () => void,
  ) => {
    event.preventDefault()
    setError(null)
    setSubmitting(true)
    try {
      setSent((await request()).message)
      onSent?.()
    } catch (err) {
      setError(errorMessage(err, fallback))
    } finally {
      setSubmitting(false)
    }
  }
  return { sent, error, submitting, submit }
}
