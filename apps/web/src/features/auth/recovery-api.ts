import { MessageBody } from '@areia/contracts/errors'
import { z } from 'zod'
import { apiRequest } from '../../lib/api-client'

export function requestPasswordReset(email: string) {
  return apiRequest('/api/v1/auth/password-reset/request', {
    method: 'POST',
    auth: false,
    body: { json: { email } },
    schema: MessageBody,
  })
}

export function resetPassword(token: string, newPassword: string) {
  return apiRequest('/api/v1/auth/password-reset', {
    method: 'POST',
    auth: false,
    body: { json: { token, new_password: newPassword } },
    schema: MessageBody,
  })
}

export function confirmEmail(token: string) {
  return apiRequest('/api/v1/auth/email/confirm', {
    method: 'POST',
    auth: false,
    body: { json: { token } },
    schema: MessageBody.extend({ email: z.string() }),
  })
}
