import { MessageBody } from '@areia/contracts/errors'
import { apiBlob, apiRequest } from '../../lib/api-client'
import { isoDay } from '../../lib/save-file'

export function changePassword(currentPassword: string, newPassword: string) {
  return apiRequest('/api/v1/users/me/password', {
    method: 'PATCH',
    body: { json: { current_password: currentPassword, new_password: newPassword } },
    schema: MessageBody,
  })
}

export function resendConfirmation() {
  return apiRequest('/api/v1/users/me/email/confirmation', { method: 'POST', schema: MessageBody })
}

export function changeEmail(email: string, currentPassword: string) {
  return apiRequest('/api/v1/users/me/email', {
    method: 'PUT',
    body: { json: { email, current_password: currentPassword } },
    schema: MessageBody,
  })
}

/** The typed phrase, and the password of an account that has one. */
export function deleteAccount(confirmation: string, password: string | undefined) {
  return apiRequest('/api/v1/users/me', {
    method: 'DELETE',
    body: { json: { confirmation, ...(password === undefined ? {} : { password }) } },
  })
}

/** Everything the product keeps about the player (LGPD art. 18), as the server's JSON file. */
export function downloadMyData() {
  return apiBlob('/api/v1/users/me/export')
}

/** The name the server gives the file too: areia-dados-YYYY-MM-DD.json. */
export const myDataFileName = (at: Date) => `areia-dados-${isoDay(at)}.json`
