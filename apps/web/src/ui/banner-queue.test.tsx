import { act, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { BannerQueue, useBannerTurn } from './banner-queue'

function Offer({ name, initially = true }: { name: string; initially?: boolean }) {
  const [wants, setWants] = useState(initially)
  const shown = useBannerTurn(name, wants)
  return shown ? (
    <p>
      <span>aviso {name}</span> <button onClick={() => setWants(false)}>fechar {name}</button>
    </p>
  ) : null
}

describe('BannerQueue', () => {
  it('shows one banner at a time, the first in order, and the next once it is dismissed', async () => {
    render(
      <BannerQueue order={['email', 'push', 'install']}>
        <Offer name="install" />
        <Offer name="push" />
        <Offer name="email" />
      </BannerQueue>,
    )
    expect(await screen.findByText('aviso email')).toBeVisible()
    expect(screen.queryByText('aviso push')).toBeNull()
    expect(screen.queryByText('aviso install')).toBeNull()
    act(() => screen.getByRole('button', { name: 'fechar email' }).click())
    expect(await screen.findByText('aviso push')).toBeVisible()
    expect(screen.queryByText('aviso install')).toBeNull()
    act(() => screen.getByRole('button', { name: 'fechar push' }).click())
    expect(await screen.findByText('aviso install')).toBeVisible()
  })
})
