import { RegisterResponse } from '@areia/contracts/auth'
import { apiRequest } from '../../lib/api-client'

export function registerUser(email: string, password: string) {
  return apiRequest('/api/v1/auth/register/', {
    method: 'POST',
    auth: false,
    body: { json: { email, password } },
    schema: RegisterResponse,
  })
}
