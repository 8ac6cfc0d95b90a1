import type { Plan, UpgradeQuote } from '@areia/contracts/billing'

// The billing tests' shared catalogue: the three plans as the server lists them, without the
// feature lines (a test that shows them adds its own).

export const FREE_PLAN: Plan = {
  id: 1,
  slug: 'free',
  name: 'Free Trial',
  price_monthly: 0,
  price_annually: 0,
  features: [],
  trial_days: 7,
  available: true,
}

export const PRO_PLAN: Plan = {
  id: 2,
  slug: 'standard',
  name: 'Pro',
  price_monthly: 59.9,
  price_annually: 599,
  features: [],
  trial_days: null,
  available: true,
}

export const ULTRA_PLAN: Plan = {
  id: 3,
  slug: 'ultra',
  name: 'Ultra',
  price_monthly: 119.9,
  price_annually: 1199,
  features: [],
  trial_days: null,
  available: true,
}

export const PLANS: Plan[] = [FREE_PLAN, PRO_PLAN, ULTRA_PLAN]

/** Moving from Pro up to Ultra mid-period: the unused part of Pro credited. */
export const ULTRA_UPGRADE_QUOTE: UpgradeQuote = {
  plan: { id: 3, name: 'Ultra' },
  billing_cycle: 'MONTHLY',
  price: 119.9,
  credit: 40.12,
  amount: 79.78,
}
