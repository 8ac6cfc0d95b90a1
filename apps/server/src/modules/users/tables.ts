import {
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  DominantHand,
  Gender,
  OnboardingStatus,
  PaymentStatus,
  PlayerCategory,
  Role,
  UserStatus,
} from '@areia/contracts'
import { values, createdAt } from '../../db/columns'

export const roleEnum = pgEnum('role', values(Role.options))
export const userStatusEnum = pgEnum('user_status', values(UserStatus.options))
export const paymentStatusEnum = pgEnum('payment_status', values(PaymentStatus.options))
export const onboardingStatusEnum = pgEnum('onboarding_status', values(OnboardingStatus.options))
export const playerCategoryEnum = pgEnum('player_category', values(PlayerCategory.options))
export const dominantHandEnum = pgEnum('dominant_hand', values(DominantHand.options))
export const genderEnum = pgEnum('gender', values(Gender.options))

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Always stored lower-cased (the service normalises), so a plain unique index suffices. */
  email: text('email').notNull().unique(),
  /** Null for accounts that only sign in with Google. */
  passwordHash: text('password_hash'),
  name: text('name'),
  role: roleEnum('role').notNull().default('USER'),
  status: userStatusEnum('status').notNull().default('ACTIVE'),
  paymentStatus: paymentStatusEnum('payment_status').notNull().default('FREE'),
  onboardingStatus: onboardingStatusEnum('onboarding_status').notNull().default('NOT_STARTED'),
  /** When the player proved the address is theirs (a link sent there, or Google saying so). */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One row per user: billing fields and the coaching profile. */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  selectedPlanName: text('selected_plan_name'),
  /**
   * The full name the billing form asks for (card holder, payer): billing uses it; the app and
   * the coaches keep calling the player by `users.name`, the name chosen when signing up.
   */
  billingName: text('billing_name'),
  taxId: text('tax_id'),
  addressStreet: text('address_street'),
  addressNumber: text('address_number'),
  addressComplement: text('address_complement'),
  addressNeighborhood: text('address_neighborhood'),
  addressCity: text('address_city'),
  addressRegionCode: text('address_region_code'),
  addressPostalCode: text('address_postal_code'),
  category: playerCategoryEnum('category'),
  heightCm: integer('height_cm'),
  dominantHand: dominantHandEnum('dominant_hand'),
  gender: genderEnum('gender'),
  /** Free text from onboarding: what the player wants from their game. */
  goal: text('goal'),
  goalFocus: text('goal_focus'),
  /** Training sessions a week, as the onboarding understood the answer. */
  trainingPerWeek: integer('training_per_week'),
  /** CBT age group (Sub-14, 40+…), when the player gave one. */
  ageGroup: text('age_group'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * What the law makes us keep after an account is deleted (section 5 of the privacy policy): paid
 * orders (fiscal records, CTN arts. 173 and 195) and sign-in records (Marco Civil da Internet
 * art. 15), pseudonymised: no user id, e-mail, name or CPF, only a random `subject` shared by the
 * records of one deleted account. A daily job deletes them after `keep_until`.
 */
export const retainedRecords = pgTable(
  'retained_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subject: uuid('subject').notNull(),
    kind: text('kind').$type<'PAYMENT' | 'ACCESS'>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    keepUntil: timestamp('keep_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('retained_records_keep_until_idx').on(t.keepUntil)],
)
