import type { AnalystVideo } from '@areia/contracts/analysis'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { analystVideo } from './analyst-fixtures'
import { IdentityPanel } from './identity-panel'

const tapped = (nearest: number | null): AnalystVideo =>
  analystVideo({
    player_answer: null,
    player_pick: {
      number: 3,
      at_sec: 6,
      box: { x: 0.5, y: 0.3, w: 0.05, h: 0.2 },
      nearest_track_id: nearest,
    },
  })

describe('who the customer is', () => {
  it('preselects the tracked player nearest the person tapped, once the tracks tell it', () => {
    const client = new QueryClient()
    const panel = (video: AnalystVideo) => (
      <QueryClientProvider client={client}>
        <IdentityPanel video={video} currentTime={0} />
      </QueryClientProvider>
    )
    // Opened while the analysis ran: nothing to propose yet.
    const { rerender } = render(panel(tapped(null)))
    expect(screen.getByLabelText('Jogador rastreado')).toHaveValue('')
    rerender(panel(tapped(4)))
    expect(screen.getByText(/Mais próxima: J4\./)).toBeInTheDocument()
    expect(screen.getByLabelText('Jogador rastreado')).toHaveValue('4')
  })
})
