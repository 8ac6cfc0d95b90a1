import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { Locator } from 'playwright-core'
import { expect } from 'vitest'
import { SEEDED_PASSWORD, uniqueEmail } from './accounts'
import { startServer, type RunningServer } from './server'
import type { UserSession } from './user-session'

const WAIT = { timeout: 20_000 }

/** PagBank's sandbox test cards, which the embedded simulator approves or declines the same way. */
export const TEST_CARDS = {
  approved: '4539 6206 5992 2097',
  declined: '4929 2918 9838 0766',
} as const

/** Intl writes "R$" with a no-break space; the journeys compare plain text. */
export const plainText = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The plans modal, the checkout and "Meu Plano" as a player uses them. */
export class BillingScreens {
  constructor(readonly session: UserSession) {}

  get page() {
    return this.session.page
  }

  plans(): Locator {
    return this.page.getByRole('dialog', { name: 'Escolha um plano' })
  }

  async openPlansFromSidebar() {
    await this.session.openSidebar()
    await this.session.sidebar().getByRole('button', { name: 'Seja Pro' }).click()
    await this.plans().waitFor(WAIT)
  }

  planCard(name: string): Locator {
    return this.plans().getByRole('listitem', { name, exact: true })
  }

  async planPrice(name: string): Promise<string> {
    // textContent keeps the screen-reader words ("De … por …") that say which price is which.
    return plainText((await this.planCard(name).locator('.plan__price').textContent()) ?? '')
  }

  async chooseCycle(label: 'Mensal' | 'Anual') {
    await this.plans().getByRole('button', { name: label, exact: true }).click()
  }

  /** Types the code (the field upper-cases it), applies it and returns the message shown. */
  async applyCoupon(code: string, expected: string) {
    const field = this.plans().getByLabel('Cupom de desconto')
    await field.fill(code)
    await this.plans().getByRole('button', { name: 'Aplicar', exact: true }).click()
    const message = this.plans().locator('#coupon-message')
    await message.filter({ hasText: expected }).waitFor(WAIT)
    expect(await message.innerText()).toBe(expected)
  }

  async choosePlan(name: string, action: string) {
    await this.planCard(name).getByRole('button', { name: action, exact: true }).click()
  }

  async expectCheckout(planLine: string) {
    await this.session.expectPath('/pagamento')
    await this.session.expectHeading('Finalize sua Assinatura')
    await this.session.expectText(planLine)
  }

  /** Fills the card form; the billing fields not given keep what the profile prefilled. */
  async fillCardForm(card: string, billing: Partial<Record<string, string>> = {}) {
    const values: Record<string, string> = {
      // First, so the UF and city it fills in are then set as the journey wants them.
      CEP: '22021001',
      'Nome completo': 'Ana Souza',
      CPF: '529.982.247-25',
      Rua: 'Avenida Atlântica',
      Número: '1702',
      'Bairro (opcional)': 'Copacabana',
      Cidade: 'Rio de Janeiro',
      UF: 'RJ',
      ...billing,
      'Número do cartão': card,
      'Nome impresso no cartão': 'ANA SOUZA',
      Mês: '12',
      Ano: '2030',
      CVV: '123',
    }
    for (const [label, value] of Object.entries(values)) {
      await this.session.field(label).fill(value)
    }
  }

  async expectMyPlanRow(label: string, value: string | RegExp) {
    const row = this.page.locator('.my-plan__row', {
      has: this.page.getByText(label, { exact: true }),
    })
    await row.getByText(value).waitFor(WAIT)
  }
}

export type WaitlistServer = { url: string; email: string; stop: () => Promise<void> }

/**
 * A server selling through the waiting list only (`SALES_MODE=waitlist`), with one player whose
 * onboarding is done: signed up through the API, then marked onboarded with the server stopped
 * (PGlite has a single writer), then served again.
 */
export async function startWaitlistServer(): Promise<WaitlistServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'areia-e2e-waitlist-'))
  const env = { SALES_MODE: 'waitlist' }
  const email = uniqueEmail('lista-de-espera')
  let server: RunningServer | undefined
  try {
    const seeding = await startServer(dataDir, { env })
    try {
      const response = await fetch(`${seeding.url}/api/v1/auth/register/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: SEEDED_PASSWORD }),
      })
      if (response.status !== 201) throw new Error(`register answered ${response.status}`)
    } finally {
      await seeding.stop()
    }
    const db = await PGlite.create(path.join(dataDir, 'pgdata'))
    try {
      await db.query(`UPDATE users SET onboarding_status = 'COMPLETED' WHERE email = $1`, [email])
    } finally {
      await db.close()
    }
    server = await startServer(dataDir, { env })
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  const running = server
  return {
    url: running.url,
    email,
    stop: async () => {
      await running.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
