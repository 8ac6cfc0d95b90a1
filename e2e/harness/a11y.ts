import { createRequire } from 'node:module'
import fs from 'node:fs'
import type { Page } from 'playwright-core'

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const axeSource = fs.readFileSync(axePath, 'utf8')

export type Violation = { id: string; impact: string | null; help: string; targets: string[] }

type AxeWindow = Window & {
  axe?: {
    run: (
      context: Document,
      options: object,
    ) => Promise<{
      violations: {
        id: string
        impact?: string | null
        help: string
        nodes: { target: unknown[] }[]
      }[]
      passes: unknown[]
    }>
  }
}

/**
 * Every axe violation of the page as it is now, whatever its impact: a "minor" one still leaves
 * someone unable to use the screen. The source goes in through the DevTools protocol
 * (page.evaluate), which the app's CSP does not govern, so no inline script and no CSP bypass
 * are needed.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as AxeWindow).axe
    if (!axe) throw new Error('axe-core did not load')
    const result = await axe.run(document, { resultTypes: ['violations'] })
    // A run that checked nothing (empty page, axe not wired) must not pass as "no violations".
    if (result.passes.length === 0) throw new Error('axe-core checked no rule on this page')
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }))
  })
}
