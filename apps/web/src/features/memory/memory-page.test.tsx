import type { MemoryResponse } from '@areia/contracts/agents'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { saveTokens } from '../../lib/session-storage'
import { jsonResponse, jwtExpiringIn, mockServer } from '../../test/helpers'
import { renderRoutes } from '../../test/render-with-providers'
import { CLEAR_CONFIRM, MemoryPage } from './memory-page'
import { profilePatch, toForm } from './memory-rules'

const PROFILE: MemoryResponse['profile'] = {
  name: 'Joana',
  category: 'C',
  height_cm: 168,
  dominant_hand: 'LEFT',
  gender: 'FEMALE',
  goal: 'Subir para a B',
  training_per_week: 3,
  age_group: null,
}

describe('memory rules', () => {
  it('sends only what changed, an emptied field as null', () => {
    const form = { ...toForm(PROFILE), category: 'A', goal: '  ', height_cm: '170' }
    expect(profilePatch(PROFILE, form)).toEqual({ category: 'A', goal: null, height_cm: 170 })
    expect(profilePatch(PROFILE, toForm(PROFILE))).toEqual({})
  })
})

describe('MemoryPage', () => {
  beforeEach(() => saveTokens({ access_token: jwtExpiringIn(600), refresh_token: 'r1' }))

  it('edits the profile, edits and deletes a fact, and clears the conversation after confirming', async () => {
    const user = userEvent.setup()
    let memory: MemoryResponse = {
      profile: PROFILE,
      facts: [
        {
          id: 4,
          kind: 'LESAO',
          text: 'Dor no ombro depois dos jogos.',
          sentence: 'meu ombro ta doendo depois dos jogos',
          source: 'CHAT',
          created_at: '2026-01-01T10:00:00.000Z',
          updated_at: '2026-01-01T10:00:00.000Z',
        },
      ],
    }
    const bodies: unknown[] = []
    const server = mockServer({
      'GET /api/v1/memory': () => jsonResponse(memory),
      'PATCH /api/v1/memory/profile': async (request) => {
        const body = (await request.json()) as Partial<MemoryResponse['profile']>
        bodies.push(body)
        memory = { ...memory, profile: { ...memory.profile, ...body } }
        return jsonResponse(memory)
      },
      'PATCH /api/v1/memory/facts/4': async (request) => {
        const { text } = (await request.json()) as { text: string }
        const fact = { ...memory.facts[0]!, text, source: 'PLAYER' as const, updated_at: 'x' }
        memory = { ...memory, facts: [fact] }
        return jsonResponse(fact)
      },
      'DELETE /api/v1/memory/facts/4': () => {
        memory = { ...memory, facts: [] }
        return new Response(null, { status: 204 })
      },
      'DELETE /api/v1/memory/conversation': () => new Response(null, { status: 204 }),
    })
    renderRoutes([{ path: '/memoria', element: <MemoryPage /> }], '/memoria')
    const category = await screen.findByLabelText('Categoria')
    expect(screen.getByRole('button', { name: 'Salvar perfil' })).toBeDisabled()
    await user.selectOptions(category, 'A')
    await user.click(screen.getByRole('button', { name: 'Salvar perfil' }))
    expect(
      await screen.findByText('Perfil atualizado. A equipe já usa a versão nova.'),
    ).toBeVisible()
    expect(bodies).toEqual([{ category: 'A' }])

    const facts = screen.getByRole('list', { name: 'Lembranças' })
    const injuries = within(facts).getByRole('list', { name: 'Dores e lesões' })
    expect(within(injuries).getByText('Dor no ombro depois dos jogos.')).toBeVisible()
    expect(within(injuries).getByText(/Você disse:/)).toHaveTextContent(
      'Você disse: meu ombro ta doendo depois dos jogos',
    )
    await user.click(within(facts).getByRole('button', { name: /^Editar/ }))
    const input = within(facts).getByLabelText('Editar lembrança')
    await user.clear(input)
    await user.type(input, 'Dor no ombro já passou')
    await user.click(within(facts).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Dor no ombro já passou')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Esquecer: Dor no ombro já passou' }))
    expect(await screen.findByText(/Nada anotado ainda/)).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Limpar conversa' }))
    const dialog = screen.getByRole('alertdialog')
    expect(dialog).toHaveTextContent(CLEAR_CONFIRM)
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }))
    expect(server.count('DELETE /api/v1/memory/conversation')).toBe(0)
    await user.click(screen.getByRole('button', { name: 'Limpar conversa' }))
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Limpar conversa' }),
    )
    expect(
      await screen.findByText('Conversa apagada. Seus coaches continuam com você.'),
    ).toBeVisible()
    expect(server.count('DELETE /api/v1/memory/conversation')).toBe(1)
  }, 20_000)
})
