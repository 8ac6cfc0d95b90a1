import { z } from 'zod'

export const Role = z.enum(['USER', 'ANALYST', 'ADMIN'])
export type Role = z.infer<typeof Role>

/** Account standing, independent of payment. */
export const UserStatus = z.enum(['ACTIVE', 'WAITING_LIST', 'BLOCKED'])
export type UserStatus = z.infer<typeof UserStatus>

export const PaymentStatus = z.enum(['FREE', 'WAITING_LIST', 'PAYMENT_PENDING', 'PAYMENT_OK'])
export type PaymentStatus = z.infer<typeof PaymentStatus>

export const OnboardingStatus = z.enum([
  'NOT_STARTED',
  'IN_PROGRESS',
  'INTRODUCTION_PENDING',
  'COMPLETED',
])
export type OnboardingStatus = z.infer<typeof OnboardingStatus>

/** Beach tennis categories as Brazilian tournaments name them. */
export const PlayerCategory = z.enum(['INICIANTE', 'D', 'C', 'B', 'A', 'PROFISSIONAL'])
export type PlayerCategory = z.infer<typeof PlayerCategory>

export const DominantHand = z.enum(['RIGHT', 'LEFT'])
export type DominantHand = z.infer<typeof DominantHand>

export const Gender = z.enum(['MALE', 'FEMALE', 'OTHER', 'UNDISCLOSED'])
export type Gender = z.infer<typeof Gender>

export const BillingCycle = z.enum(['MONTHLY', 'YEARLY'])
export type BillingCycle = z.infer<typeof BillingCycle>

export const PaymentMethod = z.enum(['PIX', 'CARD'])
export type PaymentMethod = z.infer<typeof PaymentMethod>
