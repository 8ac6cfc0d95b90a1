import type {
  OnboardingStatus,
  PaymentStatus,
  ProfileUpdateBody,
  Role,
  UserStatusResponse,
} from '@areia/contracts'
import type { Clock } from '../../adapters/clock'
import type { Db, DbOrTx } from '../../adapters/db'
import { AppError, isUniqueViolation, notFound } from '../../errors'
import type { ProfilePatch, ProfileRow, UserRow, UsersStore } from './store'

export type { UserRow }

/** A profile nobody has filled in yet. */
export const EMPTY_PROFILE: UserStatusResponse['profile'] = {
  selected_plan_name: null,
  billing_name: null,
  tax_id: null,
  address_street: null,
  address_number: null,
  address_complement: null,
  address_neighborhood: null,
  address_city: null,
  address_region_code: null,
  address_postal_code: null,
  category: null,
  height_cm: null,
  dominant_hand: null,
  gender: null,
  goal: null,
  goal_focus: null,
  training_per_week: null,
  age_group: null,
}

export function toProfile(profile: ProfileRow): UserStatusResponse['profile'] {
  return {
    selected_plan_name: profile.selectedPlanName,
    billing_name: profile.billingName,
    tax_id: profile.taxId,
    address_street: profile.addressStreet,
    address_number: profile.addressNumber,
    address_complement: profile.addressComplement,
    address_neighborhood: profile.addressNeighborhood,
    address_city: profile.addressCity,
    address_region_code: profile.addressRegionCode,
    address_postal_code: profile.addressPostalCode,
    category: profile.category,
    height_cm: profile.heightCm,
    dominant_hand: profile.dominantHand,
    gender: profile.gender,
    goal: profile.goal,
    goal_focus: profile.goalFocus,
    training_per_week: profile.trainingPerWeek,
    age_group: profile.ageGroup,
  }
}

/** The account fields every view of a user (the player's, the console's, the export) starts with. */
export function accountFields(
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'role' | 'status' | 'paymentStatus'>,
) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    status: user.status,
    payment_status: user.paymentStatus,
  }
}

function toStatus(user: UserRow, profile: ProfileRow | null): UserStatusResponse {
  return {
    ...accountFields(user),
    onboarding_status: user.onboardingStatus,
    created_at: user.createdAt.toISOString(),
    email_verified: user.emailVerifiedAt !== null,
    has_password: user.passwordHash !== null,
    profile: profile ? toProfile(profile) : EMPTY_PROFILE,
  }
}

/** Fields only the billing form sends: a body with any of them is a billing save. */
const BILLING_KEYS = [
  'tax_id',
  'address_street',
  'address_number',
  'address_complement',
  'address_neighborhood',
  'address_city',
  'address_region_code',
  'address_postal_code',
] as const

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly store: UsersStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Creates the account; the e-mail must already be normalised. `emailVerified` when the
   * address is proven already (Google says so).
   */
  async create(
    email: string,
    passwordHash: string | null,
    opts: { emailVerified?: boolean } = {},
  ): Promise<UserRow> {
    const verifiedAt = opts.emailVerified ? this.clock.now() : null
    try {
      return await this.db.transaction((tx) =>
        this.store.insert(tx, email, passwordHash, verifiedAt),
      )
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken()
      throw err
    }
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.store.findByEmail(this.db, email)
  }

  findById(id: string, db: DbOrTx = this.db): Promise<UserRow | undefined> {
    return this.store.findById(db, id)
  }

  setPasswordHash(id: string, passwordHash: string, db: DbOrTx = this.db): Promise<void> {
    return this.store.setPasswordHash(db, id, passwordHash, this.clock.now())
  }

  /** The player proved `email` is theirs: it becomes (or stays) the account's, confirmed. */
  async confirmEmail(id: string, email: string, db: DbOrTx = this.db): Promise<void> {
    try {
      await this.store.setEmail(db, id, email, this.clock.now())
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken()
      throw err
    }
  }

  /** Compare-and-set on the onboarding status, so concurrent events move it only once. */
  transitionOnboarding(
    id: string,
    from: OnboardingStatus[],
    to: OnboardingStatus,
    db: DbOrTx = this.db,
  ): Promise<boolean> {
    return this.store.transitionOnboarding(db, id, from, to, this.clock.now())
  }

  setPaymentStatus(id: string, status: PaymentStatus, db: DbOrTx = this.db): Promise<void> {
    return this.store.setPaymentStatus(db, id, status, this.clock.now())
  }

  /** The payment status becomes `to` only if it is `from` now (a player invited off the list). */
  transitionPaymentStatus(
    id: string,
    from: PaymentStatus,
    to: PaymentStatus,
    db: DbOrTx = this.db,
  ): Promise<void> {
    return this.store.transitionPaymentStatus(db, id, from, to)
  }

  /** An operator's change; the caller checks who may make it and audits it. */
  setRole(id: string, role: Role, db: DbOrTx = this.db): Promise<void> {
    return this.store.setRole(db, id, role, this.clock.now())
  }

  /** A page of the players who finished onboarding (the ones the team writes to unprompted). */
  completedPlayers(afterId: string | null, limit: number): Promise<string[]> {
    return this.store.completedIds(this.db, afterId, limit)
  }

  async getStatus(id: string): Promise<UserStatusResponse> {
    const row = await this.store.findWithProfile(this.db, id)
    if (!row) throw notFound('Usuário não encontrado.')
    return toStatus(row.user, row.profile)
  }

  async updateProfile(id: string, body: ProfileUpdateBody): Promise<UserStatusResponse> {
    const { name, ...rest } = body
    const patch: ProfilePatch = {}
    const assign = <K extends keyof ProfilePatch>(key: K, value: ProfilePatch[K] | undefined) => {
      if (value !== undefined) patch[key] = value
    }
    assign('selectedPlanName', rest.selected_plan_name)
    assign('taxId', rest.tax_id)
    assign('addressStreet', rest.address_street)
    assign('addressNumber', rest.address_number)
    assign('addressComplement', rest.address_complement)
    assign('addressNeighborhood', rest.address_neighborhood)
    assign('addressCity', rest.address_city)
    assign('addressRegionCode', rest.address_region_code)
    assign('addressPostalCode', rest.address_postal_code)
    assign('category', rest.category)
    assign('heightCm', rest.height_cm)
    assign('dominantHand', rest.dominant_hand)
    assign('gender', rest.gender)
    assign('goal', rest.goal)
    assign('goalFocus', rest.goal_focus)
    assign('trainingPerWeek', rest.training_per_week)
    assign('ageGroup', rest.age_group)
    // The billing form sends the payer's full name with the CPF and address: it is kept for
    // billing and names the player only when they never chose a name.
    const billing = BILLING_KEYS.some((k) => rest[k] !== undefined)
    if (billing && name !== undefined) patch.billingName = name
    const now = this.clock.now()
    await this.db.transaction(async (tx) => {
      const user = await this.store.findById(tx, id)
      if (!user) throw notFound('Usuário não encontrado.')
      const chosen = user.name?.trim()
      if (name !== undefined && (!billing || !chosen)) await this.store.setName(tx, id, name, now)
      if (Object.keys(patch).length > 0) await this.store.upsertProfile(tx, id, patch, now)
    })
    return this.getStatus(id)
  }
}

export const emailTaken = () =>
  new AppError(409, 'Este e-mail já está cadastrado.', { code: 'email_taken' })
