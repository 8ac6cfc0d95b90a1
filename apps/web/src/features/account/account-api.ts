import { MessageBody } from '@areia/contracts'
import { apiRequest } from '../../lib/api-client'

export function changePassword(currentPassword: string, newPassword: string) {
  return apiRequest('/api/v1/users/me/password', {
    method: 'PATCH',
    body: { json: { current_password: currentPassword, new_password: newPassword } },
    schema: MessageBody,
  })
}

export function deleteAccount() {
  return apiRequest('/api/v1/users/me', { method: 'DELETE' })
}
