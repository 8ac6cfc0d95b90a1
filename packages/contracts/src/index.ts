export * from './enums'
export * from './errors'
export * from './auth'
export * from './users'
export * from './legal'
export * from './coaching'
export * from './chat'
export * from './billing'
export * from './jobs'
export * from './notifications'
export * from './google'
export * from './videos'
export * from './agents'
export * from './admin'

import { z } from 'zod'
// Messages of zod's own checks (those without a message of ours) in Brazilian Portuguese.
z.config(z.locales.ptBR())
