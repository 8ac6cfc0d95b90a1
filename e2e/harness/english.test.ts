import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from './browser'
import { englishOnPage, findEnglish } from './english'

describe('findEnglish', () => {
  it('finds an English UI word, whatever its case, as a whole word only', () => {
    expect(findEnglish(['Loading…'])).toEqual(['"Loading" in "Loading…"'])
    expect(findEnglish(['tap to retry'])).toEqual(['"Retry" in "tap to retry"'])
    expect(findEnglish(['Sign   in'])).toHaveLength(1)
    // Portuguese words that merely start like an English one are not English.
    expect(findEnglish(['Cancelar Envio', 'Erro ao salvar', 'Salvar', 'Próximo'])).toEqual([])
  })

  it('finds values printed raw, with their exact case', () => {
    expect(findEnglish(['Olá, undefined'])).toEqual(['"undefined" in "Olá, undefined"'])
    expect(findEnglish(['R$ NaN'])).toHaveLength(1)
    expect(findEnglish(['Plano: [object Object]'])).toHaveLength(1)
    expect(findEnglish(['Anulado', 'nulla'])).toEqual([])
  })

  it('lets the product names the specification fixes in English pass, and nothing beside them', () => {
    expect(findEnglish(['Plano atual: Free Trial', 'Agent Store', 'AGENT STORE'])).toEqual([])
    expect(findEnglish(['Free Trial · Free'])).toEqual(['"Free" in "Free Trial · Free"'])
  })
})

describe('englishOnPage', () => {
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    browser = await launchBrowser()
    page = await browser.newPage()
  })
  afterAll(async () => {
    await browser.close()
  })

  it('fails a page that says "Loading…"', async () => {
    await page.setContent('<main><p>Loading…</p></main>')
    expect(await englishOnPage(page)).toEqual(['"Loading" in "Loading…"'])
  })

  it('reads labels, placeholders and titles of shown elements, not of hidden ones', async () => {
    await page.setContent(`<main>
      <button aria-label="Close">×</button>
      <input placeholder="Search">
      <span title="Settings">⚙</span>
      <div hidden><button aria-label="Delete">x</button></div>
      <p style="display:none">Welcome</p>
    </main>`)
    expect(await englishOnPage(page)).toEqual([
      '"Close" in "Close"',
      '"Search" in "Search"',
      '"Settings" in "Settings"',
    ])
  })

  it('passes a page in pt-BR only', async () => {
    await page.setContent(`<title>Areia</title><main>
      <h1>Entrar</h1><label>E-mail <input placeholder="voce@exemplo.com"></label>
      <button aria-label="Fechar">×</button><p class="sr-only">Carregando...</p>
    </main>`)
    expect(await englishOnPage(page)).toEqual([])
  })

  it('leaves out codes marked translate="no", and only them', async () => {
    await page.setContent('<main><h2>Free Trial <code translate="no">free</code></h2></main>')
    expect(await englishOnPage(page)).toEqual([])
    await page.setContent(
      '<main><h2>Free Trial <code translate="no">free</code></h2><p>Plano free</p></main>',
    )
    expect(await englishOnPage(page)).toEqual(['"Free" in "Plano free"'])
    await page.setContent('<main><h2>Free Trial <code>free</code></h2></main>')
    expect(await englishOnPage(page)).toEqual(['"Free" in "Free Trial free"'])
  })

  it('passes "Free Trial", a plan name fixed in English', async () => {
    await page.setContent('<main><h2>Free Trial</h2><p>Plano gratuito</p></main>')
    expect(await englishOnPage(page)).toEqual([])
  })
})
