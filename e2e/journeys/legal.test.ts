import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from '../harness/browser'
import { UserSession } from '../harness/user-session'

const baseURL = inject('baseURL')
let browser: Browser
let session: UserSession

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})
afterEach(async () => {
  await session.close()
})

const documents = [
  {
    link: 'Termos de Uso',
    path: '/terms',
    clauses: [
      /13 \(treze\) anos/,
      /menos de 18 \(dezoito\) anos.*permissão/,
      /cobrança recorrente/,
      /renovação automática/,
      /produz efeito ao fim do período já pago/,
      /Não há reembolso de períodos parciais/,
      /art\. 49 do Código de Defesa do Consumidor/,
      /treinar e aprimorar os modelos de IA/,
      /Uso aceitável/,
      /não substituem/,
      /R\$ 100,00 \(cem reais\) e o total que você nos pagou nos 12 \(doze\) meses/,
      /leis da República Federativa do Brasil/,
      /\[CIDADE DO FORO\]/,
    ],
  },
  {
    link: 'Política de Privacidade',
    path: '/privacy',
    clauses: [
      /Lei nº 13\.709\/2018/,
      /Não armazenamos os dados do seu cartão de crédito/,
      /portabilidade/,
      /Como exercer seus direitos/,
      /\[E-MAIL DE PRIVACIDADE\]/,
      /\[NOME DA EMPRESA\]/,
    ],
  },
] as const

describe('legal pages', () => {
  for (const doc of documents) {
    it(`${doc.link} opens in a new tab from the login checkbox and links back to /login`, async () => {
      session = await UserSession.open(browser, baseURL)
      await session.goto('/login')
      const [tab] = await Promise.all([
        session.context.waitForEvent('page'),
        session.page.getByRole('link', { name: doc.link, exact: true }).click(),
      ])
      await tab.waitForURL((url) => url.pathname === doc.path)
      // The login tab stays where it was.
      expect(session.path()).toBe('/login')

      session.page = tab
      await session.expectHeading(doc.link)
      await session.expectText('Última atualização: 3 de setembro de 2025')
      const text = await tab.locator('article').innerText()
      for (const clause of doc.clauses) expect(text).toMatch(clause)

      await tab.getByRole('link', { name: 'Voltar para o login' }).first().click()
      await session.expectPath('/login')
      await session.expectHeading('Entrar')
    })
  }
})
