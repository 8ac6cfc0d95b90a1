import type { AgentsResponse, PartnerAgent } from '@areia/contracts/agents'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { PlansModalContext } from '../../lib/plans-modal'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, mockServer } from '../../test/helpers'
import { renderRoutes } from '../../test/render-with-providers'
import { AgentsPage } from './agents-page'
import { allowanceText, answerBlocks, shouldOfferPlans } from './agents-rules'

const agent = (slug: string, name: string, added = false): PartnerAgent => ({
  slug,
  name,
  avatar: '🥗',
  category: 'NUTRICAO',
  category_label: 'Nutrição',
  description: `${name} cuida da sua alimentação.`,
  sample: { question: 'O que comer?', answer: 'Carboidrato **antes**.' },
  added,
})

describe('agents rules', () => {
  it('states the allowance from the plan data and when to offer plans', () => {
    expect(allowanceText({ plan_name: 'Free Trial', limit: 0, used: 0 })).toBe(
      'O plano Free Trial não inclui agentes parceiros na conversa.',
    )
    expect(allowanceText({ plan_name: 'Pro', limit: 1, used: 1 })).toBe(
      'Plano Pro: 1 de 1 agente parceiro na conversa.',
    )
    expect(allowanceText({ plan_name: 'Ultra', limit: 3, used: 2 })).toBe(
      'Plano Ultra: 2 de 3 agentes parceiros na conversa.',
    )
    expect(shouldOfferPlans({ plan_name: 'Ultra', limit: 3, used: 2 })).toBe(false)
    expect(shouldOfferPlans({ plan_name: 'Pro', limit: 1, used: 1 })).toBe(true)
  })

  it('turns markdown into blocks without HTML', () => {
    expect(answerBlocks('Oi **você**\n\n- um\n- <b>dois</b>')).toEqual([
      {
        kind: 'p',
        parts: [
          { text: 'Oi ', bold: false },
          { text: 'você', bold: true },
        ],
      },
      {
        kind: 'ul',
        items: [[{ text: 'um', bold: false }], [{ text: '<b>dois</b>', bold: false }]],
      },
    ])
  })
})

describe('AgentsPage', () => {
  beforeEach(() => saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' }))

  it('adds a partner, shows the plan limit on a second one and offers the plans', async () => {
    const user = userEvent.setup()
    let plansOpened = 0
    let state: AgentsResponse = {
      agents: [agent('cora-nutricao', 'Cora'), agent('tito-regras', 'Tito')],
      allowance: { plan_name: 'Pro', limit: 1, used: 0 },
    }
    const server = mockServer({
      'GET /api/v1/agents': () => jsonResponse(state),
      'POST /api/v1/agents/conversation': async (request) => {
        const { slug } = (await request.json()) as { slug: string }
        if (state.allowance.used >= 1)
          return jsonResponse(
            {
              detail:
                'O plano Pro permite 1 agente parceiro na conversa. Remova um para adicionar outro ou mude de plano.',
            },
            403,
          )
        state = {
          agents: state.agents.map((a) => (a.slug === slug ? { ...a, added: true } : a)),
          allowance: { ...state.allowance, used: 1 },
        }
        return jsonResponse(state)
      },
    })
    renderRoutes(
      [
        {
          path: '/agentes',
          element: (
            <PlansModalContext.Provider value={() => (plansOpened += 1)}>
              <AgentsPage />
            </PlansModalContext.Provider>
          ),
        },
      ],
      '/agentes',
    )
    expect(await screen.findByText('Plano Pro: 0 de 1 agente parceiro na conversa.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Adicionar Cora' }))
    expect(await screen.findByText('Plano Pro: 1 de 1 agente parceiro na conversa.')).toBeVisible()
    expect(screen.getByText('Na conversa')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Adicionar Tito' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('O plano Pro permite 1 agente parceiro na conversa.')
    await user.click(within(alert).getByRole('button', { name: 'Ver planos' }))
    expect(plansOpened).toBe(1)
    expect(server.count('POST /api/v1/agents/conversation')).toBe(2)
  })

  it('searches and filters through the server', async () => {
    const user = userEvent.setup()
    const seen: string[] = []
    mockServer({
      'GET /api/v1/agents': (request) => {
        seen.push(new URL(request.url).search)
        return jsonResponse({
          agents: [agent('cora-nutricao', 'Cora')],
          allowance: { plan_name: 'Free Trial', limit: 0, used: 0 },
        })
      },
    })
    renderRoutes([{ path: '/agentes', element: <AgentsPage /> }], '/agentes')
    expect(
      await screen.findByText('O plano Free Trial não inclui agentes parceiros na conversa.'),
    ).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Nutrição' }))
    expect(screen.getByRole('button', { name: 'Nutrição' })).toHaveAttribute('aria-pressed', 'true')
    await user.type(screen.getByLabelText('Buscar agentes'), 'agua')
    await waitFor(() => expect(seen).toContain('?q=agua&category=NUTRICAO'))
  })
})
